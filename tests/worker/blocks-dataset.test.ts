// A chart's dataset (shared/blocks/dataset.ts): pasted CSV read with its quotes, a huge paste
// cut at the limits at once, and platform.md section 5's messages for a dataset a chart cannot draw.
import { describe, expect, it } from 'vitest'
import { BLOCK_LIMITS, datasetProblem, parseCsv } from '../../shared/editing-areas'

describe('Reading pasted CSV', () => {
  it('Should read quoted fields with commas, doubled quotes and newlines, and CRLF lines', () => {
    const parsed = parseCsv('Name,Note\r\n"Smith, J","He said ""hi"""\r\n"Two\nlines",x\r\n')
    expect(parsed).toEqual({
      rows: [
        ['Name', 'Note'],
        ['Smith, J', 'He said "hi"'],
        ['Two\nlines', 'x'],
      ],
      rowsTruncated: false,
      columnsTruncated: false,
    })
  })

  it('Should read a spreadsheet copy (tabs) and skip blank lines', () => {
    expect(parseCsv('Month\tSales\n\nJan\t1,200\n').rows).toEqual([
      ['Month', 'Sales'],
      ['Jan', '1,200'],
    ])
  })

  it('Should stop at the row and column limits of a 50,000-row paste, at once', () => {
    const wide = Array.from({ length: 30 }, (_, i) => `c${i}`).join(',')
    const text = `${wide}\n${Array.from({ length: 50_000 }, (_, i) => `${i},${i * 2}`).join('\n')}`
    const started = performance.now()
    const parsed = parseCsv(text)
    expect(performance.now() - started).toBeLessThan(50)
    expect(parsed.rows).toHaveLength(BLOCK_LIMITS.maxRows + 1)
    expect(parsed.rows[0]).toHaveLength(BLOCK_LIMITS.maxColumns)
    expect(parsed.rowsTruncated).toBe(true)
    expect(parsed.columnsTruncated).toBe(true)
  })
})

describe('Dataset messages', () => {
  it("Should say a dataset needs a column, a row, and rows without gaps, in the spec's words", () => {
    expect(datasetProblem([])).toBe('Your dataset must have at least one column')
    expect(datasetProblem([['Month'], ['Jan']])).toBe('Your dataset must have at least one column')
    expect(datasetProblem([['Month', 'Sales']])).toBe('Your dataset must have at least one row')
    expect(
      datasetProblem([
        ['Month', 'Sales', 'Returns'],
        ['Jan', '3', ''],
      ]),
    ).toBe('One or more rows was missing data')
    expect(
      datasetProblem([
        ['Month', 'Sales'],
        ['Jan', 'many'],
      ]),
    ).toBe('“many” in row 1 is not a number.')
    expect(
      datasetProblem([
        ['Month', 'Sales', ''],
        ['Jan', '$1,200.50', ''],
        ['', '', ''],
      ]),
    ).toBeNull()
  })
})
