/**
 * The installment teaser pill and its information dialog; inlined on pages that carry it.
 * Colours are the theme's custom properties (worker/render/theme.ts).
 */
export const INSTALLMENT_TEASER_CSS = `
.installment-teaser{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem .5rem;width:fit-content;max-width:100%;margin:0;padding:.4rem .5rem .4rem 1rem;border:1px solid var(--c-line);border-radius:1.25rem;background:var(--c-surface);font-size:.9rem;line-height:1.4}
.installment-teaser-provider{font-weight:700}
.installment-teaser-info{display:inline-flex;flex:none;align-items:center;justify-content:center;width:1.5rem;height:1.5rem;padding:0;border:1px solid var(--c-muted);border-radius:50%;background:transparent;color:var(--c-text);font:italic 700 .8rem/1 Georgia,serif;cursor:pointer}
.installment-teaser-info:focus-visible,.installment-dialog button:focus-visible{outline:3px solid var(--c-accent);outline-offset:2px}
.installment-dialog-overlay{position:fixed;inset:0;width:100vw;height:100vh;max-width:none;max-height:none;margin:0;padding:1rem;border:0;background:rgba(0,0,0,.7);color:inherit}
.installment-dialog-overlay[open]{display:flex;align-items:center;justify-content:center;animation:installment-fade .3s ease-out}
.installment-dialog-overlay::backdrop{background:transparent}
.installment-dialog{position:relative;width:100%;max-width:34rem;max-height:calc(100vh - 2rem);overflow:auto;padding:2rem 1.5rem 1.5rem;border-radius:.75rem;background:var(--c-surface);color:var(--c-text);box-shadow:0 1rem 3rem rgba(0,0,0,.35)}
.installment-dialog h2{margin:0 2rem .75rem 0;font-size:1.25rem}
.installment-dialog-close{position:absolute;top:.5rem;right:.5rem;width:2.75rem;height:2.75rem;border:0;border-radius:50%;background:transparent;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}
.installment-dialog-sentence{margin:0}
.installment-dialog-provider{display:block;width:100%;height:min(32rem,calc(100vh - 12rem));margin-top:1rem;border:0;border-radius:.5rem}
@keyframes installment-fade{from{opacity:0}}
@media (prefers-reduced-motion:reduce){.installment-dialog-overlay[open]{animation:none}}
`
