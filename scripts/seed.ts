// Seeds local state for `npm start` and the browser tests: KV from kv-fixtures/ (plus any
// --extra folders), with keys no fixture holds any more deleted, D1 migrations applied, and the
// demo rows of every table module that exports `demo` (worker/db/demo.ts: the product reviews,
// the demo site users) stored in D1 with that module's own statements (scripts/demo-data.ts).
// Idempotent: a second run writes the same keys and applies no migration twice.
//
//   npx tsx scripts/seed.ts [--persist-to DIR] [--extra DIR ...]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readFixtures } from '../kv-fixtures/fixtures.mjs'
import { demoSql, readDemoRows } from './demo-data.ts'
import { ROOT, runWrangler } from './wrangler.ts'

export async function seedLocalState({
  persistTo,
  extra = [],
}: {
  persistTo?: string
  extra?: string[]
} = {}): Promise<{ keys: number; deleted: number; d1: string }> {
  const persist = persistTo ? ['--persist-to', persistTo] : []
  const entries = [readFixtures(), ...extra.map((dir) => readFixtures(resolve(ROOT, dir)))].flat()
  const tmp = join(ROOT, '.wrangler', 'tmp')
  mkdirSync(tmp, { recursive: true })

  const wanted = new Set(entries.map((entry) => entry.key))
  const existing: { name: string }[] = JSON.parse(
    runWrangler(['kv', 'key', 'list', '--local', '--binding', 'CATALOG', ...persist]),
  )
  const stale = existing.map((key) => key.name).filter((name) => !wanted.has(name))
  if (stale.length > 0) {
    const staleFile = join(tmp, 'kv-stale.json')
    writeFileSync(staleFile, JSON.stringify(stale))
    runWrangler(['kv', 'bulk', 'delete', staleFile, '--local', '--binding', 'CATALOG', '--force', ...persist])
  }

  const seedFile = join(tmp, 'kv-seed.json')
  writeFileSync(seedFile, JSON.stringify(entries))
  runWrangler(['kv', 'bulk', 'put', seedFile, '--local', '--binding', 'CATALOG', ...persist])
  applyMigrations(persistTo)
  const demo = await readDemoRows(['kv-fixtures', ...extra])
  const demoFile = join(tmp, 'd1-demo.sql')
  writeFileSync(demoFile, await demoSql(demo))
  runWrangler(['d1', 'execute', 'DB', '--local', '--file', demoFile, ...persist])
  return {
    keys: entries.length,
    deleted: stale.length,
    d1: demo.map(({ table, rows }) => `${rows.length} ${table}`).join(', '),
  }
}

/** D1's migrations applied to the local state (none twice): the rest of that state as it is. */
export function applyMigrations(persistTo?: string): void {
  const persist = persistTo ? ['--persist-to', persistTo] : []
  runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...persist])
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'persist-to': { type: 'string' }, extra: { type: 'string', multiple: true } },
  })
  const result = await seedLocalState({ persistTo: values['persist-to'], extra: values.extra })
  console.log(
    `seeded ${result.keys} KV keys (${result.deleted} stale keys deleted), D1 migrations applied, demo rows: ${result.d1}`,
  )
}
