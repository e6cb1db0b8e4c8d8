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
`
