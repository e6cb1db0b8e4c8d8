/**
 * The default theme's CSS, inlined in `<head>` so first paint needs no stylesheet request
 * (issue #11: at most 14 KB gzip with a page's island CSS). Colours, fonts, the button shape and
 * the logo height are custom properties set per tenant (theme.ts). Breakpoints are the
 * platform's (platform.md section 9): mobile up to 432 px, tablet up to 991 px.
 *
 * Components are styled by the classes the templates and the commerce widgets print
 * (`.product-variants`, `.sqs-add-to-cart-button`, `.sqs-form`...), so a tenant's own template
 * that prints the same widgets gets the same look. Island CSS ships with its island.
 */
export const SHELL_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{background:var(--c-surface);-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--c-bg);color:var(--c-text);font:1rem/1.6 var(--f-body);overflow-wrap:break-word}
main{min-height:60vh;max-width:80rem;margin:0 auto;padding:1.5rem 1.25rem 4rem}
h1,h2,h3,h4{margin:0 0 .5em;font-family:var(--f-head);font-weight:700;line-height:1.2;letter-spacing:-.01em}
h1{font-size:clamp(1.75rem,1.35rem + 1.8vw,2.6rem)}
h2{font-size:clamp(1.35rem,1.15rem + .9vw,1.8rem)}
h3{font-size:1.2rem}
p,ul,ol{margin:0 0 1em}
a{color:var(--c-accent);text-underline-offset:.18em}
a:hover{text-decoration-thickness:2px}
img{display:block;max-width:100%;height:auto}
:focus-visible{outline:3px solid var(--c-accent);outline-offset:2px}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.skip-link{position:absolute;top:-4rem;left:1rem;z-index:30;padding:.75rem 1rem;background:var(--c-accent);color:var(--c-on-accent)}
.skip-link:focus{top:.5rem}
sf-island{display:contents}
.button,.sqs-add-to-cart-button,.sqs-form [type=submit],.product-restock-form [type=submit],.cart-continue-button,.lock-screen-form button,.order-lookup-form button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:3rem;padding:.7rem 1.6rem;border:2px solid var(--c-accent);border-radius:var(--r-btn);background:var(--c-accent);color:var(--c-on-accent);font:600 1rem/1.2 var(--f-body);letter-spacing:.02em;text-align:center;text-decoration:none;cursor:pointer;transition:filter .15s,transform .15s}
.button:hover,.sqs-add-to-cart-button:hover,.sqs-form [type=submit]:hover,.product-restock-form [type=submit]:hover,.cart-continue-button:hover,.lock-screen-form button:hover,.order-lookup-form button:hover{filter:brightness(1.15)}
.button--secondary{background:transparent;color:var(--c-accent)}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:50%;color:var(--c-text);cursor:pointer}
.icon-button:hover{background:var(--c-soft)}
.icon-button svg{width:1.5rem;height:1.5rem;fill:none;stroke:currentColor;stroke-width:1.75;stroke-linecap:round;stroke-linejoin:round}
input:not([type=radio],[type=checkbox],[type=submit],[type=hidden]),select,textarea{min-height:3rem;max-width:100%;padding:.55rem .8rem;border:1px solid var(--c-field);border-radius:min(var(--r-btn),.5rem);background:var(--c-surface);color:var(--c-text);font:inherit}
textarea{min-height:8rem;resize:vertical}
input[type=checkbox],input[type=radio]{width:1.25rem;height:1.25rem;margin:0;accent-color:var(--c-accent)}
.site-header{position:relative;z-index:20;background:var(--c-surface);border-bottom:1px solid var(--c-line)}
.site-header-inner{display:flex;align-items:center;gap:1.5rem;max-width:80rem;min-height:4.5rem;margin:0 auto;padding:.6rem 1.25rem}
.site-logo{display:flex;align-items:center;min-width:0;min-height:2.75rem;color:var(--c-text);text-decoration:none}
.site-logo img{width:auto;height:var(--logo-h)}
.site-title{font:700 1.35rem/1.2 var(--f-head)}
.site-navigation,.site-menu-panel,.footer-navigation{font-size:.95rem}
.site-navigation ul,.site-menu-panel ul,.footer-navigation ul{margin:0;padding:0;list-style:none}
.site-navigation ul,.footer-navigation ul{display:flex;flex-wrap:wrap;gap:0 1.5rem}
.site-navigation a,.site-menu-panel a,.footer-navigation a{display:flex;align-items:center;min-height:2.75rem;color:var(--c-text);text-decoration:none}
.site-navigation a:hover,.site-menu-panel a:hover,.footer-navigation a:hover,.site-navigation a[aria-current=page],.site-menu-panel a[aria-current=page]{text-decoration:underline;text-decoration-thickness:2px;text-underline-offset:.45em}
.nav-folder{position:relative}
.nav-folder summary{display:flex;align-items:center;gap:.35rem;min-height:2.75rem;cursor:pointer;list-style:none}
.nav-folder summary::-webkit-details-marker{display:none}
.nav-folder summary::after{content:"";width:.45em;height:.45em;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-25%) rotate(45deg)}
.nav-folder[open] summary::after{transform:translateY(25%) rotate(-135deg)}
.site-navigation .nav-folder ul{position:absolute;top:100%;left:-1rem;z-index:30;display:block;min-width:12rem;padding:.25rem 1rem;background:var(--c-surface);border:1px solid var(--c-line);box-shadow:0 12px 24px -12px rgb(0 0 0/.25)}
.nav-folder-title{display:flex;align-items:center;min-height:2.75rem;color:var(--c-muted)}
.site-menu-panel .nav-folder-links,.footer-navigation .nav-folder-links{display:block;padding-left:1.25rem}
.site-actions{display:flex;gap:.25rem;margin-left:auto}
.sqs-pill-shopping-cart{display:inline-flex;align-items:center;gap:.4rem;min-height:2.75rem;padding:0 1rem;border-radius:999px;background:var(--c-accent);color:var(--c-on-accent);font-weight:700;text-decoration:none}
.sqs-pill-shopping-cart[data-count="0"],.site-actions:has(.sqs-pill-shopping-cart:not([data-count="0"])) .site-cart{display:none}
.sqs-pill-shopping-cart:hover{filter:brightness(1.15)}
.site-menu{display:none}
.site-menu summary{list-style:none}
.site-menu summary::-webkit-details-marker{display:none}
.site-menu[open] .menu-open,.site-menu:not([open]) .menu-close{display:none}
.site-menu-panel{position:absolute;top:100%;right:0;left:0;padding:.5rem 1.25rem 1.25rem;background:var(--c-surface);border-bottom:1px solid var(--c-line);box-shadow:0 12px 24px -12px rgb(0 0 0/.25)}
.site-menu-panel li+li{border-top:1px solid var(--c-line)}
.site-menu-panel a{min-height:3rem;font-size:1.05rem}
@media (max-width:991px){.site-navigation{display:none}.site-menu{display:block}.site-header-inner{display:grid;grid-template-columns:1fr auto 1fr;gap:.5rem}.site-logo{justify-self:center}.site-logo img{height:min(var(--logo-h),2.75rem)}}
.site-footer{background:var(--c-surface);border-top:1px solid var(--c-line)}
.site-footer-inner{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1.5rem 3rem;max-width:80rem;margin:0 auto;padding:2.5rem 1.25rem 2rem}
.site-footer-inner>*{flex:0 1 34rem}
.site-footer-inner p{margin:0 0 .5rem}
.footer-heading{font-size:1.2rem}
.site-footer-inner .footer-legal{display:flex;flex-wrap:wrap;flex-basis:100%;gap:.25rem 1.5rem;margin:0;padding-top:1.25rem;border-top:1px solid var(--c-line);color:var(--c-muted);font-size:.875rem}
.collection-header{margin:0 0 2rem}
.collection-title{margin:0}
.collection-description{max-width:46rem;margin:.5rem 0 0;color:var(--c-muted)}
.empty{color:var(--c-muted)}
.breadcrumb{margin:0 0 1rem;font-size:.875rem}
.breadcrumb a{display:inline-flex;align-items:center;min-height:1.5rem;color:var(--c-muted)}
.products-list,[data-image-ratio=square]{--card-ratio:1}
.blog-list{--card-ratio:3/2}
[data-image-ratio=standard]{--card-ratio:3/2}
[data-image-ratio=standard-vertical]{--card-ratio:2/3}
[data-image-ratio=four-three]{--card-ratio:4/3}
[data-image-ratio=three-four-vertical]{--card-ratio:3/4}
[data-image-ratio=widescreen]{--card-ratio:16/9}
[data-image-ratio=anamorphic-widescreen]{--card-ratio:2.4}
.product-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:1.75rem .75rem;margin:0;padding:0;list-style:none}
@media (min-width:433px){.product-grid{grid-template-columns:repeat(3,minmax(0,1fr));gap:2rem 1.25rem}}
@media (min-width:992px){.product-grid{grid-template-columns:repeat(4,minmax(0,1fr));gap:2.5rem 1.5rem}}
.product-card,.post-card{position:relative;display:flex;flex-direction:column;gap:.3rem;height:100%}
.product-card-media,.post-card-media{position:relative;aspect-ratio:var(--card-ratio);margin-bottom:.5rem;overflow:hidden;border-radius:.5rem;background:var(--c-soft)}
.product-card-media img,.post-card-media img{width:100%;height:100%;object-fit:cover;transition:transform .4s ease}
.product-card:hover img,.post-card:hover img{transform:scale(1.03)}
.product-card--sold-out img{opacity:.65}
.product-card-title{margin:0;font:600 1rem/1.35 var(--f-body);letter-spacing:0}
.product-card-link,.post-card-link,.event-card-link{color:var(--c-text);text-decoration:none}
.product-card-link::after,.post-card-link::after,.event-card-link::after{content:"";position:absolute;inset:0;z-index:1;border-radius:.5rem}
.product-card-link:hover,.post-card-link:hover,.event-card-link:hover{text-decoration:underline}
.product-card-link:focus-visible,.post-card-link:focus-visible,.event-card-link:focus-visible{outline:none}
.product-card-link:focus-visible::after,.post-card-link:focus-visible::after,.event-card-link:focus-visible::after{outline:3px solid var(--c-accent);outline-offset:4px}
.product-mark{display:inline-block;width:fit-content;padding:.15rem .65rem;border-radius:999px;font-size:.75rem;font-weight:700;letter-spacing:.04em;line-height:1.5}
.product-mark::first-letter{text-transform:uppercase}
.product-card-media .product-mark{position:absolute;top:.6rem;left:.6rem;z-index:1}
.product-mark.sale{background:var(--c-accent);color:var(--c-on-accent)}
.product-mark.sold-out{background:var(--c-text);color:var(--c-bg)}
.product-price{font-weight:600}
.product-card .product-price{font-size:.95rem}
.product-price:has(.original-price){color:var(--c-accent)}
.product-price .original-price{margin-left:.4rem;color:var(--c-muted);font-weight:400;text-decoration:line-through}
.pagination{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:1rem;margin:3rem 0 0}
.pagination-prev{grid-column:1;justify-self:start}
.pagination-current{grid-column:2}
.pagination-next{grid-column:3;justify-self:end}
.product-layout{display:grid;grid-template-columns:minmax(0,1fr);gap:1.25rem}
.product-meta{display:flex;flex-direction:column;gap:1.25rem}
.product-title{margin:0 0 .4rem;font-size:clamp(1.6rem,1.25rem + 1.4vw,2.25rem)}
.product-summary .product-price{font-size:1.25rem}
.product-summary .product-mark{margin-top:.5rem}
@media (min-width:992px){.product-layout{grid-template-columns:minmax(0,7fr) minmax(0,5fr);grid-template-rows:auto 1fr;gap:1.25rem 3.5rem;align-items:start}.product-images{grid-area:1/1/3/2}.product-summary{grid-area:1/2}.product-meta{position:sticky;top:1.5rem;grid-area:2/2}}
.product-scarcity{font-weight:600;color:var(--c-accent)}
.product-type-mark{display:inline-block;width:fit-content;margin:0;padding:.15rem .65rem;border:1px solid currentColor;border-radius:999px;font-size:.8rem;font-weight:700;letter-spacing:.04em}
.product-summary .product-type-mark{margin-top:.5rem}
.product-not-for-sale{margin:0;padding:1rem 1.1rem;border:1px solid var(--c-line);border-radius:.5rem;background:var(--c-surface)}
.product-restock-notification{display:grid;gap:.75rem;padding:1.1rem;border:1px solid var(--c-line);border-radius:.5rem;background:var(--c-surface)}
.product-restock-notification[hidden]{display:none}
.product-restock-form{display:flex;flex-wrap:wrap;gap:.5rem;margin:0}
.product-restock-form input[type=text],.product-restock-form input[type=email]{flex:1 1 12rem}
.product-restock-mailing-list{display:flex;align-items:center;gap:.5rem}
.product-description{padding-top:1.25rem;border-top:1px solid var(--c-line)}
.product-description>:last-child,.page-content>:last-child{margin-bottom:0}
.audio-player-disclosure summary{list-style:none}
.audio-player-disclosure summary::-webkit-details-marker{display:none}
.audio-player-disclosure summary::before{content:"";width:0;height:0;border-block:.4rem solid transparent;border-left:.65rem solid currentColor}
.audio-player-disclosure[open] summary{margin-bottom:.75rem}
.squarespace-audio-player audio{display:block;width:100%}
.squarespace-social-buttons{display:flex;flex-wrap:wrap;gap:.5rem;margin-block:1rem}
.squarespace-social-buttons.inline-style{display:inline-flex;margin-block:0}
.share-link,.follow-link{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 .9rem;border:1px solid var(--c-line);border-radius:999px;color:inherit;text-decoration:none;font-size:.9rem}
.share-link:hover,.follow-link:hover{border-color:currentColor}
.page-content>:not(.hero),.page-form,.status-page,.cart-page{max-width:46rem;margin-inline:auto}
.page-form{margin-top:2rem}
.hero{display:grid;margin:0 0 2.5rem;overflow:hidden;border-radius:.75rem;background:var(--c-soft)}
.hero img{width:100%;aspect-ratio:16/9;object-fit:cover}
.hero h1,.hero p{max-width:40rem;margin:0;padding:0 1.25rem}
.hero h1{padding-top:1.25rem}
.hero p{font-size:1.1rem}
.hero p+p{padding-top:.5rem}
.hero p:last-child{padding-bottom:1.5rem}
@media (min-width:992px){.hero{position:relative;display:block;padding:16rem 0 0}.hero img,.hero::after{position:absolute;inset:0;height:100%;aspect-ratio:auto}.hero::after{content:"";background:linear-gradient(transparent 30%,rgb(0 0 0/.72))}.hero h1,.hero p{position:relative;z-index:1;padding-inline:2.5rem;color:#fff;text-shadow:0 1px 3px rgb(0 0 0/.6)}.hero p:last-child{padding-bottom:2.5rem}}
.collection-links{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:1rem;padding:0;list-style:none}
.collection-links li{padding:1rem 1.25rem;border:1px solid var(--c-line);border-radius:.75rem;background:var(--c-surface)}
.collection-links a{display:inline-flex;align-items:center;min-height:1.5rem;font-weight:700}
.post-grid{display:grid;grid-template-columns:minmax(0,1fr);gap:2.5rem 2rem}
@media (min-width:640px){.post-grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:992px){.post-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
.post-card-meta,.blog-item-meta{display:flex;flex-wrap:wrap;gap:0 1rem;margin:0;color:var(--c-muted);font-size:.875rem}
.post-card-title{margin:0;font-size:1.3rem}
.post-card-excerpt{color:var(--c-muted)}
.post-card-excerpt p{margin:0}
.post-card-comments{position:relative;z-index:2;margin:0;font-size:.875rem}
.post-card-comments a{display:inline-flex;align-items:center;min-height:1.5rem}
.blog-item,.event-item{max-width:65ch;margin:0 auto;font-size:1.125rem}
.blog-item-header{margin:0 0 1.5rem}
.blog-item .blog-item-meta{font-size:.9rem}
.blog-item-image,.event-item-image{width:100%;margin:0 0 2rem;border-radius:.75rem}
.blog-item-body,.event-item-body{line-height:1.7}
.block{margin:1.5rem 0}
.block pre{overflow-x:auto;padding:1rem;border-radius:.5rem;background:var(--c-soft);font:.875rem/1.5 ui-monospace,monospace}
.block :is(th,td){padding:.3rem .6rem;border:1px solid var(--c-line);text-align:left}
.block table{border-collapse:collapse}
.chart{margin:0}
.chart-title{margin-bottom:.5rem;font-weight:700}
.chart-svg{display:block;width:100%;max-width:42rem;height:auto;font:13px var(--f-body)}
.chart-svg text{fill:var(--c-text)}
.chart-grid{stroke:var(--c-line)}
.chart-axis{stroke:var(--c-muted)}
.chart-s0{--s:var(--c-accent)}
.chart-s1{--s:var(--c-text)}
.chart-s2{--s:color-mix(in srgb,var(--c-accent) 50%,var(--c-text))}
.chart-s3{--s:var(--c-muted)}
.chart-s4{--s:color-mix(in srgb,var(--c-accent) 60%,var(--c-muted))}
.chart-s5{--s:color-mix(in srgb,var(--c-text) 60%,var(--c-muted))}
.chart-mark{fill:var(--s);stroke:var(--s)}
.chart-line{fill:none;stroke-width:2.5}
.chart-slice{stroke:var(--c-bg);stroke-width:2}
.chart-legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:.5rem 0;padding:0;list-style:none;font-size:.875rem}
.chart-legend li{display:flex;align-items:center;gap:.4rem}
.chart-swatch{width:.9rem;height:.9rem;border-radius:2px;background:var(--s)}
.chart-data summary{padding:.65rem 0;cursor:pointer}
.blog-item-footer{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;margin:2rem 0;padding-top:1.25rem;border-top:1px solid var(--c-line)}
.events-group{margin:0 0 3rem}
.events-heading{margin-bottom:1rem}
.event-cards{display:grid;gap:1rem}
@media (min-width:992px){.event-cards{grid-template-columns:repeat(2,minmax(0,1fr))}}
.event-card{position:relative;display:flex;gap:1.25rem;align-items:flex-start;padding:1.25rem;border:1px solid var(--c-line);border-radius:.75rem;background:var(--c-surface)}
.event-card-body{min-width:0}
.event-card-title{margin:0 0 .3rem;font-size:1.15rem}
.event-card-when,.event-card-where{margin:0;color:var(--c-muted);font-size:.925rem}
.event-date{display:flex;flex:none;flex-direction:column;align-items:center;justify-content:center;width:4.25rem;height:4.25rem;border-radius:.5rem;background:var(--c-accent);color:var(--c-on-accent);line-height:1.1}
.event-date-month{font-size:.75rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase}
.event-date-day{font-size:1.6rem;font-weight:700}
.events-past .event-card{background:transparent}
.events-past .event-date{background:var(--c-soft);color:var(--c-text)}
.event-item-header{display:flex;gap:1.25rem;align-items:flex-start;margin:0 0 1.5rem}
.event-item-when,.event-item-where{color:var(--c-muted)}
.event-item-where{margin:0 0 1rem;font-style:normal}
.gallery-page .sf-gallery{margin-top:0}
.sqs-form{display:grid;gap:1.25rem}
.sqs-form .form-item{display:grid;gap:.4rem;min-width:0;margin:0;padding:0;border:0}
.sqs-form .title{padding:0;font-weight:600}
.sqs-form .required{color:var(--c-accent)}
.sqs-form .description{margin:0;color:var(--c-muted);font-size:.9rem}
.sqs-form input:not([type=radio],[type=checkbox]),.sqs-form textarea,.sqs-form select{width:100%}
.sqs-form .option{display:flex;align-items:center;gap:.6rem;min-height:2rem}
.sqs-form .fields{grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));column-gap:1rem}
.sqs-form .fields .title,.sqs-form .fields .description{grid-column:1/-1}
.sqs-form .field>label{display:block;margin-bottom:.25rem;font-size:.9rem}
@media (min-width:433px){.newsletter-form{grid-template-columns:minmax(0,20rem) auto;justify-content:start;align-items:end;column-gap:.5rem}}
.search-form{max-width:40rem;margin:0 0 2rem}
.search-form label{display:block;margin-bottom:.4rem;font-weight:600}
.search-form-row{display:grid;gap:.5rem}
@media (min-width:433px){.search-form-row{grid-template-columns:minmax(0,28rem) auto;justify-content:start}}
.search-results{display:grid;gap:.5rem;padding:0;list-style:none}
.search-result{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1rem;padding:.75rem 1rem;border:1px solid var(--c-line);border-radius:.5rem;background:var(--c-surface)}
.search-result a{display:inline-flex;align-items:center;min-height:1.5rem;font-weight:600}
.search-result-kind{color:var(--c-muted);font-size:.8rem;letter-spacing:.06em;text-transform:uppercase}
.status-page,.cart-page{padding:3rem 0;text-align:center}
.lock-screen-form,.order-lookup-form{display:flex;flex-direction:column;gap:.4rem;max-width:22rem;margin:1.5rem auto 0;text-align:left}
.lock-screen-form label,.order-lookup-form label{font-weight:600}
.lock-screen-form button,.order-lookup-form button{align-self:flex-start;margin-top:.5rem}
.lock-screen-error,.order-lookup-error{margin:0 0 .5rem;padding:.5rem .75rem;border-left:4px solid var(--c-accent);background:var(--c-soft);color:var(--c-text)}
@media (max-width:432px){main{padding:1rem 1rem 3rem}.chart-svg{font-size:16px}.site-header-inner,.site-footer-inner{padding-inline:1rem}}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{transition:none!important;animation:none!important}}
`
