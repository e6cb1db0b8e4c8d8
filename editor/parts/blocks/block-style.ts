/**
 * The look of a block's preview inside the editor: the storefront's block rules (worker/render/
 * shell-css.ts) with the editor's colours. Added by the lazy chunk that shows blocks, as one
 * style element carrying the page's nonce (the editor's CSP lets nonced styles in, as for
 * CodeMirror), so the editor's shell stylesheet (editorShellKiB) does not carry it.
 */
const BLOCK_CSS = `
.block-view{margin:1rem 0;border:1px solid var(--line);border-radius:6px}
.block-view.ProseMirror-selectednode{outline:3px solid var(--focus);outline-offset:2px}
.block-view-head{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;padding:.35rem .5rem;border-bottom:1px solid var(--line);background:#f3f4f7;font-size:.875rem}
.block-view-name{flex:1;font-weight:600}
.block-preview{--c-accent:var(--accent);--c-text:var(--ink);--c-muted:var(--ink-soft);--c-line:var(--line);--c-bg:var(--panel);--c-soft:var(--bg);padding:.75rem 1rem;overflow-x:auto}
.block-preview pre{overflow-x:auto;padding:.75rem;border-radius:6px;background:var(--c-soft);font:.875rem/1.5 ui-monospace,monospace}
.block-preview table{border-collapse:collapse}
.block-preview :is(th,td){padding:.3rem .6rem;border:1px solid var(--c-line);text-align:left}
.block-preview figure{margin:0}
.chart-title{margin-bottom:.5rem;font-weight:700}
.chart-svg{display:block;width:100%;max-width:42rem;height:auto;font:13px system-ui,sans-serif}
.chart-svg text{fill:var(--c-text)}
@media (max-width:432px){.chart-svg{font-size:16px}}
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
.block-modes{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.block-modes label{display:flex;align-items:center;gap:.4rem;min-height:2.75rem}
.block-dialog-preview{border:1px dashed var(--line);border-radius:6px;max-height:20rem;overflow:auto}
.dataset-grid{overflow-x:auto;max-height:22rem;overflow-y:auto;border:1px solid var(--line);border-radius:6px}
.dataset-grid table{border-collapse:collapse}
.dataset-grid td{padding:1px}
.dataset-grid td input[data-cell]:not([type]){width:7.5rem;border-radius:0}
.dataset-grid tr:first-child input:not([type]){font-weight:700;background:#f3f4f7}
.dataset-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
`

let added = false

/** Adds the blocks' style element once. */
export function addBlockStyle(): void {
  if (added) return
  added = true
  const style = document.createElement('style')
  style.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
  style.textContent = BLOCK_CSS
  document.head.append(style)
}
