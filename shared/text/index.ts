/**
 * The shopper text catalogues, one module per area, each entry with a stable name. Worker,
 * templates and islands import the texts from here; a spec sentence written as a literal
 * anywhere else in the application fails `tests/worker/text-catalogue.test.ts`.
 */
export { ACCOUNT_TEXT } from './account'
export { CART_TEXT } from './cart'
export { CATALOGUE_TYPES_TEXT } from './catalogue-types'
export { COMMENTS_TEXT } from './comments'
export { COMMERCE_TEXT } from './commerce'
export { EDITOR_TEXT } from './editing'
export { ENGINE_TEXT } from './engine'
export { fillText } from './format'
export { FORMS_TEXT } from './forms'
export { GALLERY_TEXT } from './gallery'
export { INSTALLMENTS_TEXT } from './installments'
export { LIKES_TEXT } from './likes'
export { ORDERS_TEXT } from './orders'
export { PRICING_TEXT } from './pricing'
export { QUICK_VIEW_TEXT } from './quick-view'
export { RESTOCK_TEXT } from './restock'
export { REVIEWS_TEXT } from './reviews'

export { THEME_TEXT } from './theme'
export { TRACKING_TEXT } from './tracking'

import { ACCOUNT_TEXT } from './account'
import { CART_TEXT } from './cart'
import { CATALOGUE_TYPES_TEXT } from './catalogue-types'
import { COMMERCE_OVERRIDE_KEYS, COMMERCE_TEXT } from './commerce'
import { ENGINE_TEXT } from './engine'
import { localizeCatalogue } from './format'
import { FORMS_TEXT } from './forms'
import { GALLERY_TEXT } from './gallery'
import { INSTALLMENTS_TEXT } from './installments'
import { LIKES_TEXT } from './likes'
import { ORDERS_TEXT } from './orders'
import { PRICING_TEXT } from './pricing'
import { QUICK_VIEW_TEXT } from './quick-view'
import { RESTOCK_TEXT } from './restock'
import { REVIEWS_TEXT } from './reviews'
import { SUBSCRIPTIONS_TEXT } from './subscriptions'
import { THEME_TEXT } from './theme'
import { TRACKING_TEXT } from './tracking'

/** Every catalogue by area, as templates read them (`{text.engine.notFoundTitle}`). */
export const TEXT = {
  account: ACCOUNT_TEXT,
  cart: CART_TEXT,
  catalogueTypes: CATALOGUE_TYPES_TEXT,
  commerce: COMMERCE_TEXT,
  engine: ENGINE_TEXT,
  forms: FORMS_TEXT,
  gallery: GALLERY_TEXT,
  installments: INSTALLMENTS_TEXT,
  likes: LIKES_TEXT,
  orders: ORDERS_TEXT,
  pricing: PRICING_TEXT,
  quickView: QUICK_VIEW_TEXT,
  restock: RESTOCK_TEXT,
  reviews: REVIEWS_TEXT,
  subscriptions: SUBSCRIPTIONS_TEXT,
  theme: THEME_TEXT,
  tracking: TRACKING_TEXT,
} as const

/** Every catalogue with a tenant's `localizedStrings` overrides applied. */
export function localizedText(
  localizedStrings: Readonly<Record<string, unknown>> | null | undefined,
): typeof TEXT {
  if (!localizedStrings || Object.keys(localizedStrings).length === 0) return TEXT
  return {
    account: localizeCatalogue(ACCOUNT_TEXT, localizedStrings),
    cart: localizeCatalogue(CART_TEXT, localizedStrings),
    catalogueTypes: localizeCatalogue(CATALOGUE_TYPES_TEXT, localizedStrings),
    commerce: localizeCatalogue(COMMERCE_TEXT, localizedStrings, COMMERCE_OVERRIDE_KEYS),
    engine: localizeCatalogue(ENGINE_TEXT, localizedStrings),
    forms: localizeCatalogue(FORMS_TEXT, localizedStrings),
    gallery: localizeCatalogue(GALLERY_TEXT, localizedStrings),
    installments: localizeCatalogue(INSTALLMENTS_TEXT, localizedStrings),
    likes: localizeCatalogue(LIKES_TEXT, localizedStrings),
    orders: localizeCatalogue(ORDERS_TEXT, localizedStrings),
    pricing: localizeCatalogue(PRICING_TEXT, localizedStrings),
    quickView: localizeCatalogue(QUICK_VIEW_TEXT, localizedStrings),
    restock: localizeCatalogue(RESTOCK_TEXT, localizedStrings),
    reviews: localizeCatalogue(REVIEWS_TEXT, localizedStrings),
    subscriptions: localizeCatalogue(SUBSCRIPTIONS_TEXT, localizedStrings),
    theme: localizeCatalogue(THEME_TEXT, localizedStrings),
    tracking: TRACKING_TEXT,
  }
}
