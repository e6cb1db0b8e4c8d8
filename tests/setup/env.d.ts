// Types of `env` and `exports` from 'cloudflare:workers' inside the worker tests.
import type { D1Migration } from 'cloudflare:test'
import type { DemoRows } from '../../worker/db/demo'
import type { Env as WorkerEnv } from '../../worker/env'

/** The queue settings of one environment, as wrangler reads them. */
interface TestQueues {
  producers: { binding: string; queue: string }[]
  consumers: {
    queue: string
    max_batch_size?: number
    max_retries?: number
    retry_delay?: number
    dead_letter_queue?: string
  }[]
}

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[]
      TEST_FIXTURES: { key: string; value: string; metadata?: { version: string } }[]
      /** The demo rows of D1's tables (worker/db/demo.ts), by table module. */
      TEST_DEMO_ROWS: DemoRows[]
      /** wrangler.toml's queues per environment (vitest.config.mts). */
      TEST_QUEUES: Record<'development' | 'production', TestQueues>
      /** worker/api-worker/wrangler.toml's queues per environment (vitest.config.mts). */
      TEST_API_QUEUES: Record<'development' | 'production', TestQueues>
      /** worker/editor/wrangler.toml's queues per environment (vitest.config.mts). */
      TEST_EDITOR_QUEUES: Record<'development' | 'production', TestQueues>
    }
    interface GlobalProps {
      mainModule: typeof import('../../worker/index')
    }
  }
}
