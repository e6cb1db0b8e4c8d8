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
.lock-screen-form{display:flex;flex-direction:column;gap:.4rem;max-width:20rem;margin:1.5rem auto 0;text-align:left}
.lock-screen-form input{padding:.5rem;font:inherit;border:1px solid #8a877f;border-radius:4px}
.lock-screen-form button{align-self:flex-start;margin-top:.5rem;padding:.55rem 1.2rem;font:inherit;border:0;border-radius:4px;background:#1d1d1b;color:#fff;cursor:pointer}
.lock-screen-form input:focus-visible,.lock-screen-form button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.lock-screen-error{margin:0 0 .5rem;padding:.5rem .75rem;border-left:4px solid #a3261b;background:#fbeeec;color:#7a1c14}
sf-island{display:contents}
@media (max-width:432px){main{padding:1rem}}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.product-price .original-price{margin-left:.4rem;color:#5b5a55;text-decoration:line-through}
`
