/**
 * The layout of the personal commerce pages (checkout, order, lookup, single purchase, refusals),
 * part of the shared stylesheet (shared-css.ts): built into a static file, not the worker.
 */
export const COMMERCE_PAGE_CSS = `
.checkout-layout{display:grid;gap:2rem}
@media (min-width:992px){.checkout-layout{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
.order-lines{list-style:none;margin:0;padding:0}
.order-line{display:flex;flex-wrap:wrap;gap:.25rem 1rem;justify-content:space-between;padding:.5rem 0;border-bottom:1px solid #e4e1da}
.order-line-title{flex:1 1 12rem}
.checkout-total{display:flex;justify-content:space-between;font-weight:700;font-size:1.1rem}
.order-facts dt{font-weight:600}.order-facts dd{margin:0 0 .5rem}
.gift-card-code code{font-size:1.25rem;letter-spacing:.1em}
.single-purchase-item{display:flex;flex-wrap:wrap;gap:1.5rem}
.single-purchase-checkout{display:inline-flex;align-items:center;min-height:3rem;padding:0 2.5rem;border-radius:var(--r-btn,4px);background:var(--c-accent,#1d1d1b);color:var(--c-on-accent,#fff);text-decoration:none;font-weight:600}
`
