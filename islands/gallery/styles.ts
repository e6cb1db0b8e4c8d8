/** The gallery: slideshow and slider island, static grid and stacked, the lightbox; inlined on pages that carry it. */
export const GALLERY_CSS = `
.sf-gallery{position:relative;margin:0}
.sf-gallery-stage{position:relative}
.sf-gallery-viewport{overflow:hidden}
.sf-gallery-track{display:flex;transition:transform .4s ease}
.sf-gallery-slide{position:relative;flex:0 0 var(--sf-slide,100%);min-width:0}
.sf-gallery-cell{position:relative}
.sf-gallery[data-design=slider] .sf-gallery-slide{padding:0 calc(var(--sf-padding,20px)/2)}
.sf-gallery-frame{position:relative;display:block;width:100%;aspect-ratio:var(--sf-ratio,1);margin:0;padding:0;border:0;background:var(--c-soft,#ece9e2);color:inherit;overflow:hidden}
[data-transparent] .sf-gallery-frame{background:none}
button.sf-gallery-frame{cursor:zoom-in}
.sf-gallery picture,.sf-lightbox picture{display:contents}
.sf-gallery-frame img{display:block;width:100%;height:100%;object-fit:cover}
.sf-gallery[data-crop=false] .sf-gallery-frame img{object-fit:contain}
.sf-gallery-meta{display:flex;flex-direction:column;gap:.2rem;line-height:1.35}
.sf-gallery-meta-title{font-weight:600}
.sf-gallery-meta-description{font-size:.875em}
[data-meta=caption] .sf-gallery-meta{padding-top:.5rem}
[data-meta=overlay] .sf-gallery-meta{position:absolute;left:0;right:0;align-items:center;padding:.75rem 1rem;background:#111b;color:#fff;text-align:center;pointer-events:none;transition:opacity .2s}
[data-design=slider] .sf-gallery-meta{margin:0 calc(var(--sf-padding)/2)}
[data-meta-position^=top] .sf-gallery-meta{top:0}
[data-meta-position^=bottom] .sf-gallery-meta{bottom:0}
[data-meta-position=center] .sf-gallery-meta{top:50%;transform:translateY(-50%)}
[data-meta-position$=left] .sf-gallery-meta{right:auto;max-width:min(100%,28rem);align-items:start;text-align:left}
[data-meta-position$=right] .sf-gallery-meta{left:auto;max-width:min(100%,28rem);align-items:end;text-align:right}
@media (hover:hover){[data-meta-hover] .sf-gallery-meta{opacity:0}[data-meta-hover] .sf-gallery-frame:is(:hover,:focus-visible)+.sf-gallery-meta{opacity:1}}
.sf-gallery-prev,.sf-gallery-next,.sf-gallery-rotation{position:absolute;z-index:1;display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;padding:0;border:0;border-radius:50%;background:rgba(255,255,255,.92);color:#1d1d1b;font-size:1.6rem;line-height:1;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3)}
.sf-gallery-prev,.sf-gallery-next{top:50%;margin-top:-1.375rem}
.sf-gallery-prev{left:.5rem}
.sf-gallery-next{right:.5rem}
.sf-gallery-rotation{top:.5rem;left:.5rem;font-size:.85rem}
.sf-gallery button:focus-visible,.sf-lightbox button:focus-visible{outline:3px solid var(--c-accent,#1d4e89);outline-offset:2px}
.sf-gallery-status{position:absolute;width:1px;height:1px;margin:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.sf-gallery-thumbs{display:flex;gap:.5rem;height:var(--sf-thumb-height,80px);margin:var(--sf-thumb-margin,20px) 0 0;padding:0;list-style:none;overflow-x:auto}
.sf-gallery-thumbs li{flex:0 0 auto;height:100%}
.sf-gallery-thumb{display:block;height:100%;aspect-ratio:1;padding:0;border:2px solid transparent;border-radius:.25rem;background:var(--c-soft,#ece9e2);overflow:hidden;cursor:pointer}
.sf-gallery-thumb[aria-current=true]{border-color:var(--c-text,#1d1d1b)}
.sf-gallery .sf-gallery-thumb:focus-visible{outline-offset:-3px}
.sf-gallery-thumb img{width:100%;height:100%;object-fit:cover}
[data-square-thumbs=false] .sf-gallery-thumb{aspect-ratio:auto}
[data-square-thumbs=false] .sf-gallery-thumb img{width:auto}
.sf-gallery-cells{display:grid;grid-template-columns:repeat(var(--sf-per-row,4),minmax(0,var(--sf-max-width,300px)));gap:var(--sf-padding,20px);margin:0;padding:0;list-style:none}
.sf-gallery[data-design=stacked] .sf-gallery-cells{grid-template-columns:minmax(0,1fr)}
.sf-gallery[data-design=stacked] .sf-gallery-frame{aspect-ratio:auto;height:auto}
.sf-gallery[data-design=stacked] .sf-gallery-frame img{height:auto}
.sf-lightbox{width:100vw;height:100vh;max-width:none;max-height:none;margin:0;padding:3.5rem 4rem 1.5rem;border:0;background:#111;color:#f4f3ef}
.sf-lightbox[data-theme=light]{background:#fff;color:#1d1d1b}
.sf-lightbox[open]{display:flex;align-items:center;justify-content:center;animation:sf-lightbox-in .3s ease-out}
.sf-lightbox::backdrop{background:rgba(0,0,0,.6)}
.sf-lightbox[data-theme=light]::backdrop{background:#fff9}
.sf-lightbox-figure{display:flex;flex-direction:column;align-items:center;gap:.75rem;max-height:100%;margin:0}
.sf-lightbox-figure img{width:auto;max-height:calc(100vh - 8rem);object-fit:contain}
.sf-lightbox-close{position:absolute;top:.75rem;right:.75rem;padding:.45rem 1rem;border:1px solid currentColor;border-radius:999px;background:transparent;color:inherit;font:inherit;cursor:pointer}
.sf-lightbox-prev,.sf-lightbox-next{position:absolute;top:50%;width:3rem;height:3rem;margin-top:-1.5rem;padding:0;border:0;border-radius:50%;background:transparent;color:inherit;font-size:2.25rem;line-height:1;cursor:pointer}
.sf-lightbox-prev{left:.5rem}
.sf-lightbox-next{right:.5rem}
@media (max-width:640px){.sf-gallery-cells{grid-template-columns:repeat(var(--sf-per-row-narrow,2),minmax(0,1fr))}}
@keyframes sf-lightbox-in{from{opacity:0}}
@media (prefers-reduced-motion:reduce){.sf-gallery-track,.sf-gallery-meta{transition:none}.sf-lightbox[open]{animation:none}}
`
