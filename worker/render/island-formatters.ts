/**
 * Formatters that print an island instead of static markup, by formatter name. Each island's
 * server side (props from the template data) lives beside its component in `islands/<name>/`;
 * this is the one list the worker's engine takes them from.
 */
import type { AnyFormatter } from '../../templates/index'
import { galleryFormatters } from './gallery-formatters'
import { installmentTeaserFormatter } from './installment-teaser-formatter'
import { variantPickerFormatter } from './variant-picker-formatter'

export const islandFormatters: Readonly<Record<string, AnyFormatter>> = {
  ...galleryFormatters,
  'installment-teaser': installmentTeaserFormatter,
  'product-checkout': variantPickerFormatter,
}
