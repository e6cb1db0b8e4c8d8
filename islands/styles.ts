/**
 * Every island's CSS, in the registry's order (islands/registry.ts), one line each: part of the
 * theme's shared stylesheet (worker/render/shared-css.ts), which the build writes as a static
 * file (scripts/build-islands.ts). The worker never imports this list, so no island's CSS is a
 * string of the worker bundle; tests/worker/islands.test.ts checks every island folder with a
 * `styles.ts` is here.
 */
import { CART_CSS } from './cart/styles'
import { CHECKOUT_FORM_CSS } from './checkout-form/styles'
import { COMMENTS_CSS } from './comments/styles'
import { GALLERY_CSS } from './gallery/styles'
import type { IslandName } from './index'
import { INSTALLMENT_TEASER_CSS } from './installment-teaser/styles'
import { LIKE_BUTTON_CSS } from './like-button/styles'
import { MEMBER_ACCOUNT_CSS } from './member-account/styles'
import { PRODUCT_REVIEWS_CSS } from './product-reviews/styles'
import { PUBLIC_FORM_CSS } from './public-form/styles'
import { QUICK_VIEW_CSS } from './quick-view/styles'
import { RESTOCK_NOTIFICATION_CSS } from './restock-notification/styles'
import { VARIANT_PICKER_CSS } from './variant-picker/styles'

export const ISLAND_CSS: Readonly<Record<IslandName, string>> = {
  cart: CART_CSS,
  'checkout-form': CHECKOUT_FORM_CSS,
  comments: COMMENTS_CSS,
  gallery: GALLERY_CSS,
  'installment-teaser': INSTALLMENT_TEASER_CSS,
  'like-button': LIKE_BUTTON_CSS,
  'member-account': MEMBER_ACCOUNT_CSS,
  'product-reviews': PRODUCT_REVIEWS_CSS,
  'public-form': PUBLIC_FORM_CSS,
  'restock-notification': RESTOCK_NOTIFICATION_CSS,
  'variant-picker': VARIANT_PICKER_CSS,
}

/** The CSS of the plain scripts that are not islands: Quick View's button and dialog (quick-view/). */
export const SCRIPT_CSS = QUICK_VIEW_CSS
