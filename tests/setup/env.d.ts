// Types of `env` and `exports` from 'cloudflare:workers' inside the worker tests.
import type { D1Migration } from 'cloudflare:test'
import type { SiteUserFixture } from '../../kv-fixtures/fixtures.mjs'
import type { ReviewSeed } from '../../worker/db/product-reviews'
import type { Env as WorkerEnv } from '../../worker/env'

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[]
      TEST_FIXTURES: { key: string; value: string }[]
      TEST_REVIEWS: { siteId: string; review: ReviewSeed }[]
      TEST_SITE_USERS: SiteUserFixture[]
    }
    interface GlobalProps {
      mainModule: typeof import('../../worker/index')
    }
  }
}
