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
.order-ship-to-line{display:block}
.order-amounts{margin:1rem 0}.order-amount{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0}
.order-amount dt{font-weight:400}.order-amount dd{margin:0;text-align:end;white-space:nowrap}
.order-amount-note{display:block;font-size:.85em;opacity:.8}
.order-amount--tax-included{font-size:.9em;opacity:.85}
.order-amount--total{font-weight:700;font-size:1.1rem;border-top:1px solid #e4e1da;padding-top:.5rem}
.order-history{list-style:none;margin:0 0 1.5rem;padding:0}
.order-history-row{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;padding:.75rem 0;border-bottom:1px solid #e4e1da}
.order-history-number{grid-column:1/-1;font-family:ui-monospace,monospace;overflow-wrap:anywhere}
@media (min-width:768px){.order-history-row{grid-template-columns:minmax(0,2fr) 1fr 1fr 1fr auto}.order-history-number{grid-column:auto}}
.order-history-total{font-weight:600;text-align:end}
.order-history-pages{display:flex;gap:1.5rem;margin:1rem 0}
.order-lookup-history{margin-top:1.5rem}
.single-purchase-item{display:flex;flex-wrap:wrap;gap:1.5rem}
.single-purchase-checkout{display:inline-flex;align-items:center;min-height:3rem;padding:0 2.5rem;border-radius:var(--r-btn,4px);background:var(--c-accent,#1d1d1b);color:var(--c-on-accent,#fff);text-decoration:none;font-weight:600}
`
