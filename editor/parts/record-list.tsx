/**
 * What the shop's records screens share (orders, submissions, restock, reviews): the list's
 * place in the URL (`?cursor=` and filters, so Back, a reload and a shared link keep the page),
 * the table frame (a caption, column headers, a labelled region that scrolls on its own or
 * stacks its rows on phones) and the Previous page / Next page buttons.
 */
import { type ReactNode, useId } from 'react'
import { useLocation, useSearch } from 'wouter'
import { RECORDS_TEXT } from '../../shared/editing-areas'
import { addAreaStyle } from './area-style'

addAreaStyle()

/** The screen's query string as an object, and a way to change it (replacing the history entry for filters). */
export function useQuery(): [
  URLSearchParams,
  (changes: Record<string, string | null>, push?: boolean) => void,
] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const params = new URLSearchParams(search)
  const change = (changes: Record<string, string | null>, push = true) => {
    const next = new URLSearchParams(search)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name)
      else next.set(name, value)
    }
    const query = next.toString()
    navigate(query === '' ? location : `${location}?${query}`, { replace: !push })
  }
  return [params, change]
}

/** A column: its header, and the label each cell carries when rows stack on phones. */
export interface Column {
  label: string
  /** Numbers read right-aligned. */
  numeric?: boolean
}

export function RecordTable({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: readonly Column[]
  children: ReactNode
}) {
  const captionId = useId()
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <section className="records-table" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  )
}

/** A cell that names its column when the rows stack (phones). */
export function Cell({
  label,
  numeric,
  children,
}: {
  label: string
  numeric?: boolean
  children: ReactNode
}) {
  return (
    <td data-label={label} className={numeric ? 'num' : undefined}>
      {children}
    </td>
  )
}

/** Previous page and Next page; a button is left out at either end. */
export function Pager({
  label,
  onPrevious,
  onNext,
}: {
  label: string
  onPrevious: (() => void) | null
  onNext: (() => void) | null
}) {
  if (onPrevious === null && onNext === null) return null
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={onPrevious === null}
        onClick={onPrevious ?? undefined}
      >
        {RECORDS_TEXT.previousPage}
      </button>
      <button type="button" className="button" disabled={onNext === null} onClick={onNext ?? undefined}>
        {RECORDS_TEXT.nextPage}
      </button>
    </nav>
  )
}

/**
 * A short result of an action: success in a live region that is always there (so it is read out
 * when its text changes, without moving focus), a failure as an alert.
 */
export function Outcome({ text, error }: { text: string | null; error?: boolean }) {
  return (
    <>
      <div role="status">{text !== null && !error ? <p className="notice notice-ok">{text}</p> : null}</div>
      {text !== null && error ? (
        <p className="notice notice-error" role="alert">
          {text}
        </p>
      ) : null}
    </>
  )
}
