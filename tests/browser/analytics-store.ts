// What the worker stored, read from the test server's local D1 (`.wrangler/test-state-<port>`)
// with wrangler, as an operator would: the browser tests assert stored analytics events.
import { spawnSync } from 'node:child_process'
import { PORT } from './helpers'

export interface StoredEvent {
  event: string
  data: Record<string, unknown>
}

/** Analytics events whose data holds `needle` (an analytics id, a page path), oldest first. */
export function storedEventsWith(needle: string): StoredEvent[] {
  const quoted = needle.replace(/'/g, "''")
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      `.wrangler/test-state-${PORT}`,
      '--json',
      '--command',
      `SELECT event, data FROM analytics_events WHERE instr(data, '${quoted}') > 0 ORDER BY id`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    },
  )
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr}`)
  const rows = JSON.parse(result.stdout)[0].results as { event: string; data: string }[]
  return rows.map((row) => ({ event: row.event, data: JSON.parse(row.data) as Record<string, unknown> }))
}

/** The event names stored for `needle`, for `expect.poll`. */
export function storedEventNames(needle: string): string[] {
  return storedEventsWith(needle).map((row) => row.event)
}
