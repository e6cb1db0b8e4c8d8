// `npm run bench -- bundle-cold-start [--baseline <commit>] [--rounds 3] [--port 8842]`: the
// storefront worker bundle of this tree beside a baseline commit's, in one run: each bundle's
// size (what `wrangler deploy --dry-run` uploads, raw and gzip) and its cold start in `wrangler
// dev`, both bundles served as built (`--no-bundle`) over the same seeded local state, in
// alternating rounds. Cold start here: the time from spawning wrangler until `/_health` answers
// (workerd has loaded and run the script's top level; that route touches no tenant), then the
// first rendered product page (`Authorization` bypasses the page cache: V8 compiles the render
// path's functions, the engine and the catalogue reader start cold) beside the median of the warm
// ones that follow. Issue 26 asks for the first request within twice a warm one.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { seedLocalState } from '../../scripts/seed.ts'
import { ROOT, WRANGLER_ENV } from '../../scripts/wrangler.ts'
import { sleep, stopGroup } from './server-group.ts'

const { values } = parseArgs({
  options: {
    baseline: { type: 'string', default: 'fd985c2' },
    rounds: { type: 'string', default: '3' },
    warm: { type: 'string', default: '15' },
    port: { type: 'string', default: '8842' },
  },
})
const port = Number(values.port)
const PAGE = '/apparel/ridgeline-flannel-shirt'
const HEADERS = { host: 'aurora.localhost', authorization: 'Bearer cold-start-bench' }
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js')

/** The bundle `wrangler deploy --dry-run` writes for the tree at `dir`. */
function dryRun(dir: string, out: string): string {
  const result = spawnSync(process.execPath, [WRANGLER, 'deploy', '--dry-run', '--outdir', out], {
    cwd: dir,
    env: WRANGLER_ENV,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`dry run in ${dir} failed:\n${result.stdout}\n${result.stderr}`)
  return join(out, 'index.js')
}

/** The baseline commit's bundle, built in a throwaway worktree that borrows this tree's node_modules and dist. */
function baselineBundle(work: string): string {
  const tree = join(work, 'baseline')
  spawnSync('git', ['worktree', 'add', '--detach', tree, values.baseline], { cwd: ROOT, stdio: 'ignore' })
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'))
    symlinkSync(join(ROOT, 'dist'), join(tree, 'dist'))
    return dryRun(tree, join(work, 'baseline-out'))
  } finally {
    spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' })
  }
}

async function health(): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/_health`)).status
  } catch {
    return 0
  }
}

/** The product page's last byte, in ms (node:http rather than fetch: fetch may not set `Host`, and the tenant is the host). */
function timed(): Promise<number> {
  const start = performance.now()
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: PAGE, headers: HEADERS }, (res) => {
      res.resume()
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - start)
          : reject(new Error(`product page answered ${res.statusCode}`)),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number

interface Round {
  startMs: number
  firstMs: number
  warmMs: number
}

async function coldStart(bundle: string, state: string): Promise<Round> {
  const spawned = performance.now()
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      bundle,
      '--no-bundle',
      '--config',
      'wrangler.toml',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      state,
      '--log-level',
      'warn',
      '--show-interactive-dev-session=false',
    ],
    { cwd: ROOT, env: WRANGLER_ENV, stdio: 'ignore', detached: true },
  )
  try {
    while ((await health()) !== 200) {
      if (child.exitCode !== null) throw new Error('wrangler dev exited while starting')
      await sleep(20)
    }
    const startMs = performance.now() - spawned
    const firstMs = await timed()
    const warm: number[] = []
    for (let i = 0; i < Number(values.warm); i++) warm.push(await timed())
    return { startMs, firstMs, warmMs: median(warm) }
  } finally {
    await stopGroup(child, 'SIGTERM', health)
  }
}

const work = mkdtempSync(join(tmpdir(), 'bundle-cold-start-'))
try {
  const bundles = { baseline: baselineBundle(work), 'this tree': dryRun(ROOT, join(work, 'tree-out')) }
  const state = join(work, 'state')
  await seedLocalState({ persistTo: state })
  const rounds: Record<string, Round[]> = { baseline: [], 'this tree': [] }
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, bundle] of Object.entries(bundles)) rounds[name]?.push(await coldStart(bundle, state))
  }
  console.log(
    `storefront bundle and cold start, baseline ${values.baseline}, ${values.rounds} alternating rounds (medians)`,
  )
  console.log(
    'bundle        raw KiB   gzip KiB   health 200 ms  first request ms   warm request ms   first ÷ warm',
  )
  for (const [name, bundle] of Object.entries(bundles)) {
    const bytes = readFileSync(bundle)
    const list = rounds[name] ?? []
    const first = median(list.map((r) => r.firstMs))
    const warm = median(list.map((r) => r.warmMs))
    console.log(
      [
        name.padEnd(10),
        (bytes.length / 1024).toFixed(1).padStart(10),
        (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1).padStart(10),
        median(list.map((r) => r.startMs))
          .toFixed(0)
          .padStart(14),
        first.toFixed(1).padStart(18),
        warm.toFixed(1).padStart(17),
        (first / warm).toFixed(2).padStart(14),
      ].join(' '),
    )
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
