// Seeds local state for `npm start` and the browser tests: KV from kv-fixtures/ (plus any
// --extra folders), with keys no fixture holds any more deleted, D1 migrations applied, and the
// fixture sites' product reviews written to D1 (kv-fixtures/reviews.mjs).
// Idempotent: a second run writes the same keys and applies no migration twice.
//
//   node scripts/seed.mjs [--persist-to DIR] [--extra DIR ...]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readFixtures } from '../kv-fixtures/fixtures.mjs'
import { readReviews, reviewsSql } from '../kv-fixtures/reviews.mjs'
import { ROOT, runWrangler } from './wrangler.mjs'

export function seedLocalState({ persistTo, extra = [] } = {}) {
  const persist = persistTo ? ['--persist-to', persistTo] : []
  const entries = [readFixtures(), ...extra.map((dir) => readFixtures(resolve(ROOT, dir)))].flat()
  const tmp = join(ROOT, '.wrangler', 'tmp')
  mkdirSync(tmp, { recursive: true })

  const wanted = new Set(entries.map((entry) => entry.key))
  const existing = JSON.parse(
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
  runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...persist])
  const reviews = [readReviews(), ...extra.map((dir) => readReviews(resolve(ROOT, dir)))].flat()
  if (reviews.length > 0) {
    const reviewsFile = join(tmp, 'reviews-seed.sql')
    writeFileSync(reviewsFile, reviewsSql(reviews))
    runWrangler(['d1', 'execute', 'DB', '--local', '--file', reviewsFile, ...persist])
  }
  return { keys: entries.length, deleted: stale.length, reviews: reviews.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'persist-to': { type: 'string' }, extra: { type: 'string', multiple: true } },
  })
  const result = seedLocalState({ persistTo: values['persist-to'], extra: values.extra })
  console.log(
    `seeded ${result.keys} KV keys (${result.deleted} stale keys deleted), D1 migrations applied, ${result.reviews} reviews`,
  )
}
