// Page throughput in workerd: the storefront served by `wrangler dev` (production React build,
// seeded demo tenants), loaded from this process with a fixed number of requests in flight.
// Prints requests per second for a product page and a collection page beside a trivial route
// (`/_health`, no tenant, no storage) on the same server, in the same run, and the ratios.
//
//   node --import tsx tests/bench/pages.bench.ts [--seconds 4] [--concurrency 8]

import type { ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { startStorefront } from './server-group'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '4' }, concurrency: { type: 'string', default: '8' } },
})
const SECONDS = Number(values.seconds)
const CONCURRENCY = Number(values.concurrency)
const PORT = 8797
const ORIGIN = `http://127.0.0.1:${PORT}`

const ROUTES = [
  { name: 'trivial route (/_health)', host: 'aurora.localhost', path: '/_health' },
  { name: 'product page', host: 'aurora.localhost', path: '/apparel/trailhead-long-sleeve-tee' },
  { name: 'collection page (24 products)', host: 'aurora.localhost', path: '/apparel' },
]

function startServer(): ChildProcess {
  return startStorefront(['--port', String(PORT), '--persist-to', `.wrangler/bench-${PORT}`, '--fresh'], {
    stdio: 'ignore',
    detached: true,
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${ORIGIN}/_health`)
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 2 minutes')
}

// node:http rather than fetch: fetch may not set `Host`, and the tenant is the host.
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

function get(host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, agent, headers: { host } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

async function load(host: string, path: string, seconds: number): Promise<{ rps: number; errors: number }> {
  const end = performance.now() + seconds * 1000
  let done = 0
  let errors = 0
  async function worker() {
    while (performance.now() < end) {
      if ((await get(host, path)) === 200) done++
      else errors++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { rps: done / ((performance.now() - started) / 1000), errors }
}

const server = startServer()
try {
  await waitUntilReady()
  // Warm every route (compiled templates, KV reads, JIT) before measuring.
  for (const route of ROUTES) await load(route.host, route.path, 1)
  const results = []
  for (const route of ROUTES) results.push({ ...route, ...(await load(route.host, route.path, SECONDS)) })
  const baseline = results[0]?.rps ?? 1
  console.log(`\npage throughput, wrangler dev (workerd), ${CONCURRENCY} in flight, ${SECONDS} s each`)
  console.log('route                              req/s   vs trivial   non-200')
  for (const r of results) {
    console.log(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)}   ${(r.rps / baseline).toFixed(2).padStart(9)}x   ${String(r.errors).padStart(7)}`,
    )
  }
} finally {
  agent.destroy()
  // start.ts leads its own process group, wrangler and workerd included: end all of it.
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
}
