/**
 * `{@|installment-teaser}` on a product: the installment teaser island (the pill under the
 * price, hydrated when it scrolls into view, since it only needs to answer a click), or
 * nothing for a product that gets no teaser (see `islands/installment-teaser/server.ts`).
 */
import { INSTALLMENT_TEASER_ISLAND } from '../../islands/installment-teaser/rules'
import { installmentTeaserProps } from '../../islands/installment-teaser/server'
import { InstallmentTeaserView } from '../../islands/installment-teaser/view'
import { defineFormatter, MISSING } from '../../templates/index'
import { islandMarkup } from './island-markup'

export const installmentTeaserFormatter = defineFormatter({
  apply(value, _args, scope) {
    const props = installmentTeaserProps(
      value,
      scope.resolveOuter(['website']),
      scope.resolveOuter(['websiteSettings', 'storeSettings']),
    )
    if (props === null) return MISSING
    return islandMarkup(INSTALLMENT_TEASER_ISLAND, InstallmentTeaserView, props, 'visible')
  },
})
