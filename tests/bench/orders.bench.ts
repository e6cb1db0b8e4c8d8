// The race for the last units, in workerd (`wrangler dev`, production React build, seeded demo
// tenants): 1,000 visitors, each with a crumb and a cart of its own holding one Ridgeline
// Flannel Shirt in M / Red (10 in stock), place their orders at the same moment. Prints orders
// placed, refusals, the final stock and the elapsed time; then add-to-cart throughput beside a
// trivial API route (`GET /api/commerce/inventory/stock/`, the cheapest call of the same group)
// and `/_health` on the same server, in the same run.
//
//   node --import tsx tests/bench/orders.bench.ts [--visitors 1000] [--seconds 3] [--concurrency 8]
import { type ChildProcess, spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    visitors: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
  },
})
const VISITORS = Number(values.visitors)
const SECONDS = Number(values.seconds)
const CONCURRENCY = Number(values.concurrency)
// Its own port and state (never another run's).
const PORT = Number(process.env.ORDERS_BENCH_PORT ?? 8795)
const HOST = 'aurora.localhost'
const ORIGIN = `http://${HOST}:${PORT}`
const ITEM = { itemId: 'aurora-item-0002', sku: 'AO-RF-M-RED' }
const GIFT = { itemId: 'aurora-item-0055', sku: 'AO-GC-25' }

function startServer(): ChildProcess {
  return spawn(
    process.execPath,
    ['scripts/start.mjs', '--port', String(PORT), '--persist-to', `.wrangler/bench-${PORT}`, '--fresh'],
    { stdio: 'ignore', detached: true },
  )
}

// No socket limit: every order attempt is in flight at once.
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })

interface Answer {
  status: number
  body: string
  cookies: string[]
  location: string | undefined
}

function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        agent,
        headers: { host: `${HOST}:${PORT}`, ...headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cookies: res.headers['set-cookie'] ?? [],
            location: res.headers.location,
          }),
        )
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await call('GET', '/_health')).status === 200) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 2 minutes')
}

function newCrumb(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')
}

/** A visitor's add: its crumb as cookie and header. */
function add(crumb: string, item: { itemId: string; sku: string }) {
  return call(
    'POST',
    '/api/commerce/shopping-cart/entries',
    { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
    JSON.stringify({ ...item, quantity: 1 }),
  )
}

async function stockLeft(): Promise<number> {
  const answer = await call('GET', `/api/commerce/inventory/stock/?itemId=${ITEM.itemId}`)
  if (answer.status !== 200) throw new Error(`stock answered ${answer.status}: ${answer.body.slice(0, 200)}`)
  const { results } = JSON.parse(answer.body) as { results: { sku: string; qtyInStock: number }[] }
  return results.find((r) => r.sku === ITEM.sku)?.qtyInStock ?? -1
}

async function inBatches<T>(count: number, size: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < count; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => run(i + j)))))
  return out
}

async function throughput(
  run: () => Promise<number>,
  seconds: number,
): Promise<{ rps: number; errors: number }> {
  const end = performance.now() + seconds * 1000
  let done = 0
  let errors = 0
  async function worker() {
    while (performance.now() < end) {
      if ((await run()) === 200) done++
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
  const before = await stockLeft()

  // Each visitor's cart holds one unit (the stock is taken only when an order is placed).
  const carts = await inBatches(VISITORS, 32, async () => {
    const crumb = newCrumb()
    let answer = await add(crumb, ITEM)
    // wrangler dev may restart its worker once while it settles (a 503 it asks to retry).
    if (answer.status === 503) answer = await add(crumb, ITEM)
    if (answer.status !== 200) throw new Error(`add answered ${answer.status}: ${answer.body}`)
    const cart = answer.cookies.find((c) => c.startsWith('ss_cart='))?.split(';')[0] ?? ''
    return { crumb, cart }
  })

  const form = (i: number) =>
    new URLSearchParams({
      idempotencyKey: `bench${String(i).padStart(20, '0')}`,
      email: `racer${i}@example.com`,
      name: 'Bench Racer',
      address1: '1 Main Street',
      city: 'Burlington',
      postalCode: '05401',
      country: 'US',
      card: '4242 4242 4242 4242',
    }).toString()
  const started = performance.now()
  const orders = await Promise.all(
    carts.map(({ crumb, cart }, i) =>
      call(
        'POST',
        '/checkout',
        {
          cookie: `crumb=${crumb}; ${cart}`,
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        form(i),
      ),
    ),
  )
  const elapsed = performance.now() - started
  const placed = orders.filter((o) => o.status === 303 && o.location?.startsWith('/commerce/orders/')).length
  const refused = orders.filter((o) => o.status === 409).length
  const other = orders.length - placed - refused
  const after = await stockLeft()

  console.log(`\norder race, wrangler dev (workerd): ${VISITORS} visitors, each its own crumb and cart`)
  console.log(`stock before                ${before}`)
  console.log(`order attempts (concurrent) ${orders.length}`)
  console.log(`orders placed               ${placed}`)
  console.log(`refusals (not enough stock) ${refused}`)
  const counts = new Map<number, number>()
  for (const o of orders)
    if (o.status !== 409 && !(o.status === 303 && o.location?.startsWith('/commerce/orders/')))
      counts.set(o.status, (counts.get(o.status) ?? 0) + 1)
  const statuses = [...counts].map(([status, n]) => `${n}× ${status}`).join(', ')
  // 503: wrangler dev's own proxy shedding connections under this burst (no order is placed).
  console.log(`other answers               ${other}${other > 0 ? ` (${statuses})` : ''}`)
  console.log(`final stock                 ${after}`)
  console.log(`elapsed                     ${(elapsed / 1000).toFixed(2)} s`)

  // Throughput: a fresh visitor per add (so no one's rate limit is in the way), unlimited stock.
  const routes = [
    { name: 'trivial route (/_health)', run: async () => (await call('GET', '/_health')).status },
    {
      name: 'stock read (GET …/inventory/stock/)',
      run: async () => (await call('GET', `/api/commerce/inventory/stock/?itemId=${GIFT.itemId}`)).status,
    },
    { name: 'add to cart (POST …/entries)', run: async () => (await add(newCrumb(), GIFT)).status },
  ]
  for (const route of routes) await throughput(route.run, 1)
  const results = []
  for (const route of routes) results.push({ ...route, ...(await throughput(route.run, SECONDS)) })
  const baseline = results[0]?.rps ?? 1
  console.log(`\nthroughput, ${CONCURRENCY} in flight, ${SECONDS} s each`)
  console.log('route                                   req/s   vs trivial   non-200')
  for (const r of results)
    console.log(
      `${r.name.padEnd(38)} ${r.rps.toFixed(0).padStart(6)}   ${(r.rps / baseline).toFixed(2).padStart(9)}x   ${String(r.errors).padStart(7)}`,
    )
} finally {
  agent.destroy()
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
}
