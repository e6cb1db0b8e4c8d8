/**
 * The variant picker island: `{@|product-checkout}` on a product page prints the checkout block
 * (variants select, quantity input, add-to-cart button) as this island. Its server HTML is the
 * plain formatter's DOM (tests/worker/variant-picker.test.ts) and works without script: native
 * dropdowns and radio buttons. React arrives on the shopper's first pointer, key, focus or
 * change inside it, and takes the choices made until then from the DOM (runtime/replay.ts).
 */
import { defineIsland } from '../define'
import { variantPickerProps } from './server'
import { VariantPickerView } from './view'

export default defineIsland({
  name: 'variant-picker',
  View: VariantPickerView,
  hydrate: 'interaction',
  formatters: { 'product-checkout': (item, _args, scope) => variantPickerProps(item, scope) },
  // The variants are printed once, in the checkout block's `data-variants` (client.tsx reads them back).
  markerProps: ({ select, ...props }) => {
    if (select === null) return { ...props, select }
    const { variantsJson: _printed, ...rest } = select
    return { ...props, select: rest }
  },
})
