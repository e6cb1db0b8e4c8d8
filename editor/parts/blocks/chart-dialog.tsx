/**
 * The data table and chart editor of platform.md section 1 (a lazy chunk of its own): a grid
 * the merchant types into or pastes CSV into (shared/blocks/dataset.ts reads it, stopping at
 * BLOCK_LIMITS so a 50,000-row paste returns at once with the truncation notice), the chart
 * type, its title and axis titles, and a live preview drawn by the same renderer the editor's
 * Worker stores (shared/blocks/chart-svg.ts). A dataset the chart cannot draw is not inserted:
 * section 5's message shows beside the grid.
 */

import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  BLOCK_LIMITS,
  BLOCK_TYPES,
  BLOCKS_TEXT,
  type BlockData,
  type ChartBlockData,
  type ChartKind,
  datasetProblem,
  parseCsv,
  renderChart,
  trimDataset,
} from '../../../shared/editing-areas'
import { fillText } from '../../../shared/index'
import { Dialog } from '../dialog'
import { addBlockStyle } from './block-style'
import { Choices } from './choices'
import type { BlockValue } from './render-block'

const KINDS: { value: ChartKind; label: string }[] = [
  { value: 'bar', label: BLOCKS_TEXT.chartBar },
  { value: 'line', label: BLOCKS_TEXT.chartLine },
  { value: 'pie', label: BLOCKS_TEXT.chartPie },
]

const MAX_ROWS = BLOCK_LIMITS.maxRows + 1

/** Every row as wide as the widest, at least `minRows` by `minColumns`. */
function rectangle(rows: readonly (readonly string[])[], minRows = 2, minColumns = 2): string[][] {
  const width = Math.max(minColumns, ...rows.map((row) => row.length))
  const out = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''))
  while (out.length < minRows) out.push(Array.from({ length: width }, () => ''))
  return out
}

interface Notices {
  rows: boolean
  columns: boolean
}

