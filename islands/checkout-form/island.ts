/** The checkout form island (`/checkout`, a personal `private, no-store` page). */
import { defineIsland } from '../define'
import { type CheckoutFormProps, CheckoutFormView } from './view'

export default defineIsland({
  name: 'checkout-form',
  View: CheckoutFormView,
  hydrate: 'interaction',
  formatters: {} as Record<string, (value: unknown) => CheckoutFormProps | null>,
})
