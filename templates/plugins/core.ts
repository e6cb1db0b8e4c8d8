/** The plugins every engine has. Domain plugins (commerce, money, dates, ...) are added per engine. */
import type { Plugin } from '../registry'
import { coreFormatters } from './formatters.core'
import { corePredicates } from './predicates.core'

export const corePlugins: readonly Plugin[] = [coreFormatters, corePredicates]