export default function ChartDialog({
  initial,
  onSubmit,
  onClose,
}: {
  initial: BlockData | null
  onSubmit: (value: BlockValue) => void
  onClose: () => void
}) {
  const start = initial !== null && 'chart' in initial ? initial : null
  const [rows, setRows] = useState<string[][]>(() =>
    rectangle(
      start?.rows ?? [
        ['', ''],
        ['', ''],
      ],
    ),
  )
  const [chart, setChart] = useState<ChartKind>(start?.chart ?? 'bar')
  const [title, setTitle] = useState(start?.title ?? '')
  const [xLabel, setXLabel] = useState(start?.xLabel ?? '')
  const [yLabel, setYLabel] = useState(start?.yLabel ?? '')
  const csv = useRef<HTMLTextAreaElement>(null)
  const [csvTyped, setCsvTyped] = useState(false)
  const [notices, setNotices] = useState<Notices>({ rows: false, columns: false })
  const [tried, setTried] = useState(false)
  const grid = useRef<HTMLDivElement>(null)
  const ids = useId()
  useEffect(addBlockStyle, [])

  const problem = useMemo(() => datasetProblem(rows), [rows])
  const data: ChartBlockData = {
    chart,
    title: title.trim(),
    xLabel: xLabel.trim(),
    yLabel: yLabel.trim(),
    rows: trimDataset(rows),
  }
  const preview = problem === null ? renderChart(data, `${ids}chart`) : null

  const setCell = (r: number, c: number, value: string) =>
    setRows((current) =>
      current.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? value : cell)) : row)),
    )

  /** Pasted rows written from cell (r, c) on, the grid growing up to the limits. */
  const placeRows = (pasted: string[][], r: number, c: number, truncated: Notices) => {
    setRows((current) => {
      const next = current.map((row) => [...row])
      let rowsCut = truncated.rows
      let columnsCut = truncated.columns
      pasted.forEach((line, i) => {
        const at = r + i
        if (at >= MAX_ROWS) {
          rowsCut = true
          return
        }
        while (next.length <= at) next.push([])
        line.forEach((cell, j) => {
          if (c + j >= BLOCK_LIMITS.maxColumns) columnsCut = true
          else (next[at] as string[])[c + j] = cell
        })
      })
      setNotices({ rows: rowsCut, columns: columnsCut })
      return rectangle(next)
    })
  }

  const onCellPaste = (event: ClipboardEvent<HTMLInputElement>, r: number, c: number) => {
    const text = event.clipboardData.getData('text/plain')
    if (!/[\t,\n\r]/.test(text)) return
    event.preventDefault()
    const parsed = parseCsv(text, BLOCK_LIMITS.maxRows, BLOCK_LIMITS.maxColumns)
    placeRows(parsed.rows, r, c, { rows: parsed.rowsTruncated, columns: parsed.columnsTruncated })
  }

  const readCsv = (text: string) => {
    const parsed = parseCsv(text)
    setRows(rectangle(parsed.rows))
    setNotices({ rows: parsed.rowsTruncated, columns: parsed.columnsTruncated })
    if (csv.current) csv.current.value = ''
    setCsvTyped(false)
  }

  // A paste goes straight to the grid, never into the text area: a browser laying out 50,000
  // pasted lines in a text area freezes the tab before any code could cut them.
  const onCsvPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    event.preventDefault()
    readCsv(event.clipboardData.getData('text/plain'))
  }

  /** Up and down move between rows, as in a spreadsheet; Tab walks the cells. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    const to =
      event.key === 'ArrowDown' || event.key === 'Enter' ? r + 1 : event.key === 'ArrowUp' ? r - 1 : null
    if (to === null) return
    const target = grid.current?.querySelector<HTMLInputElement>(`[data-cell="${to}-${c}"]`)
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }

  const width = rows[0]?.length ?? 0
  const submit = () => {
    setTried(true)
    if (problem !== null) return
    onSubmit({ type: BLOCK_TYPES.chart, data })
  }
  const showProblem = tried && problem !== null
  return (
    <Dialog
      open
      wide
      title={BLOCKS_TEXT.chartBlockTitle}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {BLOCKS_TEXT.cancel}
          </button>
          <button type="button" className="button button-primary" onClick={submit}>
            {initial === null ? BLOCKS_TEXT.insert : BLOCKS_TEXT.update}
          </button>
        </>
      }
    >
      <div className="dialog-body">
        <Choices
          legend={BLOCKS_TEXT.chartType}
          name={`${ids}-kind`}
          options={KINDS}
          value={chart}
          onChange={setChart}
        />
        <div className="grid-2">
          <div className="field">
            <label className="label" htmlFor={`${ids}-title`}>
              {BLOCKS_TEXT.chartTitle}
            </label>
            <input
              id={`${ids}-title`}
              value={title}
              maxLength={BLOCK_LIMITS.chartTextLength}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          {chart === 'pie' ? null : (
            <>
              <div className="field">
                <label className="label" htmlFor={`${ids}-x`}>
                  {BLOCKS_TEXT.chartXLabel}
                </label>
                <input
                  id={`${ids}-x`}
                  value={xLabel}
                  maxLength={BLOCK_LIMITS.chartTextLength}
                  onChange={(e) => setXLabel(e.target.value)}
                />
              </div>
              <div className="field">
                <label className="label" htmlFor={`${ids}-y`}>
                  {BLOCKS_TEXT.chartYLabel}
                </label>
                <input
                  id={`${ids}-y`}
                  value={yLabel}
                  maxLength={BLOCK_LIMITS.chartTextLength}
                  onChange={(e) => setYLabel(e.target.value)}
                />
              </div>
            </>
          )}
        </div>
        <section className="field" aria-labelledby={`${ids}-data`}>
          <h3 className="label" id={`${ids}-data`}>
            {BLOCKS_TEXT.dataset}
          </h3>
          <p className="hint" id={`${ids}-help`}>
            {BLOCKS_TEXT.datasetHelp}
          </p>
          <div className="dataset-grid" ref={grid}>
            <table aria-labelledby={`${ids}-data`} aria-describedby={`${ids}-help`}>
              <tbody>
                {rows.map((row, r) => (
                  // Rows have no identity but their place; the grid only grows and shrinks at its end.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={r}>
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <td key={c}>
                        <input
                          data-cell={`${r}-${c}`}
                          aria-label={fillText(BLOCKS_TEXT.cellLabel, { row: r + 1, column: c + 1 })}
                          aria-invalid={showProblem && r > 0 && cell.trim() === '' ? true : undefined}
                          value={cell}
                          maxLength={BLOCK_LIMITS.cellLength}
                          onChange={(e) => setCell(r, c, e.target.value)}
                          onPaste={(e) => onCellPaste(e, r, c)}
                          onKeyDown={(e) => onKeyDown(e, r, c)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="dataset-actions">
            <button
              type="button"
              className="button"
              disabled={rows.length >= MAX_ROWS}
              onClick={() => setRows((current) => [...current, Array.from({ length: width }, () => '')])}
            >
              {BLOCKS_TEXT.addRow}
            </button>
            <button
              type="button"
              className="button"
              disabled={width >= BLOCK_LIMITS.maxColumns}
              onClick={() => setRows((current) => current.map((row) => [...row, '']))}
            >
              {BLOCKS_TEXT.addColumn}
            </button>
            <button
              type="button"
              className="button"
              disabled={rows.length <= 1}
              onClick={() => setRows((current) => current.slice(0, -1))}
            >
              {BLOCKS_TEXT.removeRow}
            </button>
            <button
              type="button"
              className="button"
              disabled={width <= 1}
              onClick={() => setRows((current) => current.map((row) => row.slice(0, -1)))}
            >
              {BLOCKS_TEXT.removeColumn}
            </button>
          </div>
          <div role="status">
            {notices.rows ? (
              <p className="notice">
                {fillText(BLOCKS_TEXT.datasetRowsTruncated, { maxRows: BLOCK_LIMITS.maxRows })}
              </p>
            ) : null}
            {notices.columns ? (
              <p className="notice">
                {fillText(BLOCKS_TEXT.datasetColumnsTruncated, { maxColumns: BLOCK_LIMITS.maxColumns })}
              </p>
            ) : null}
          </div>
          <div role="alert">{showProblem ? <p className="field-error">{problem}</p> : null}</div>
        </section>
        <div className="field">
          <label className="label" htmlFor={`${ids}-csv`}>
            {BLOCKS_TEXT.pasteCsv}
          </label>
          <p className="hint" id={`${ids}-csv-help`}>
            {BLOCKS_TEXT.pasteCsvHelp}
          </p>
          <textarea
            id={`${ids}-csv`}
            rows={3}
            aria-describedby={`${ids}-csv-help`}
            ref={csv}
            onPaste={onCsvPaste}
            onChange={(e) => setCsvTyped(e.target.value.trim() !== '')}
          />
          <div className="dataset-actions">
            <button
              type="button"
              className="button"
              disabled={!csvTyped}
              onClick={() => readCsv(csv.current?.value ?? '')}
            >
              {BLOCKS_TEXT.useCsv}
            </button>
          </div>
        </div>
        <section className="field" aria-labelledby={`${ids}-preview`}>
          <h3 className="label" id={`${ids}-preview`}>
            {BLOCKS_TEXT.preview}
          </h3>
          <div className="block-dialog-preview">
            {preview === null ? (
              <p className="block-preview">{BLOCKS_TEXT.previewEmpty}</p>
            ) : (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the shared chart renderer's output, every value escaped
              <div className="block-preview" dangerouslySetInnerHTML={{ __html: preview }} />
            )}
          </div>
        </section>
      </div>
    </Dialog>
  )
}
