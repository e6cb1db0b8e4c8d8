/**
 * A chart block as the shopper gets it: static, accessible SVG built as a string, with no script
 * and no `style` attribute (the storefront's CSP). A `<figure>` holds the title as its caption,
 * an `<svg role="img">` named by its `<title>` and described by its `<desc>`, a legend, and the
 * numbers in a `<table>` inside a "Show data" `<details>` that opens without JavaScript.
 * Colours are classes (`chart-s0`…`chart-s5`) the theme's stylesheet maps to its own colours
 * (worker/render/shell-css.ts);
 * every value is escaped for where it lands. The viewBox scales the drawing to its column.
 */
import { BLOCKS_TEXT } from '../text/editing-blocks'
import { fillText } from '../text/format'
import { cellNumber, trimDataset } from './dataset'
import type { ChartBlockData } from './model'

/**
 * Text for SVG and HTML alike, in element content or a double-quoted attribute. Its own (not
 * shared/strings) so the editor's chart chunk does not pull the shell's string helpers apart.
 */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&quot;',
  )
}

const WIDTH = 480
const HEIGHT = 300
const PALETTE = 6
const PLOT = { left: 60, right: 12, top: 14, bottom: 46 }

interface Series {
  name: string
  values: number[]
}

interface Table {
  labelName: string
  labels: string[]
  series: Series[]
}

function tableOf(rows: readonly (readonly string[])[]): Table {
  const [header = [], ...body] = trimDataset(rows)
  return {
    labelName: header[0] ?? '',
    labels: body.map((row) => row[0] ?? ''),
    series: header.slice(1).map((name, index) => ({
      name,
      values: body.map((row) => cellNumber(row[index + 1] ?? '') ?? 0),
    })),
  }
}

/** A number as a tick or a table shows it: grouped thousands, at most two decimals. */
export function formatChartNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 })
}

/** Round numbers from at or below `min` to at or above `max`, about five steps. */
function ticksFor(min: number, max: number): number[] {
  const low = Math.min(0, min)
  const high = max === low ? low + 1 : Math.max(0, max)
  const raw = (high - low) / 5
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude
  const ticks: number[] = []
  // Up to the first tick at or above the highest value, so no bar rises past the axis.
  for (let tick = Math.floor(low / step) * step; ; tick += step) {
    ticks.push(Number(tick.toPrecision(12)))
    if (tick >= high - step * 1e-9) return ticks
  }
}

/** A label cut to `max` characters with an ellipsis. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`
}

const n = (value: number) => Number(value.toFixed(2))

function axes(table: Table, ticks: number[], y: (v: number) => number, band: number, data: ChartBlockData) {
  const parts: string[] = []
  const right = WIDTH - PLOT.right
  for (const tick of ticks) {
    const at = n(y(tick))
    parts.push(
      `<line class="chart-grid" x1="${PLOT.left}" x2="${right}" y1="${at}" y2="${at}"/>`,
      `<text class="chart-tick" x="${PLOT.left - 6}" y="${at}" text-anchor="end" dominant-baseline="middle">${escapeHtml(formatChartNumber(tick))}</text>`,
    )
  }
  const base = n(y(0))
  parts.push(`<line class="chart-axis" x1="${PLOT.left}" x2="${right}" y1="${base}" y2="${base}"/>`)
  // Every label while they fit, else every k-th (at most 12), each cut to its room less a small
  // gap. About 9.5 units a character: the labels' size on a phone (16px, theme CSS).
  const longest = Math.min(10, Math.max(1, ...table.labels.map((label) => label.length)))
  const every = Math.max(Math.ceil(table.labels.length / 12), Math.ceil((longest * 9.5 + 6) / band))
  const chars = Math.max(3, Math.floor((band * every - 6) / 9.5))
  table.labels.forEach((label, index) => {
    if (index % every !== 0) return
    const x = n(PLOT.left + band * (index + 0.5))
    parts.push(
      `<text class="chart-tick" x="${x}" y="${HEIGHT - PLOT.bottom + 16}" text-anchor="middle">${escapeHtml(clip(label, chars))}</text>`,
    )
  })
  if (data.xLabel !== '')
    parts.push(
      `<text class="chart-axis-title" x="${n(PLOT.left + (right - PLOT.left) / 2)}" y="${HEIGHT - 8}" text-anchor="middle">${escapeHtml(clip(data.xLabel, 60))}</text>`,
    )
  if (data.yLabel !== '')
    parts.push(
      `<text class="chart-axis-title" transform="rotate(-90)" x="${-n(PLOT.top + (HEIGHT - PLOT.bottom - PLOT.top) / 2)}" y="14" text-anchor="middle">${escapeHtml(clip(data.yLabel, 40))}</text>`,
    )
  return parts.join('')
}

function scale(table: Table) {
  const values = table.series.flatMap((s) => s.values)
  const ticks = ticksFor(Math.min(0, ...values), Math.max(0, ...values))
  const low = ticks[0] ?? 0
  const high = ticks[ticks.length - 1] ?? 1
  const bottom = HEIGHT - PLOT.bottom
  const y = (v: number) => bottom - ((v - low) / (high - low || 1)) * (bottom - PLOT.top)
  const band = (WIDTH - PLOT.left - PLOT.right) / Math.max(1, table.labels.length)
  return { ticks, y, band }
}

function barMarks(table: Table, data: ChartBlockData): string {
  const { ticks, y, band } = scale(table)
  const group = band * 0.8
  const width = group / Math.max(1, table.series.length)
  const marks = table.series.flatMap((series, s) =>
    series.values.map((value, index) => {
      const x = PLOT.left + band * index + (band - group) / 2 + width * s
      const top = y(Math.max(0, value))
      const height = Math.abs(y(value) - y(0))
      return `<rect class="chart-mark chart-s${s % PALETTE}" x="${n(x)}" y="${n(top)}" width="${n(Math.max(1, width - 1))}" height="${n(height)}"><title>${escapeHtml(`${table.labels[index]}, ${series.name}: ${formatChartNumber(value)}`)}</title></rect>`
    }),
  )
  return axes(table, ticks, y, band, data) + marks.join('')
}

function lineMarks(table: Table, data: ChartBlockData): string {
  const { ticks, y, band } = scale(table)
  const marks = table.series.map((series, s) => {
    const points = series.values.map(
      (value, index) => [n(PLOT.left + band * (index + 0.5)), n(y(value))] as const,
    )
    const dots =
      points.length <= 60
        ? points
            .map(
              ([x, at], index) =>
                `<circle class="chart-mark chart-s${s % PALETTE}" cx="${x}" cy="${at}" r="3.5"><title>${escapeHtml(`${table.labels[index]}, ${series.name}: ${formatChartNumber(series.values[index] ?? 0)}`)}</title></circle>`,
            )
            .join('')
        : ''
    return `<polyline class="chart-mark chart-line chart-s${s % PALETTE}" fill="none" points="${points.map((p) => p.join(',')).join(' ')}"/>${dots}`
  })
  return axes(table, ticks, y, band, data) + marks.join('')
}

/** The first series as slices; negative values count as none. */
function pieMarks(table: Table): string {
  const values = (table.series[0]?.values ?? []).map((v) => Math.max(0, v))
  const total = values.reduce((sum, v) => sum + v, 0)
  const cx = WIDTH / 2
  const cy = HEIGHT / 2
  const r = HEIGHT / 2 - 12
  if (total === 0) return `<circle class="chart-grid" cx="${cx}" cy="${cy}" r="${r}" fill="none"/>`
  let angle = -Math.PI / 2
  return values
    .map((value, index) => {
      const title = `<title>${escapeHtml(`${table.labels[index]}: ${formatChartNumber(value)} (${formatChartNumber((value / total) * 100)}%)`)}</title>`
      const cls = `chart-mark chart-slice chart-s${index % PALETTE}`
      if (value === total) return `<circle class="${cls}" cx="${cx}" cy="${cy}" r="${r}">${title}</circle>`
      const sweep = (value / total) * Math.PI * 2
      const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)]
      angle += sweep
      const [x2, y2] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)]
      if (value === 0) return ''
      return `<path class="${cls}" d="M${cx},${cy}L${n(x1)},${n(y1)}A${r},${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${n(x2)},${n(y2)}Z">${title}</path>`
    })
    .join('')
}

