// Every worker test file starts from the demo tenants (kv-fixtures/ plus tests/fixtures/kv)
// and a migrated D1 with the demo site users, in the real bindings miniflare gives the pool.
import { applyD1Migrations, env } from 'cloudflare:test'
import { beforeAll } from 'vitest'
import { upsertReview } from '../../worker/db/product-reviews'

/** D1 takes a batch of statements in one transaction; keep each batch modest. */
const REVIEWS_PER_BATCH = 100

import { putSiteUser } from '../../worker/db/site-users'
import { newCrumb } from '../../worker/middleware/crumb'
import { crumbPool } from '../worker/visitor'

/** Crumbs a test file may use: each test visitor takes one (tests/worker/visitor.ts, newCrumb). */
const CRUMBS_PER_FILE = 4000

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  await Promise.all(env.TEST_FIXTURES.map(({ key, value }) => env.CATALOG.put(key, value)))
  const reviews = env.TEST_REVIEWS.map(({ siteId, review }) => upsertReview(env.DB, siteId, review))
  for (let start = 0; start < reviews.length; start += REVIEWS_PER_BATCH) {
    await env.DB.batch(reviews.slice(start, start + REVIEWS_PER_BATCH))
  }
  for (const user of env.TEST_SITE_USERS) await putSiteUser(env.DB, user)
  crumbPool.push(...(await Promise.all(Array.from({ length: CRUMBS_PER_FILE }, () => newCrumb(env)))))
})
