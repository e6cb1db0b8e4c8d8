// The race for the last units, in workerd (`wrangler dev`, production React build, seeded demo
// tenants): 1,000 visitors, each with a crumb the server minted (from the Set-Cookie of a page
// it answered), a client address of its own and a cart of its own holding one Ridgeline
// Flannel Shirt in M / Red (10 in stock), place their orders at the same moment. Prints orders
// placed, refusals, the final stock and the elapsed time; then add-to-cart throughput beside a
// trivial API route (`GET /api/commerce/inventory/stock/`, the cheapest call of the same group)
// and `/_health` on the same server, in the same run.
//
// Limits: cart adds and checkouts are limited per visitor (60 a minute per endpoint) and per
// client address (300 a minute per endpoint). wrangler dev sets `CF-Connecting-IP` to 127.0.0.1
// unless the request brings one, which it passes through: so each visitor sends an address of
// its own (198.18.0.0/15, the benchmarking range), as shoppers on their own connections.
//
//   node --import tsx tests/bench/orders.bench.ts [--visitors 1000] [--seconds 3] [--concurrency 8]

import type { ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { startStorefront } from './server-group'

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
  return startStorefront(['--port', String(PORT), '--persist-to', `.wrangler/bench-${PORT}`, '--fresh'], {
    stdio: 'ignore',
    detached: true,
  })
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

/** A visitor: the crumb the server minted for it and its client address. */
interface Visitor {
  crumb: string
  address: string
}

/** The i-th visitor's address: 198.18.0.0/15 holds 131,072 of them. */
function addressOf(i: number): string {
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`
}

/** A visitor's first page (its cart page): the server mints its crumb in the Set-Cookie. */
async function newVisitor(i: number): Promise<Visitor> {
  const address = addressOf(i)
  let page = await call('GET', '/cart', { 'cf-connecting-ip': address })
  // wrangler dev may restart its worker once while it settles (a 503 it asks to retry).
  if (page.status === 503) page = await call('GET', '/cart', { 'cf-connecting-ip': address })
  const crumb = page.cookies
    .find((c) => c.startsWith('crumb='))
    ?.split(';')[0]
    ?.slice('crumb='.length)
  if (!crumb) throw new Error(`the cart page (${page.status}) set no crumb cookie`)
  return { crumb, address }
}

/** A visitor's add: its crumb as cookie and header, from its own address. */
function add(visitor: Visitor, item: { itemId: string; sku: string }) {
  return call(
    'POST',
    '/api/commerce/shopping-cart/entries',
    {
      cookie: `crumb=${visitor.crumb}`,
      'x-csrf-token': visitor.crumb,
      'cf-connecting-ip': visitor.address,
      'content-type': 'application/json',
    },
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

const launched = performance.now()
const server = startServer()
try {
  await waitUntilReady()
  console.log(`server up in ${((performance.now() - launched) / 1000).toFixed(1)} s`)
  const before = await stockLeft()
  const preparing = performance.now()

  // Each visitor's cart holds one unit (the stock is taken only when an order is placed).
  const carts = await inBatches(VISITORS, 32, async (i) => {
    const visitor = await newVisitor(i)
    let answer = await add(visitor, ITEM)
    // wrangler dev may restart its worker once while it settles (a 503 it asks to retry).
    if (answer.status === 503) answer = await add(visitor, ITEM)
    if (answer.status !== 200) throw new Error(`add answered ${answer.status}: ${answer.body}`)
    const cart = answer.cookies.find((c) => c.startsWith('ss_cart='))?.split(';')[0] ?? ''
    return { visitor, cart }
  })

  console.log(
    `${VISITORS} visitors ready (cart page, crumb, one add each) in ${((performance.now() - preparing) / 1000).toFixed(1)} s`,
  )

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
    carts.map(({ visitor, cart }, i) =>
      call(
        'POST',
        '/checkout',
        {
          cookie: `crumb=${visitor.crumb}; ${cart}`,
          'cf-connecting-ip': visitor.address,
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

  console.log(
    `\norder race, wrangler dev (workerd): ${VISITORS} visitors, each its own minted crumb, address and cart`,
  )
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

  // Throughput: the race's visitors in turn, each add without a cart cookie (a new cart each
  // time, as a fresh visitor's first add), unlimited stock. A visitor may add 60 times a minute
  // (its address 300): the run stops using a visitor after 50 adds, and mints more visitors
  // (before the timed runs) when the adds of the warm-up say the pool is too small.
  const pool = carts.map((c) => c.visitor)
  const adds = new Map<Visitor, number>()
  let turn = 0
  const nextVisitor = () => {
    for (let tries = 0; tries < pool.length; tries++) {
      const visitor = pool[turn++ % pool.length] as Visitor
      const used = adds.get(visitor) ?? 1 // the race's add
      if (used < 50) {
        adds.set(visitor, used + 1)
        return visitor
      }
    }
    throw new Error(`every one of ${pool.length} visitors has added 50 times: mint more`)
  }
  const routes = [
    { name: 'trivial route (/_health)', run: async () => (await call('GET', '/_health')).status },
    {
      name: 'stock read (GET …/inventory/stock/)',
      run: async () => (await call('GET', `/api/commerce/inventory/stock/?itemId=${GIFT.itemId}`)).status,
    },
    { name: 'add to cart (POST …/entries)', run: async () => (await add(nextVisitor(), GIFT)).status },
  ]
  for (const route of routes) await throughput(route.run, 1)
  // Enough visitors for the timed adds: the warm-up's rate over SECONDS, twice over.
  const warmupAdds = [...adds.values()].reduce((sum, n) => sum + n - 1, 0)
  const needed = Math.ceil((warmupAdds * SECONDS * 2) / 49)
  if (needed > pool.length)
    pool.push(...(await inBatches(needed - pool.length, 32, (i) => newVisitor(VISITORS + i))))
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
