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
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.product-price .original-price{margin-left:.4rem;color:#5b5a55;text-decoration:line-through}
`
