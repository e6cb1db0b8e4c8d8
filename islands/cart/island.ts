/**
 * The cart page island (`/cart`, worker/routes/commerce-pages.tsx renders it with the visitor's
 * cart, a personal `private, no-store` page). Its server HTML is a set of plain forms that post
 * to the worker; React arrives on the shopper's first interaction with it.
 */
import { defineIsland } from '../define'
import { CartPageView, type CartProps } from './view'

export default defineIsland({
  name: 'cart',
  View: CartPageView,
  hydrate: 'interaction',
  formatters: {} as Record<string, (value: unknown) => CartProps | null>,
})
