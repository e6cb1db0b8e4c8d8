// The page cache in workerd (issue #15): requests per second of a product page and a
// collection page served from the cache (hit) and rendered (miss: a request the cache must
// bypass, so every one renders), beside a trivial route on the same server in the same run, with
// request logging off; and the time to first byte of a hit and a miss. A hit is measured for a
// first-time visitor (no cookies: the answer mints a crumb and sets the visit cookies, so it is
// `private`) and for a returning visitor (their crumb and visit cookies: nothing set, `public`).
//
//   node --import tsx tests/bench/page-cache.bench.ts [--seconds 4] [--concurrency 8]

import type { ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { startStorefront } from './server-group'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '4' }, concurrency: { type: 'string', default: '8' } },
})
const SECONDS = Number(values.seconds)
const CONCURRENCY = Number(values.concurrency)
const PORT = 8789
const HOST = 'aurora.localhost'
/** A header the cache must not answer for: every request with it renders (the miss path). */
const RENDER = { authorization: 'Bearer bench' }

/** A returning visitor's cookies, taken from a first view once the server is up. */
const RETURNING: Record<string, string> = {}

const ROUTES = [
  { name: 'trivial route (/_health)', path: '/_health', headers: {} },
  { name: 'product page, cache hit', path: '/apparel/trailhead-long-sleeve-tee', headers: {} },
  { name: 'product page, hit, returning', path: '/apparel/trailhead-long-sleeve-tee', headers: RETURNING },
  { name: 'product page, rendered (miss)', path: '/apparel/trailhead-long-sleeve-tee', headers: RENDER },
  { name: 'collection page (24), cache hit', path: '/apparel', headers: {} },
  { name: 'collection page (24), rendered', path: '/apparel', headers: RENDER },
]

function startServer(): ChildProcess {
  return startStorefront(
    ['--port', String(PORT), '--persist-to', `.wrangler/bench-${PORT}`, '--fresh', '--log-level', 'warn'],
    { stdio: 'ignore', detached: true },
  )
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

/** One request: status, the Cache-Status it reported, and milliseconds to the first body byte. */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; cache: string; firstByteMs: number; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(
      { host: '127.0.0.1', port: PORT, path, agent, headers: { host: HOST, ...headers } },
      (res) => {
        let firstByteMs = -1
        res.on('data', () => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: `${res.headers['cache-status'] ?? ''}${res.headers['set-cookie'] ? ' (sets cookies, private)' : ''}`,
            firstByteMs,
            cookies: res.headers['set-cookie'] ?? [],
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await get('/_health', {})).status === 200) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 2 minutes')
}

async function load(path: string, headers: Record<string, string>, seconds: number) {
  const end = performance.now() + seconds * 1000
  let done = 0
  let errors = 0
  const statuses = new Set<string>()
  async function worker() {
    while (performance.now() < end) {
      const result = await get(path, headers)
      if (result.status === 200) done++
      else errors++
      statuses.add(result.cache.replace(/; ttl=\d+/, ''))
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { rps: done / ((performance.now() - started) / 1000), errors, statuses: [...statuses].join(' | ') }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const server = startServer()
try {
  await waitUntilReady()
  const first = await get('/', {})
  RETURNING.cookie = first.cookies.map((cookie) => cookie.split(';')[0]).join('; ')
  for (const route of ROUTES) await load(route.path, route.headers, 1)
  const results = []
  for (const route of ROUTES) results.push({ ...route, ...(await load(route.path, route.headers, SECONDS)) })
  const baseline = results[0]?.rps ?? 1
  console.log(
    `\npage cache, wrangler dev (workerd), request logging off, ${CONCURRENCY} in flight, ${SECONDS} s each`,
  )
  console.log('route                                 req/s   vs trivial   non-200   Cache-Status')
  for (const r of results) {
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)}   ${(r.rps / baseline).toFixed(2).padStart(9)}x   ${String(r.errors).padStart(7)}   ${r.statuses}`,
    )
  }
  const firstByte = async (headers: Record<string, string>) => {
    const times: number[] = []
    for (let i = 0; i < 30; i++)
      times.push((await get('/apparel/trailhead-long-sleeve-tee', headers)).firstByteMs)
    return median(times)
  }
  console.log(
    `first byte, product page (median of 30, one at a time): hit ${(await firstByte({})).toFixed(1)} ms, rendered ${(await firstByte(RENDER)).toFixed(1)} ms`,
  )
} finally {
  agent.destroy()
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
}
