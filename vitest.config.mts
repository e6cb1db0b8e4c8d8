// Worker tests run inside workerd through the Workers pool: real KV, D1, Durable Objects and
// Queues from wrangler.toml, with the D1 migrations and the demo tenants loaded per test file.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { kCurrentWorker } from 'miniflare'
import { defineConfig } from 'vitest/config'
import { unstable_readConfig } from 'wrangler'
import { readFixtures } from './kv-fixtures/fixtures.mjs'
import { buildEditor } from './scripts/build-editor.ts'
import { buildFonts } from './scripts/build-fonts.ts'
import { buildIslands } from './scripts/build-islands.ts'
import { buildTemplates } from './scripts/build-templates.ts'
import { readDemoRows } from './scripts/demo-data.ts'

// The worker imports the built-in templates compiled, the island manifest, the editor's Worker its bundle, the font catalogue's
// files are static assets: build them first, so
// `npx vitest` works on its own.
buildTemplates()
buildFonts()
await buildIslands()
await buildEditor()

/** The queues of a wrangler.toml in one environment, as wrangler reads them (tests/worker/queue-config.test.ts). */
function queuesOf(environment?: string, config = './wrangler.toml') {
  const { queues } = unstable_readConfig({ config, env: environment }, { hideWarnings: true })
  return { producers: queues.producers ?? [], consumers: queues.consumers ?? [] }
}

/** What a `[[queues.consumers]]` entry of a wrangler.toml holds, as wrangler reads it. */
type QueueConsumers = {
  queue: string
  max_batch_size?: number
  max_batch_timeout?: number
  max_retries?: number
  retry_delay?: number
  dead_letter_queue?: string
}[]

/** The queue consumers of a wrangler.toml, in miniflare's form (the API Worker's: the storefront's queues). */
function consumersOf(config: string) {
  const consumers: QueueConsumers = queuesOf(undefined, config).consumers
  return Object.fromEntries(
    consumers.map((consumer: QueueConsumers[number]) => [
      consumer.queue,
      {
        maxBatchSize: consumer.max_batch_size,
        maxBatchTimeout: consumer.max_batch_timeout,
        maxRetries: consumer.max_retries,
        retryDelay: consumer.retry_delay,
        deadLetterQueue: consumer.dead_letter_queue,
      },
    ]),
  )
}

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: './tests/setup/workers.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // The editor's publisher (worker/editor/wrangler.toml) beside the storefront's objects;
        // `EDITOR` is this very Worker: its entry sends `/config*` to the editor's app
        // (tests/setup/workers.ts), as production's routes send those paths to the editor's Worker.
        durableObjects: {
          CART: { className: 'CartObject', useSQLite: true },
          INVENTORY: { className: 'InventoryObject', useSQLite: true },
          PUBLISHER: { className: 'PublisherObject', useSQLite: true },
        },
        // `API` too: the API Worker (worker/api-worker/), whose entry answers `/api*` and
        // `/_operator*` in tests/setup/workers.ts as production's page Worker forwards them.
        serviceBindings: { EDITOR: kCurrentWorker, API: kCurrentWorker },
        // The editor's queue (worker/editor/wrangler.toml): file processing and purges, consumed by
        // this Worker's entry as by the editor's (tests/setup/workers.ts).
        queueProducers: { EDITOR_QUEUE: { queueName: 'editor-jobs' } },
        // The connections queue (issue 23) too: the storefront produces, the editor's Worker consumes.
        // The storefront's queues are the API Worker's to consume (worker/api-worker/wrangler.toml).
        queueConsumers: {
          ...consumersOf('./worker/api-worker/wrangler.toml'),
          'editor-jobs': { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 3 },
          'storefront-connections': {
            maxBatchSize: 10,
            maxBatchTimeout: 1,
            maxRetries: 8,
            deadLetterQueue: 'storefront-connections-dlq',
          },
          'storefront-connections-dlq': { maxBatchSize: 100, maxBatchTimeout: 1, maxRetries: 100 },
        },
        bindings: {
          // Tests publish by writing a version to KV directly, and expect the next view to show it
          // (a publish through `/config` forgets the isolate's versions: tests/worker/page-cache.test.ts).
          CONTENT_VERSION_SECONDS: '0',
          TEST_MIGRATIONS: await readD1Migrations('./worker/migrations'),
          TEST_FIXTURES: [...readFixtures(), ...readFixtures('./tests/fixtures/kv')],
          // The demo rows of D1's tables (worker/db/demo.ts), stored by tests/setup/worker-state.ts.
          TEST_DEMO_ROWS: await readDemoRows(['kv-fixtures', 'tests/fixtures/kv']),
          TEST_QUEUES: { development: queuesOf(), production: queuesOf('production') },
          TEST_API_QUEUES: {
            development: queuesOf(undefined, './worker/api-worker/wrangler.toml'),
            production: queuesOf('production', './worker/api-worker/wrangler.toml'),
          },
          TEST_EDITOR_QUEUES: {
            development: queuesOf(undefined, './worker/editor/wrangler.toml'),
            production: queuesOf('production', './worker/editor/wrangler.toml'),
          },
        },
      },
    }),
  ],
  // wrangler.toml defines NODE_ENV as production, so React's runtime is the production one:
  // compile JSX for it (`jsx`, not the development `jsxDEV`).
  oxc: { jsx: { runtime: 'automatic' as const, development: false } },
  test: {
    include: ['tests/worker/**/*.test.ts', 'tests/templates/**/*.test.ts', 'tests/islands/**/*.test.ts'],
    setupFiles: ['./tests/setup/worker-state.ts'],
    // Two cores: one test file at a time per core.
    maxWorkers: 2,
  },
}))
