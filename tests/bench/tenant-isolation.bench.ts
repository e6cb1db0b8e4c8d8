// One tenant cannot slow the others (issue #8): a normal tenant's product page throughput in
// workerd, alone and while another tenant's 836-byte header template of nested macros (which
// would print 22 MB unbounded; tests/fixtures/kv/site/bomb) is requested as fast as it answers.
// The render budget stops that template at 2 MiB of output or 1,000,000 units of work.
//
//   node --import tsx tests/bench/tenant-isolation.bench.ts [--seconds 5] [--concurrency 8]

import type { ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { startStorefront } from './server-group'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '8' } },
})
const SECONDS = Number(values.seconds)
const CONCURRENCY = Number(values.concurrency)
const PORT = 8799
const NORMAL = { host: 'aurora.localhost', path: '/apparel/trailhead-long-sleeve-tee' }
const HOSTILE = { host: 'bomb.localhost', path: '/' }

function startServer(): ChildProcess {
  return startStorefront(
    [
      '--port',
      String(PORT),
      '--persist-to',
      `.wrangler/bench-${PORT}`,
      '--fresh',
      '--extra',
      'tests/fixtures/kv',
    ],
    { stdio: 'ignore', detached: true },
  )
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

function get(host: string, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, agent, headers: { host } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await get('localhost', '/_health')).status === 200) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 2 minutes')
}

/** Requests per second of `target` with `concurrency` in flight until `until` resolves or time runs out. */
async function load(
  target: { host: string; path: string },
  concurrency: number,
  seconds: number,
): Promise<{ rps: number; done: number; meanMs: number; bytes: number }> {
  const end = performance.now() + seconds * 1000
  let done = 0
  let bytes = 0
  let totalMs = 0
  async function worker() {
    while (performance.now() < end) {
      const started = performance.now()
      const result = await get(target.host, target.path)
      totalMs += performance.now() - started
      bytes = result.bytes
      done++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return {
    rps: done / ((performance.now() - started) / 1000),
    done,
    meanMs: totalMs / Math.max(done, 1),
    bytes,
  }
}

const server = startServer()
try {
  await waitUntilReady()
  await load(NORMAL, CONCURRENCY, 1)
  await load(HOSTILE, 2, 1)
  const alone = await load(NORMAL, CONCURRENCY, SECONDS)
  const [beside, hostile] = await Promise.all([
    load(NORMAL, CONCURRENCY, SECONDS),
    load(HOSTILE, Math.max(2, CONCURRENCY / 2), SECONDS),
  ])
  console.log(
    `\ntenant isolation, wrangler dev (workerd), ${CONCURRENCY} in flight on the normal tenant, ${SECONDS} s each`,
  )
  console.log('normal tenant product page                 req/s   mean ms')
  console.log(
    `  alone                                   ${alone.rps.toFixed(0).padStart(6)}   ${alone.meanMs.toFixed(1).padStart(7)}`,
  )
  console.log(
    `  beside the hostile tenant               ${beside.rps.toFixed(0).padStart(6)}   ${beside.meanMs.toFixed(1).padStart(7)}`,
  )
  console.log(`  ratio (beside / alone)                  ${(beside.rps / alone.rps).toFixed(2).padStart(6)}x`)
  console.log(
    `hostile tenant (header bomb): ${hostile.rps.toFixed(1)} req/s, ${hostile.meanMs.toFixed(0)} ms mean, ${(hostile.bytes / 1024).toFixed(0)} KB a response`,
  )
} finally {
  agent.destroy()
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
}
