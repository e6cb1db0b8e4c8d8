/**
 * The worker's one door into `islands/`: what the server needs to print islands (the registry,
 * the marker's names and props, the views it renders beside templates) and the contracts a page
 * and the browser share. The worker imports nothing else from islands/ (biome.json enforces it).
 */

export { Amounts, type AmountsView, CouponForms } from './cart/amounts'
export { CartPageView, type CartProps } from './cart/view'
export { cartPillMarkup } from './cart-pill/markup'
export type { CheckoutFormProps } from './checkout-form/view'
export {
  CART_PILL,
  CRUMB_HEADER,
  type HydrateStrategy,
  ISLAND_ATTR,
  ISLAND_ELEMENT,
  QUICK_VIEW_ATTR,
  QUICK_VIEW_TEXT_ATTR,
  XSRF_HEADER,
} from './constants'
export type { IslandName, IslandPropsMap } from './contracts'
export { type IslandDefinition, Placement } from './define'
export {
  INSTALLMENT_MODAL_PATH,
  installmentLocale,
  type TeaserOffer,
  teaserMessage,
} from './installment-teaser/rules'
export { PAGE_ACTION_DATA_KEY, PAGE_ACTIONS, PAGE_POST_FIELD, type PageAction } from './page-action'
export { jsonForHtml, serializeProps } from './props'
export * as REGISTRY from './registry'
export { type PageCommerceFields, TRACKING_ATTR, type TrackingContext } from './tracking/contract'
