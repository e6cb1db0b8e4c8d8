#!/usr/bin/env node
// `npm run conformance [-- runner args]`: runs the shared JSON-T conformance runner
// (../shared/tools/jsont-conformance) with our adapter over ../shared/jsont-specs, both found
// next to this repository (override with JSONT_SHARED_DIR).
//
// By default it runs every area with --only-active and prints the runner's report. Extra
// arguments pass through to the runner (--area, --show all, --filter, --min, ...); --all drops
// the default --only-active.
//
// CI gate: the core areas (the engine's own language) must stay at or above --core-min
// (default 99%) on the active specs, checked in a second, quiet run; exit 1 below it. The
// domain areas (commerce, money, dates, i18n, content, social) come with their plugins in a
// later issue and are reported, not gated. --no-core-gate skips the gate.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const CORE_AREAS = 'core-syntax,expressions,core-formatters,core-predicates'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const shared = path.resolve(process.env.JSONT_SHARED_DIR ?? path.join(root, '..', 'shared'))
const runner = path.join(shared, 'tools', 'jsont-conformance', 'run.mjs')
const specs = path.join(shared, 'jsont-specs')
const adapter = path.join(root, 'tests', 'conformance', 'adapter.ts')

function missing(what: string, where: string): never {
  console.error(`conformance: ${what} not found at ${where}.`)
  console.error(
    'The shared reference material (jsont-specs and tools/jsont-conformance) must sit next to this',
  )
  console.error('repository as ../shared, or set JSONT_SHARED_DIR to its location.')
  process.exit(2)
}
if (!existsSync(shared)) missing('the shared directory', shared)
if (!existsSync(runner)) missing('the conformance runner', runner)
if (!existsSync(specs)) missing('the reference specs', specs)

/** Splits our own options from the ones passed through to the runner. */
function parseArgs(argv: string[]) {
  const own = { all: false, gate: true, coreMin: 99 }
  const passthrough: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? ''
    if (a === '--all') own.all = true
    else if (a === '--no-core-gate') own.gate = false
    else if (a === '--core-min') own.coreMin = Number(argv[++i] ?? Number.NaN)
    else passthrough.push(a)
  }
  if (!Number.isFinite(own.coreMin)) {
    console.error('conformance: --core-min needs a percentage, e.g. --core-min 99')
    process.exit(2)
  }
  return { own, passthrough }
}

function runRunner(args: string[], quiet: boolean) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', runner, '--adapter', adapter, '--specs', specs, ...args],
    { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' },
  )
}

const { own, passthrough } = parseArgs(process.argv.slice(2))
const report = runRunner(
  [...(own.all || passthrough.includes('--only-active') ? [] : ['--only-active']), ...passthrough],
  false,
)
let status = report.status ?? 1

if (own.gate) {
  const gate = runRunner(
    ['--only-active', '--area', CORE_AREAS, '--show', 'all', '--min', String(own.coreMin)],
    true,
  )
  const lines = (gate.stdout ?? '').trim().split('\n')
  const summary = lines[lines.length - 1] ?? ''
  if (gate.status === 0) console.log(`core gate (${CORE_AREAS}, active, min ${own.coreMin}%): ${summary}`)
  else {
    console.error(`core gate FAILED (${CORE_AREAS}, active, min ${own.coreMin}%): ${summary}`)
    console.error(gate.stdout, gate.stderr)
    status = 1
  }
}
process.exit(status)
