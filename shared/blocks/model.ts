/**
 * The body's blocks (issue 23): code (block type 23), markdown (44) and chart (62), embedded in
 * a record's rich-text body as `<div class="block block-…" data-block-type="…" data-block="{JSON}">`.
 * The JSON is the block's data, the source of truth: on every save the editor's Worker
 * (worker/editor/blocks.ts) checks it against these limits and regenerates the element's inner
 * HTML from it, so the storefront serves stored HTML and never runs a block's code.
 */

import { LIMITS } from '../enumerations'

/** platform.md section 3's block types. */
export const BLOCK_TYPES = { code: 23, markdown: 44, chart: 62 } as const

/** Code editor modes (platform.md section 1: Code, Markdown and Display Source). */
export type CodeMode = 'html' | 'markdown' | 'source'

/** A code (23) or markdown (44) block: the source and how the page shows it. */
export interface CodeBlockData {
  mode: CodeMode
  source: string
}

export type ChartKind = 'bar' | 'line' | 'pie'

/**
 * A chart (62). `rows[0]` names the columns (the label column, then one series per column);
 * every later row is a label followed by its numbers, as the merchant typed them.
 */
export interface ChartBlockData {
  chart: ChartKind
  title: string
  xLabel: string
  yLabel: string
  rows: string[][]
}

export type BlockData = CodeBlockData | ChartBlockData

/**
 * Ours (the spec gives none). A block lives inside a body (EDITOR_LIMITS.bodyLength, 200,000
 * characters, data included), so the largest chart, every cell at its longest and escaped, still fits.
 */
export const BLOCK_LIMITS = {
  /** Characters of a code or markdown block's source. */
  sourceLength: 50_000,
  /** Data rows of a chart (besides its first row of column names): the truncation notice's {maxRows}. */
  maxRows: 200,
  /** Columns of a chart, its label column included: the truncation notice's {maxColumns}. */
  maxColumns: 10,
  /** Characters in one cell of a chart's data. */
  cellLength: 40,
  /** Characters of a chart's title and of each axis label. */
  chartTextLength: 120,
  /** Blocks in one body: a body is the page's layout, so the spec's "max blocks per layout 60". */
  blocksPerBody: LIMITS.blocksPerLayout,
} as const

/** The block type a block's data is stored under: markdown mode is block type 44, the rest 23. */
export function blockTypeOf(data: BlockData): number {
  if ('chart' in data) return BLOCK_TYPES.chart
  return data.mode === 'markdown' ? BLOCK_TYPES.markdown : BLOCK_TYPES.code
}

/** The class of a block's element: `block block-code`, `block block-markdown`, `block block-chart`. */
export function blockClassOf(type: number): string {
  if (type === BLOCK_TYPES.chart) return 'block block-chart'
  return type === BLOCK_TYPES.markdown ? 'block block-markdown' : 'block block-code'
}
