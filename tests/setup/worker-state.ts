// Every worker test file starts from the demo tenants (kv-fixtures/ plus tests/fixtures/kv)
// and a migrated D1 with the demo rows of every table module that exports `demo` (the product
// reviews, the demo site users; worker/db/demo.ts), in the real bindings miniflare gives the pool.
import { applyD1Migrations, env } from 'cloudflare:test'
import { beforeAll } from 'vitest'
import type { DemoTable } from '../../worker/db/demo'
import { newCrumb } from '../../worker/middleware/crumb'
import { crumbPool } from '../worker/visitor'

/** D1 takes a batch of statements in one transaction; keep each batch modest. */
const STATEMENTS_PER_BATCH = 100

/** Crumbs a test file may use: each test visitor takes one (tests/worker/visitor.ts, newCrumb). */
const CRUMBS_PER_FILE = 4000

/** Every table module, by name: the ones with demo rows export `demo` (scripts/demo-data.ts finds them the same way). */
const tableModules = import.meta.glob<{ demo?: DemoTable<unknown> }>('../../worker/db/*.ts', { eager: true })
const demoOf = (table: string) => tableModules[`../../worker/db/${table}.ts`]?.demo

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  await Promise.all(
    env.TEST_FIXTURES.map(({ key, value, metadata }) => env.CATALOG.put(key, value, { metadata })),
  )
  const now = Date.now()
  for (const { table, rows } of env.TEST_DEMO_ROWS) {
    const demo = demoOf(table)
    if (demo === undefined) throw new Error(`worker/db/${table}.ts exports no demo`)
    const statements = demo.statements(env.DB, rows, now)
    for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
      await env.DB.batch(statements.slice(start, start + STATEMENTS_PER_BATCH))
    }
  }
  crumbPool.push(...(await Promise.all(Array.from({ length: CRUMBS_PER_FILE }, () => newCrumb(env)))))
})
