// `npm test`: the island and editor builds, the type check, the worker suite in workerd, then the browser suite in Chromium,
// and one closing line that counts both suites: `tests: N passed, N failed`.
// Every step runs even when an earlier one fails, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, WRANGLER_ENV } from './wrangler.ts'

const RESULTS = join(ROOT, '.test-results')
rmSync(RESULTS, { recursive: true, force: true })
mkdirSync(RESULTS, { recursive: true })

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n> ${label}`)
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...WRANGLER_ENV, ...env } })
  return result.status === 0
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name)
const steps = {
  templates: run('built-in templates', process.execPath, [
    '--import',
    'tsx',
    join(ROOT, 'scripts', 'build-templates.ts'),
  ]),
  fonts: run('font files', process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'build-fonts.ts')]),
  build: run('island bundle', process.execPath, [
    '--import',
    'tsx',
    join(ROOT, 'scripts', 'build-islands.ts'),
  ]),
  editor: run('editor bundle', process.execPath, [
    '--import',
    'tsx',
    join(ROOT, 'scripts', 'build-editor.ts'),
  ]),
  typecheck: run('type check', 'npm', ['run', '--silent', 'typecheck']),
  worker: run('worker tests (workerd)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(RESULTS, 'vitest.json')}`,
  ]),
  browser: run('browser tests (Chromium)', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(RESULTS, 'playwright.json'),
  }),
}

function readJson(name: string) {
  const file = join(RESULTS, name)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
}

const vitest = readJson('vitest.json')
const playwright = readJson('playwright.json')
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0)
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0)
const failedSteps = Object.entries(steps)
  .filter(([, ok]) => !ok)
  .map(([name]) => name)

console.log('')
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(failedSteps.length > 0 || passed === 0 ? 1 : 0)
