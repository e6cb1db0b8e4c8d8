/**
 * The store's installment offer for the cart and checkout, with the product page's teaser rules
 * (islands/installment-teaser): only on a site with the installment payments feature flag (64),
 * only in US, CA, AU and NZ, and (storefront.md section 5) only when every cart item is physical
 * (the caller checks the entries).
 */

import type { TeaserOffer } from '../../islands/index'
import { installmentLocale } from '../../islands/index'
import type { Site } from '../catalogue/records'
import { installmentsShown } from '../providers/installment-terms'

export function installmentOfferOf(site: Site): TeaserOffer | null {
  const settings = site.storeSettings?.installments
  if (settings === undefined || !installmentsShown(site)) return null
  if (installmentLocale(settings.stripeAccountCountry, site.website.language) === null) return null
  return {
    provider: settings.provider,
    count: settings.count,
    min: settings.afterPayMin,
    max: settings.afterPayMax,
    currency: site.storeSettings?.selectedCurrency ?? 'USD',
  }
}
