// Seeds local state for `npm start` and the browser tests: KV from kv-fixtures/ (plus any
// --extra folders), with keys no fixture holds any more deleted, D1 migrations applied, and the
// fixture sites' product reviews written to D1 (kv-fixtures/reviews.mjs), and the
// demo site users (kv-fixtures/d1/site-users.json) stored in D1.
// Idempotent: a second run writes the same keys and applies no migration twice.
//
//   npx tsx scripts/seed.ts [--persist-to DIR] [--extra DIR ...]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readFixtures, readSiteUsers, type SiteUserFixture } from '../kv-fixtures/fixtures.mjs'
import { readReviews, reviewsSql } from '../kv-fixtures/reviews.mjs'
import { ROOT, runWrangler } from './wrangler'

export function seedLocalState({ persistTo, extra = [] }: { persistTo?: string; extra?: string[] } = {}) {
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
  runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...persist])
  const reviews = [readReviews(), ...extra.map((dir) => readReviews(resolve(ROOT, dir)))].flat()
  if (reviews.length > 0) {
    const reviewsFile = join(tmp, 'reviews-seed.sql')
    writeFileSync(reviewsFile, reviewsSql(reviews))
    runWrangler(['d1', 'execute', 'DB', '--local', '--file', reviewsFile, ...persist])
  }
  const siteUsersFile = join(tmp, 'd1-site-users.sql')
  const siteUsers = readSiteUsers()
  writeFileSync(siteUsersFile, siteUsersSql(siteUsers))
  runWrangler(['d1', 'execute', 'DB', '--local', '--file', siteUsersFile, ...persist])
  return { keys: entries.length, deleted: stale.length, reviews: reviews.length, siteUsers: siteUsers.length }
}

const sqlText = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`

/**
 * The demo site users as SQL (the same writes as worker/db/site-users.ts `putSiteUser`): each
 * user replaced by id with their roles, so seeding twice changes nothing.
 */
export function siteUsersSql(users: SiteUserFixture[]): string {
  const lines: string[] = []
  for (const user of users) {
    const values = [user.id, user.siteId, user.email.toLowerCase(), user.displayName, user.passwordHash]
    lines.push(
      `INSERT INTO site_users (id, site_id, email, display_name, password_hash, created_at) VALUES (${values.map(sqlText).join(', ')}, ${Date.now()}) ON CONFLICT (id) DO UPDATE SET site_id = excluded.site_id, email = excluded.email, display_name = excluded.display_name, password_hash = excluded.password_hash;`,
      `DELETE FROM site_user_roles WHERE site_user_id = ${sqlText(user.id)};`,
      ...user.roles.map(
        (role: number) =>
          `INSERT INTO site_user_roles (site_user_id, role) VALUES (${sqlText(user.id)}, ${Number(role)});`,
      ),
    )
  }
  return `${lines.join('\n')}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'persist-to': { type: 'string' }, extra: { type: 'string', multiple: true } },
  })
  const result = seedLocalState({ persistTo: values['persist-to'], extra: values.extra })
  console.log(
    `seeded ${result.keys} KV keys (${result.deleted} stale keys deleted), D1 migrations applied, ${result.reviews} reviews, ${result.siteUsers} demo site users`,
  )
}
