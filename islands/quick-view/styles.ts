/**
 * Quick View: the product card's button over the card's image (above the card's stretched
 * link), and the dialog: a panel centred over a dark backdrop, the gallery beside the buy box
 * from 768 px, one column below; on a phone (up to 432 px, platform.md section 9) a full-screen
 * sheet whose close button stays in reach while it scrolls. Colours and shapes are the theme's custom properties (worker/render/theme.ts).
 */
export const QUICK_VIEW_CSS = `
.product-card-quick-view{position:absolute;right:.6rem;bottom:.6rem;left:.6rem;z-index:2;display:flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.4rem .9rem;border-radius:var(--r-btn);background:var(--c-surface);color:var(--c-text);font-size:.9rem;font-weight:600;text-decoration:none;box-shadow:0 2px 10px rgb(0 0 0/.15);opacity:0;transform:translateY(.4rem);transition:opacity .15s,transform .15s}
.product-card:hover .product-card-quick-view,.product-card-quick-view:focus-visible{opacity:1;transform:none}
@media (hover:none){.product-card-quick-view{opacity:1;transform:none}}
.product-card-quick-view:hover{text-decoration:underline}
.quick-view{width:min(64rem,calc(100% - 2.5rem));max-width:none;max-height:calc(100% - 2.5rem);padding:0;border:0;border-radius:.75rem;background:var(--c-surface);color:var(--c-text);box-shadow:0 24px 48px -12px rgb(0 0 0/.35)}
.quick-view::backdrop{background:rgb(0 0 0/.6)}
.quick-view-panel{position:relative;padding:3.25rem 1.25rem 1.5rem}
.quick-view-close{position:absolute;top:.5rem;right:.5rem;z-index:3;display:inline-flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;padding:0;border:0;border-radius:50%;background:transparent;color:var(--c-text);font-size:1.75rem;line-height:1;cursor:pointer}
.quick-view-close:hover{background:var(--c-soft)}
.quick-view-status{padding:3rem 1rem;text-align:center}
.quick-view-page{margin-top:1rem}
.quick-view-product{display:grid;gap:1.25rem}
.quick-view-summary{display:flex;flex-direction:column;gap:1rem}
.quick-view-title{margin:0;font-size:clamp(1.4rem,1.2rem + .8vw,1.9rem)}
.quick-view-summary .product-price{font-size:1.2rem}
.quick-view-details{align-self:flex-start}
@media (min-width:768px){.quick-view-panel{padding:2.5rem 2rem 2rem}.quick-view-product{grid-template-columns:minmax(0,7fr) minmax(0,5fr);gap:2rem;align-items:start}}
@media (max-width:432px){.quick-view{width:100%;height:100%;max-height:none;margin:0;border-radius:0}.quick-view-panel{min-height:100%}.quick-view-close{position:fixed;background:var(--c-surface);box-shadow:0 2px 8px rgb(0 0 0/.2)}}
`
