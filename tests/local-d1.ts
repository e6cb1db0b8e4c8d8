// Reading a running local server's D1 with wrangler, as an operator would: the browser tests
// and the beacon load script count what the worker stored.
import { spawnSync } from 'node:child_process'

/** A second process reading the server's SQLite file can meet its write lock: try again. */
const BUSY = /SQLITE_BUSY|database is locked/
const ATTEMPTS = 5

/** The rows `sql` answers in the local D1 kept under `persistTo` (`.wrangler/test-state-8788`). */
export function queryLocalD1<Row>(persistTo: string, sql: string): Row[] {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      process.execPath,
      [
        'node_modules/wrangler/bin/wrangler.js',
        'd1',
        'execute',
        'DB',
        '--local',
        '--persist-to',
        persistTo,
        '--json',
        '--command',
        sql,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      },
    )
    if (result.status === 0) return JSON.parse(result.stdout)[0].results as Row[]
    if (attempt >= ATTEMPTS || !BUSY.test(result.stderr)) {
      throw new Error(`wrangler d1 execute failed: ${result.stderr}`)
    }
    // The server's write is a moment long; wait a little longer each time (synchronously, as the caller is).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt)
  }
}
