/**
 * Reviews: stars (half stars by a split fill), the list, the lightbox and the summary. Each star
 * is a fixed 1em box: the glyph comes from a fallback font, and a line box sized by two fonts'
 * metrics moved the stars by a fraction of a pixel when the page's own font arrived (CLS).
 */
export const PRODUCT_REVIEWS_CSS = `
.review-stars{display:inline-flex;gap:.1rem;font-size:1.1rem;line-height:1;color:#8a6100}
.review-stars>span{width:1em;height:1em;text-align:center}
.review-star--empty{color:#c9c4b8}
.review-star--half{background:linear-gradient(90deg,#8a6100 50%,#c9c4b8 50%);-webkit-background-clip:text;background-clip:text;color:transparent}
.product-reviews{margin:2.5rem 0;display:grid;gap:1rem}
.product-reviews-list{list-style:none;margin:0;padding:0;display:grid;gap:1.25rem}
.product-review{display:grid;gap:.4rem;padding-bottom:1.25rem;border-bottom:1px solid #e4e0d7}
.review-text{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.review-meta,.review-imported-product{margin:0;font-size:.9rem;color:#555}
.review-images{display:flex;gap:.5rem}
.review-image-button{padding:0;border:1px solid #d9d5cc;border-radius:4px;background:none;cursor:zoom-in;line-height:0}
.review-image{width:96px;height:96px;object-fit:cover;border-radius:3px}
.review-lightbox{max-width:min(90vw,48rem);padding:1rem;border:0;border-radius:.5rem}
.review-lightbox::backdrop{background:rgba(0,0,0,.75)}
.review-lightbox-image{display:block;max-width:100%;max-height:75vh;height:auto;margin:0 auto .75rem}
.review-lightbox-close,.product-reviews-more{min-height:2.75rem;padding:.6rem 1.25rem;border:1px solid #1d1d1b;border-radius:4px;background:#fff;color:#1d1d1b;font:inherit;cursor:pointer}
.product-reviews-more{justify-self:start}
.review-image-button:focus-visible,.review-lightbox-close:focus-visible,.product-reviews-more:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.product-reviews-loader{margin:0;color:#555}
.product-reviews-summary{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem 1rem;margin:.25rem 0 .75rem;font-size:.95rem}
.product-reviews-summary-link{display:inline-flex;align-items:center;gap:.35rem;color:inherit}
.product-reviews-store-count{color:#555}
`
