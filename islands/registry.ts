/**
 * Every island, one line each: the island's folder exports its definition (`island.ts`) and
 * this file names it. The worker derives each island's formatters, markers and CSS from here
 * (worker/render/islands.ts); the island build makes one module per folder with a `client.tsx`
 * (scripts/build-islands.ts), and tests/worker/islands.test.ts checks both lists agree.
 */

export { default as cart } from './cart/island'
export { default as 'checkout-form' } from './checkout-form/island'
export { default as comments } from './comments/island'
export { default as gallery } from './gallery/island'
export { default as 'installment-teaser' } from './installment-teaser/island'
export { default as 'like-button' } from './like-button/island'
export { default as 'member-account' } from './member-account/island'
export { default as 'product-reviews' } from './product-reviews/island'
export { default as 'public-form' } from './public-form/island'
export { default as 'restock-notification' } from './restock-notification/island'
export { default as 'variant-picker' } from './variant-picker/island'
