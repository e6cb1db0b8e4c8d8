/**
 * The installment teaser island: `{@|installment-teaser}` on a product prints the pill under the
 * price, or nothing for a product that gets no teaser (server.ts). It waits for the shopper: a
 * click on its info button, or the variant picker announcing a variant (whose price it shows),
 * brings React; until then the pill reads the page's own price.
 */
import { ISLAND_EVENT } from '../constants'
import { defineIsland } from '../define'
import { installmentTeaserProps } from './server'
import { InstallmentTeaserView } from './view'

export default defineIsland({
  name: 'installment-teaser',
  View: InstallmentTeaserView,
  hydrate: 'interaction',
  wakeOn: [ISLAND_EVENT.variantChange],
  formatters: {
    'installment-teaser': (item, _args, scope) =>
      installmentTeaserProps(
        item,
        scope.resolveOuter(['website']),
        scope.resolveOuter(['websiteSettings', 'storeSettings']),
      ),
  },
})
