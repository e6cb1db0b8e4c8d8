import { EDITOR_TEXT } from '../../shared/index'

/** A failed load: what failed, why (a network error says so), and Retry. */
export function LoadError({
  title,
  detail,
  onRetry,
  screen,
}: {
  title: string
  detail?: string
  onRetry: () => void
  /** The whole screen failed: its title is the page's heading. */
  screen?: boolean
}) {
  return (
    <div className="notice notice-error" role="alert">
      {screen ? <h1 className="notice-title">{title}</h1> : <p className="notice-title">{title}</p>}
      {detail !== undefined && detail !== title ? <p>{detail}</p> : null}
      <button type="button" className="button" onClick={onRetry}>
        {EDITOR_TEXT.retry}
      </button>
    </div>
  )
}

export function Loading() {
  return (
    <p className="loading" role="status">
      {EDITOR_TEXT.loading}
    </p>
  )
}
