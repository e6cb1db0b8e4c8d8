/**
 * D1 access to `sign_in_failures` (worker/migrations/0005_hardening.sql): wrong passwords
 * counted per tenant, scope and subject (an account at an address, an address, a page at an
 * address), for the growing delays of auth/throttle.ts. Only failures write; a success clears
 * its own row.
 */

export interface FailureCount {
  failures: number
  lastFailureAt: number
}

/** The counts of `subjects` in `scope`, by subject (absent: no failure counted). */
export async function failureCounts(
  db: D1Database,
  siteId: string,
  keys: readonly { scope: string; subject: string }[],
): Promise<Map<string, FailureCount>> {
  const rows = await db.batch(
    keys.map(({ scope, subject }) =>
      db
        .prepare(
          'SELECT scope, subject, failures, last_failure_at FROM sign_in_failures WHERE site_id = ? AND scope = ? AND subject = ?',
        )
        .bind(siteId, scope, subject),
    ),
  )
  const counts = new Map<string, FailureCount>()
  for (const result of rows) {
    const row = (
      result.results as { scope: string; subject: string; failures: number; last_failure_at: number }[]
    )[0]
    if (row)
      counts.set(`${row.scope}|${row.subject}`, {
        failures: row.failures,
        lastFailureAt: row.last_failure_at,
      })
  }
  return counts
}

/**
 * Counts one failure for each key at `now`; a count whose last failure is older than
 * `windowMs` starts again from 1.
 */
export async function recordFailures(
  db: D1Database,
  siteId: string,
  keys: readonly { scope: string; subject: string }[],
  now: number,
  windowMs: number,
): Promise<void> {
  await db.batch(
    keys.map(({ scope, subject }) =>
      db
        .prepare(
          `INSERT INTO sign_in_failures (site_id, scope, subject, failures, last_failure_at) VALUES (?, ?, ?, 1, ?)
           ON CONFLICT (site_id, scope, subject) DO UPDATE SET
             failures = CASE WHEN last_failure_at < ? THEN 1 ELSE failures + 1 END,
             last_failure_at = excluded.last_failure_at`,
        )
        .bind(siteId, scope, subject, now, now - windowMs),
    ),
  )
}

/** Forgets the failures of `key` (the right password was given). */
export async function clearFailures(
  db: D1Database,
  siteId: string,
  key: { scope: string; subject: string },
): Promise<void> {
  await db
    .prepare('DELETE FROM sign_in_failures WHERE site_id = ? AND scope = ? AND subject = ?')
    .bind(siteId, key.scope, key.subject)
    .run()
}
