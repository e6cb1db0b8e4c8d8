/**
 * The restock notification island: `{@|product-restock-notification}` on a product page prints
 * the back-in-stock sign-up form of each sold-out variant as this island (nothing for a product
 * without one). Its server HTML posts without script (routes/page-posts.ts); React arrives on
 * the shopper's first interaction with it, or when the variant picker announces a variant, and
 * sends the sign-up to the JSON API instead.
 */
import { ISLAND_EVENT } from '../constants'
import { defineIsland } from '../define'
import { restockNotificationProps } from './server'
import { RestockNotificationView } from './view'

export default defineIsland({
  name: 'restock-notification',
  View: RestockNotificationView,
  hydrate: 'interaction',
  // The picker showing a sold-out variant's form wakes it, so its captcha is there to solve.
  wakeOn: [ISLAND_EVENT.variantChange],
  formatters: {
    'product-restock-notification': (item, _args, scope) => restockNotificationProps(item, scope),
  },
  // The variants are printed once, in the form's `data-variant-ids` (client.tsx reads them back).
  markerProps: ({ variantIds: _printed, ...props }) => props,
})
