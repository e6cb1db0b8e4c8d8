/**
 * A chart's dataset: reading pasted CSV (or a spreadsheet's tab-separated copy) and the checks
 * behind platform.md section 5's dataset messages. Both the chart editor and the editor's Worker
 * run them, so the grid and a save agree.
 */

import { BLOCKS_TEXT } from '../text/editing-blocks'
import { fillText } from '../text/format'
import { BLOCK_LIMITS } from './model'

export interface ParsedCsv {
  rows: string[][]
  /** More than `maxRows` data rows were pasted: only the first were read. */
  rowsTruncated: boolean
  /** A row had more than `maxColumns` cells: each row was cut. */
  columnsTruncated: boolean
}

/**
 * RFC 4180 CSV: fields separated by commas (or tabs, when the first line has a tab and no
 * comma, as a spreadsheet copies), quoted fields may hold separators, newlines and doubled quotes,
 * lines end in CRLF or LF. Reading stops at the first row past `maxRows` data rows (the first
 * row names the columns), so a 50,000-row paste costs no more than a full chart; cells past
 * `maxColumns` are dropped as they are read, and cells longer than `cellLength` are cut.
 */
export function parseCsv(
  text: string,
  maxRows: number = BLOCK_LIMITS.maxRows,
  maxColumns: number = BLOCK_LIMITS.maxColumns,
  cellLength: number = BLOCK_LIMITS.cellLength,
): ParsedCsv {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const separator = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ','
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let columnsTruncated = false
  let rowsTruncated = false
  const endCell = () => {
    if (row.length < maxColumns) row.push(cell.trim().slice(0, cellLength))
    else columnsTruncated = true
    cell = ''
  }
  const endRow = (): boolean => {
    endCell()
    // A blank line is no row (a trailing newline, a gap between blocks of data).
    if (!(row.length === 1 && row[0] === '')) {
      if (rows.length === maxRows + 1) {
        rowsTruncated = true
        return false
      }
      rows.push(row)
    }
    row = []
    return true
  }
  let i = 0
  for (; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"' && cell.trim() === '') {
      cell = ''
      quoted = true
    } else if (ch === separator) endCell()
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      if (!endRow()) break
    } else cell += ch
  }
  if (i >= text.length && (cell !== '' || row.length > 0)) endRow()
  return { rows, rowsTruncated, columnsTruncated }
}

/** A cell as a number: spaces, thousands commas, a leading currency sign and a trailing % ignored. */
export function cellNumber(cell: string): number | null {
  const plain = cell
    .replace(/[\s,]/g, '')
    .replace(/^([-+]?)[$€£¥]/, '$1')
    .replace(/%$/, '')
  if (plain === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(plain)) return null
  const value = Number(plain)
  return Number.isFinite(value) ? value : null
}

/** The rows without wholly blank rows and columns (a grid's spare row or column). */
export function trimDataset(rows: readonly (readonly string[])[]): string[][] {
  const kept = rows.filter((row) => row.some((cell) => cell.trim() !== '')).map((row) => [...row])
  const width = Math.max(0, ...kept.map((row) => row.length))
  const used: number[] = []
  for (let column = 0; column < width; column++)
    if (kept.some((row) => (row[column] ?? '').trim() !== '')) used.push(column)
  return kept.map((row) => used.map((column) => (row[column] ?? '').trim()))
}

/**
 * What is wrong with a dataset, in platform.md section 5's words, or null. The first row names
 * the columns: a label column and at least one series; every later row needs its label and a
 * number in every series.
 */
export function datasetProblem(rows: readonly (readonly string[])[]): string | null {
  const data = trimDataset(rows)
  const header = data[0] ?? []
  if (header.length < 2) return BLOCKS_TEXT.datasetNeedsColumn
  if (data.length < 2) return BLOCKS_TEXT.datasetNeedsRow
  for (const [index, row] of data.entries()) {
    if (index === 0) continue
    if (row.some((cell) => cell === '')) return BLOCKS_TEXT.datasetMissingData
    for (const cell of row.slice(1))
      if (cellNumber(cell) === null) return fillText(BLOCKS_TEXT.datasetNotANumber, { val: cell, row: index })
  }
  return null
}
