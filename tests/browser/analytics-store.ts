// What the worker stored, read from the test server's local D1 (`.wrangler/test-state-<port>`)
// with wrangler, as an operator would: the browser tests assert stored analytics events.
import { queryLocalD1 } from '../local-d1'
import { PORT } from './helpers'

export interface StoredEvent {
  event: string
  data: Record<string, unknown>
}

/** Analytics events whose data holds `needle` (an analytics id, a page path), oldest first. */
export function storedEventsWith(needle: string): StoredEvent[] {
  const quoted = needle.replace(/'/g, "''")
  const rows = queryLocalD1<{ event: string; data: string }>(
    `.wrangler/test-state-${PORT}`,
    `SELECT event, data FROM analytics_events WHERE instr(data, '${quoted}') > 0 ORDER BY id`,
  )
  return rows.map((row) => ({ event: row.event, data: JSON.parse(row.data) as Record<string, unknown> }))
}

/** The event names stored for `needle`, for `expect.poll`. */
export function storedEventNames(needle: string): string[] {
  return storedEventsWith(needle).map((row) => row.event)
}
