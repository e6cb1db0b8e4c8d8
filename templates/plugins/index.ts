/**
 * The domain plugins storefront pages use (commerce, money, dates, i18n, content, social), in
 * one list: the worker's engine, the conformance adapter and the benchmark all take it, so
 * what the conformance run measures is what shoppers get. Each domain is one file.
 */
import type { Plugin } from '../registry'
import { commercePricePlugin } from './commerce/price'
import { commerceWidgetsPlugin } from './commerce/widgets'
import { contentFormatters } from './content/formatters'
import { contentPredicates } from './content/predicates'
import { datesPlugin } from './dates/formatters'
import { i18nPlugin } from './i18n/formatters'
import { moneyPlugin } from './money/formatters'
import { socialPlugin } from './social/formatters'

export const domainPlugins: readonly Plugin[] = [
  commerceWidgetsPlugin,
  commercePricePlugin,
  moneyPlugin,
  contentFormatters,
  contentPredicates,
  socialPlugin,
  datesPlugin,
  i18nPlugin,
]
