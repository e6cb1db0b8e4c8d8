/** The shell's own styles, inlined in `<head>` so first paint needs no stylesheet request. */
export const SHELL_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1b;background:#fbfaf7}
a{color:#1d4e89}
img{max-width:100%;height:auto;display:block}
.site-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:1rem;padding:1rem 1.5rem;border-bottom:1px solid #e4e1da;background:#fff}
.site-title{font-weight:700;font-size:1.25rem;text-decoration:none;color:inherit}
.site-header ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
.site-header nav a{text-decoration:none}
.site-header nav a[aria-current=page]{text-decoration:underline}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
.site-footer{padding:2rem 1.5rem;color:#5b5a55;border-top:1px solid #e4e1da;text-align:center}
.product-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1.5rem;list-style:none;padding:0}
.product-grid a{text-decoration:none;color:inherit}
.product-grid img{aspect-ratio:4/5;object-fit:cover;width:100%;background:#eee}
.price{font-weight:600}
.price s{color:#77756f;font-weight:400;margin-left:.4rem}
.item-list{list-style:none;padding:0}
.item-list li{margin:0 0 1.5rem}
.status-page{text-align:center;padding:3rem 0}
sf-island{display:contents}
@media (max-width:432px){main{padding:1rem}}
/* installment teaser pill and its information dialog (islands/installment-teaser) */
.installment-teaser{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem;width:fit-content;max-width:100%;margin:.5rem 0;padding:.3rem .4rem .3rem .9rem;border:1px solid #d9d5cc;border-radius:999px;background:#fff;font-size:.9rem}
.installment-teaser-provider{font-weight:700}
.installment-teaser-info{display:inline-flex;align-items:center;justify-content:center;width:1.5rem;height:1.5rem;padding:0;border:1px solid #5b5a55;border-radius:50%;background:#fff;color:#1d1d1b;font:italic 700 .8rem/1 Georgia,serif;cursor:pointer}
.installment-teaser-info:focus-visible,.installment-dialog button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.installment-dialog-overlay{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:1rem;background:rgba(0,0,0,.7);animation:installment-fade .3s ease-out}
.installment-dialog{position:relative;width:100%;max-width:28rem;max-height:calc(100vh - 2rem);overflow:auto;padding:2rem 1.5rem 1.5rem;border-radius:.75rem;background:#fff;color:#1d1d1b;box-shadow:0 1rem 3rem rgba(0,0,0,.35)}
.installment-dialog h2{margin:0 2rem .75rem 0;font-size:1.25rem}
.installment-dialog-close{position:absolute;top:.5rem;right:.5rem;width:2.25rem;height:2.25rem;border:0;border-radius:50%;background:transparent;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}
.installment-dialog-terms{font-size:.85rem;color:#5b5a55}
.installment-dialog-done{padding:.6rem 1.25rem;border:0;border-radius:999px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}
@keyframes installment-fade{from{opacity:0}}
@media (prefers-reduced-motion:reduce){.installment-dialog-overlay{animation:none}}
/* gallery (islands/gallery): slideshow and slider island, static grid and stacked, lightbox */
.sf-gallery{position:relative;margin:1.5rem 0}
.sf-gallery-stage{position:relative}
.sf-gallery-viewport{overflow:hidden}
.sf-gallery-track{display:flex;transition:transform .4s ease}
.sf-gallery-slide{flex:0 0 var(--sf-slide,100%);min-width:0}
.sf-gallery[data-design=slider] .sf-gallery-slide{padding:0 .35rem}
.sf-gallery-frame{display:block;width:100%;aspect-ratio:var(--sf-ratio,1);margin:0;padding:0;border:0;background:#ece9e2;overflow:hidden}
button.sf-gallery-frame{cursor:zoom-in}
.sf-gallery picture,.sf-lightbox picture{display:contents}
.sf-gallery-frame img,.sf-gallery-cell>img{width:100%;height:100%;object-fit:cover}
.sf-gallery-cell>img{aspect-ratio:var(--sf-ratio,1)}
.sf-gallery[data-crop=false] .sf-gallery-frame img,.sf-gallery[data-crop=false] .sf-gallery-cell>img{object-fit:contain}
.sf-gallery-prev,.sf-gallery-next,.sf-gallery-rotation{position:absolute;z-index:1;display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;padding:0;border:0;border-radius:50%;background:rgba(255,255,255,.92);color:#1d1d1b;font-size:1.6rem;line-height:1;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3)}
.sf-gallery-prev,.sf-gallery-next{top:50%;margin-top:-1.375rem}
.sf-gallery-prev{left:.5rem}
.sf-gallery-next{right:.5rem}
.sf-gallery-rotation{top:.5rem;left:.5rem;font-size:.85rem}
.sf-gallery button:focus-visible,.sf-lightbox button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.sf-gallery-status{position:absolute;width:1px;height:1px;margin:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.sf-gallery-thumbs{display:flex;gap:.5rem;height:var(--sf-thumb-height,80px);margin:var(--sf-thumb-margin,20px) 0 0;padding:0;list-style:none;overflow-x:auto}
.sf-gallery-thumbs li{flex:0 0 auto;height:100%}
.sf-gallery-thumb{display:block;height:100%;aspect-ratio:1;padding:0;border:2px solid transparent;background:#ece9e2;overflow:hidden;cursor:pointer}
.sf-gallery-thumb[aria-current=true]{border-color:#1d1d1b}
.sf-gallery .sf-gallery-thumb:focus-visible{outline-offset:-3px}
.sf-gallery-thumb img{width:100%;height:100%;object-fit:cover}
.sf-gallery-cells{display:grid;grid-template-columns:repeat(var(--sf-per-row,4),minmax(0,1fr));gap:var(--sf-padding,20px);margin:0;padding:0;list-style:none}
.sf-gallery[data-design=stacked] .sf-gallery-cells{grid-template-columns:minmax(0,1fr)}
.sf-gallery[data-design=stacked] .sf-gallery-frame,.sf-gallery[data-design=stacked] .sf-gallery-cell>img{aspect-ratio:auto;height:auto}
.sf-gallery[data-design=stacked] .sf-gallery-frame img{height:auto}
.sf-lightbox{width:100vw;height:100vh;max-width:none;max-height:none;margin:0;padding:3.5rem 4rem 1.5rem;border:0;background:#111;color:#f4f3ef}
.sf-lightbox[data-theme=light]{background:#fff;color:#1d1d1b}
.sf-lightbox[open]{display:flex;align-items:center;justify-content:center;animation:sf-lightbox-in .3s ease-out}
.sf-lightbox::backdrop{background:rgba(0,0,0,.6)}
.sf-lightbox-figure{display:flex;flex-direction:column;align-items:center;gap:.75rem;max-height:100%;margin:0}
.sf-lightbox-figure img{width:auto;max-height:calc(100vh - 8rem);object-fit:contain}
.sf-lightbox-close{position:absolute;top:.75rem;right:.75rem;padding:.45rem 1rem;border:1px solid currentColor;border-radius:999px;background:transparent;color:inherit;font:inherit;cursor:pointer}
.sf-lightbox-prev,.sf-lightbox-next{position:absolute;top:50%;width:3rem;height:3rem;margin-top:-1.5rem;padding:0;border:0;border-radius:50%;background:transparent;color:inherit;font-size:2.25rem;line-height:1;cursor:pointer}
.sf-lightbox-prev{left:.5rem}
.sf-lightbox-next{right:.5rem}
@keyframes sf-lightbox-in{from{opacity:0}}
@media (prefers-reduced-motion:reduce){.sf-gallery-track{transition:none}.sf-lightbox[open]{animation:none}}
/* variant picker (islands/variant-picker): options in sync, unavailable values, sold-out notice, price */
.product-variants{margin:1rem 0}
.variant-option{margin:0 0 .75rem}
.variant-option-title{font-weight:600}
.variant-select-wrapper select{width:100%;max-width:20rem;padding:.4rem;font:inherit}
.variant-radiobtn-wrapper{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem;margin-top:.4rem}
.variant-radiobtn-wrapper label{padding:.15rem .6rem;border:1px solid #c9c5bb;border-radius:4px;cursor:pointer}
.variant-radiobtn:checked+label{border-color:#1d1d1b;background:#1d1d1b;color:#fff}
.variant-radiobtn-wrapper label[data-unavailable]{text-decoration:line-through;color:#5b5a55}
.variant-radiobtn-wrapper label:focus-visible,.variant-select-wrapper select:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.variant-radiobtn-wrapper .visually-hidden,.product-price .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.product-price .original-price{margin-left:.4rem;color:#5b5a55;text-decoration:line-through}
.product-variant-sold-out{margin:.5rem 0;font-weight:600;color:#a3261b}
`
