/**
 * `{@|product-checkout}` on a product page: the checkout block (variants select, quantity
 * input, add-to-cart button) as the `variant-picker` island, hydrated on load since the
 * shopper's first act on a product page is choosing a variant. Its React view renders the
 * same DOM the plain formatter prints (tests/worker/variant-picker.test.ts), so the client
 * takes over that DOM with a clean `hydrateRoot`.
 */
import { variantPickerProps } from '../../islands/variant-picker/server'
import { VariantPickerView } from '../../islands/variant-picker/view'
import { defineFormatter } from '../../templates/index'
import { islandMarkup } from './island-markup'

export const VARIANT_PICKER_ISLAND = 'variant-picker'

export const variantPickerFormatter = defineFormatter({
  apply: (value, _args, scope) =>
    islandMarkup(VARIANT_PICKER_ISLAND, VariantPickerView, variantPickerProps(value, scope), 'load'),
})
