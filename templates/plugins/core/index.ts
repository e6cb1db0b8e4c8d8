/** The plugins every engine has. Domain plugins (commerce, money, dates, ...) are added per engine. */
import type { Plugin } from '../../registry'
import { coreFormatters } from './formatters'
import { corePredicates } from './predicates'

export const corePlugins: readonly Plugin[] = [coreFormatters, corePredicates]
