// Every worker test file starts from the demo tenants (kv-fixtures/ plus tests/fixtures/kv)
// and a migrated D1 with the demo site users, in the real bindings miniflare gives the pool.
import { applyD1Migrations, env } from 'cloudflare:test'
import { beforeAll } from 'vitest'
import { putSiteUser } from '../../worker/db/site-users'

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  await Promise.all(env.TEST_FIXTURES.map(({ key, value }) => env.CATALOG.put(key, value)))
  for (const user of env.TEST_SITE_USERS) await putSiteUser(env.DB, user)
})