function legend(entries: readonly string[]): string {
  if (entries.length === 0) return ''
  const items = entries.map(
    (name, index) =>
      `<li><span class="chart-swatch chart-s${index % PALETTE}" aria-hidden="true"></span>${escapeHtml(name)}</li>`,
  )
  return `<ul class="chart-legend">${items.join('')}</ul>`
}

function dataTable(table: Table, caption: string): string {
  const head = [table.labelName, ...table.series.map((s) => s.name)]
    .map((name) => `<th scope="col">${escapeHtml(name)}</th>`)
    .join('')
  const body = table.labels
    .map(
      (label, index) =>
        `<tr><th scope="row">${escapeHtml(label)}</th>${table.series.map((s) => `<td>${escapeHtml(formatChartNumber(s.values[index] ?? 0))}</td>`).join('')}</tr>`,
    )
    .join('')
  return `<details class="chart-data"><summary>${escapeHtml(BLOCKS_TEXT.chartShowData)}</summary><table><caption class="visually-hidden">${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></details>`
}

const KIND_NAMES = {
  bar: BLOCKS_TEXT.chartKindBar,
  line: BLOCKS_TEXT.chartKindLine,
  pie: BLOCKS_TEXT.chartKindPie,
} as const

/**
 * The chart's HTML. `id` makes the SVG's title and description ids unique on the page (the
 * caller derives it from the block's place and content).
 */
export function renderChart(data: ChartBlockData, id: string): string {
  const table = tableOf(data.rows)
  const title = data.title.trim() === '' ? BLOCKS_TEXT.chartUntitled : data.title.trim()
  const pie = data.chart === 'pie'
  const shown = pie ? table.series.slice(0, 1) : table.series
  const description = fillText(BLOCKS_TEXT.chartDescription, {
    kind: KIND_NAMES[data.chart],
    series: shown.map((s) => s.name).join(', '),
    labels: table.labelName,
    count: table.labels.length,
  })
  const marks =
    data.chart === 'bar'
      ? barMarks(table, data)
      : data.chart === 'line'
        ? lineMarks(table, data)
        : pieMarks(table)
  const safeId = escapeHtml(id)
  const svg =
    `<svg class="chart-svg chart-${data.chart}" role="img" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `aria-labelledby="${safeId}-t ${safeId}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${safeId}-t">${escapeHtml(title)}</title><desc id="${safeId}-d">${escapeHtml(description)}</desc>` +
    `${marks}</svg>`
  const caption =
    data.title.trim() === '' ? '' : `<figcaption class="chart-title">${escapeHtml(title)}</figcaption>`
  const keys = pie ? table.labels : shown.map((s) => s.name)
  return `<figure class="chart">${caption}${svg}${legend(keys)}${dataTable({ ...table, series: shown }, title)}</figure>`
}
