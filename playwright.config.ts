// Browser tests: Debian's Chromium (never a downloaded browser) against the worker served by
// `wrangler dev` on its own port and its own fresh local state, seeded like `npm start`.
import { defineConfig } from '@playwright/test'

// Tests render island markup in Node with the worker's React server build (production): give
// them React's production build too, or the two disagree.
process.env.NODE_ENV = 'production'

// STOREFRONT_TEST_PORT lets two runs (two engineers, one machine) use their own server and state.
const PORT = Number(process.env.STOREFRONT_TEST_PORT ?? 8788)

export default defineConfig({
  testDir: 'tests/browser',
  // Per port, so two runs on one machine do not clear each other's results.
  outputDir: `test-results/${PORT}`,
  // Two cores: the worker needs one.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The JSON report feeds the closing count of `npm test` (scripts/test.ts).
  reporter: [['list'], ['json']],
  // Two cores shared with workerd: React's first load on an island can take seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://aurora.localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node --import tsx scripts/start.ts --port ${PORT} --persist-to .wrangler/test-state-${PORT} --fresh --extra tests/fixtures/kv`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
