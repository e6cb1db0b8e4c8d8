// Beacon load: at least 10,000 mixed analytics beacons over loopback to the storefront served
// by `wrangler dev` (fresh local state), then a count of the events the queue's consumer
// stored in D1. Prints events sent, acknowledged (202 `accepted`) and stored, which must be
// equal, any refusals (a 429 would mean the beacon limit is too tight), and the beacon
// throughput beside a trivial route (`/_health`) on the same server in the same run. Each
// visitor sends with a crumb the server minted, from an address of its own.
//
//   node --import tsx tests/bench/beacons.bench.ts [--beacons 10000] [--concurrency 16] [--visitors 40] [--port 8894]

import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { queryLocalD1 } from '../local-d1'
import { startStorefront } from './server-group'

const { values } = parseArgs({
  options: {
    beacons: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    visitors: { type: 'string', default: '40' },
    port: { type: 'string', default: '8894' },
  },
})
const BEACONS = Number(values.beacons)
const CONCURRENCY = Number(values.concurrency)
const VISITORS = Number(values.visitors)
const PORT = Number(values.port)
const STATE = `.wrangler/bench-beacons-${PORT}`
const HOSTS = ['aurora.localhost', 'kissa.localhost', 'journal.localhost']

interface Beacon {
  path: string
  type: string
  body: string
  /** Events the beacon carries (a batch of error reports or performance records carries several). */
  events: number
  /** The crumb header, for the one call that needs it (error reports). */
  crumbHeader?: boolean
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const FORM = 'application/x-www-form-urlencoded;charset=UTF-8'
const TEXT = 'text/plain;charset=UTF-8'

function visitorRecord(n: number): string {
  const t = 1_780_000_000_000 + n
  return `bench${n}|${t}|${t}|${t}|1`
}

/** The i-th beacon of the run: every endpoint in turn, page views most often (as on a real site). */
function beaconFor(i: number, crumb: string): Beacon {
  const ss_cvr = visitorRecord(i % VISITORS)
  const pagePath = `/bench/${i}`
  const commerce = (name: string, extra: Record<string, unknown>) =>
    form({
      eventSchemaName: name,
      eventContent: JSON.stringify({
        event_name: name,
        item_id: `item-${i}`,
        page_path: pagePath,
        ss_cvr,
        ...extra,
      }),
    })
  switch (i % 12) {
    case 1:
      return {
        path: '/api/census/button-click',
        type: FORM,
        body: form({ data: JSON.stringify({ buttonText: 'Shop', pagePath }), ss_cvr }),
        events: 1,
      }
    case 2:
      return {
        path: '/api/census/button-render',
        type: FORM,
        body: form({ data: JSON.stringify({ buttonText: 'Shop', pagePath }), ss_cvr }),
        events: 1,
      }
    case 3:
      return {
        path: '/api/census/overlay',
        type: FORM,
        body: form({ data: JSON.stringify({ overlayId: 'promo', action: 'show', pagePath }), ss_cvr }),
        events: 1,
      }
    case 4:
      return {
        path: '/api/census/form-render',
        type: FORM,
        body: form({ formId: 'newsletter', visitorCookie: ss_cvr }),
        events: 1,
      }
    case 5:
      return {
        path: `/api/census/RecordQuickView/item-${i}`,
        type: FORM,
        body: form({ data: JSON.stringify({ pagePath }), ss_cvr }),
        events: 1,
      }
    case 6:
      return {
        path: '/api/events/RecordEvent',
        type: FORM,
        body: form({ crumb, event: 'view', data: JSON.stringify({ pagePath }) }),
        events: 1,
      }
    case 7:
      return {
        path: '/api/v1/clanker/events',
        type: FORM,
        body: commerce('CommerceShopping_VisitPDP', {}),
        events: 1,
      }
    case 8:
      return {
        path: '/api/v1/clanker/events',
        type: FORM,
        body: commerce('CommerceShopping_AddToCart', { item_quantity: 1 }),
        events: 1,
      }
    case 9: {
      const pageLoadId = randomUUID()
      const records = [
        {
          app: 'storefront',
          event: 'Performance',
          data: { largest_contentful_paint_ms: 800 + (i % 400) },
          pageLoadId,
          ts: Date.now(),
        },
        {
          app: 'storefront',
          event: 'UserTiming',
          data: { marks: [{ name: 'sf:bench', startTime: i % 1000 }] },
          pageLoadId,
          ts: Date.now(),
        },
      ]
      return { path: '/api/1/performance/records', type: TEXT, body: JSON.stringify(records), events: 2 }
    }
    case 10: {
      const entries = [0, 1].map(() => ({
        event: 'JavascriptError',
        data: JSON.stringify({ message: `bench ${i}` }),
        timestamp: Date.now(),
      }))
      return {
        path: '/api/events/RecordJavascriptErrors',
        type: 'application/json',
        body: JSON.stringify(entries),
        events: 2,
        crumbHeader: true,
      }
    }
    default:
      return {
        path: '/api/census/RecordHit',
        type: FORM,
        body: form({ event: 'view', data: JSON.stringify({ pagePath }), ss_cvr }),
        events: 1,
      }
  }
}

// node:http rather than fetch: fetch may not set `Host`, and the tenant is the host.
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

function send(
  method: string,
  host: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, method, path, agent, headers: { host, ...headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A crumb the server minted and signed, from the Set-Cookie of a call that sets one. */
async function mintedCrumb(): Promise<string> {
  const crumb = await new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: '/api/1/performance/settings',
        agent,
        headers: { host: HOSTS[0] },
      },
      (res) => {
        res.resume()
        const cookie = (res.headers['set-cookie'] ?? []).find((header) => header.startsWith('crumb='))
        resolve(cookie?.slice('crumb='.length).split(';')[0] ?? '')
      },
    )
    req.on('error', reject)
    req.end()
  })
  if (crumb === '') throw new Error('The server set no crumb cookie')
  return crumb
}

let resent = 0

/**
 * A beacon POST. A kept-alive socket the server closed just as it was reused fails before any
 * of the request is read (`ECONNRESET` with no answer): that one is sent again, and counted.
 */
async function sendOnce(host: string, path: string, headers: Record<string, string>, body: string) {
  try {
    return await send('POST', host, path, headers, body)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error
    resent++
    return send('POST', host, path, headers, body)
  }
}

function startServer(): ChildProcess {
  return startStorefront(['--port', String(PORT), '--persist-to', STATE, '--fresh'], {
    stdio: 'ignore',
    detached: true,
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await send('GET', 'localhost', '/_health', {})).status === 200) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 2 minutes')
}

/** Rows in `analytics_events`, read from the server's local D1 with wrangler. */
function storedCount(): number {
  return queryLocalD1<{ n: number }>(STATE, 'SELECT COUNT(*) AS n FROM analytics_events')[0]?.n ?? 0
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

async function healthRate(seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000
  let done = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end)
        if ((await send('GET', 'aurora.localhost', '/_health', {})).status === 200) done++
    }),
  )
  return done / seconds
}

const server = startServer()
try {
  await waitUntilReady()
  // Beacons need a crumb the server minted: each visitor takes the one its first answer sets.
  const crumbs = await Promise.all(Array.from({ length: VISITORS }, () => mintedCrumb()))
  let next = 0
  let sentEvents = 0
  let ackedEvents = 0
  const statuses = new Map<number, number>()
  const latencies: number[] = []
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < BEACONS; i = next++) {
        const crumb = crumbs[i % VISITORS] as string
        const beacon = beaconFor(i, crumb)
        const headers: Record<string, string> = {
          'content-type': beacon.type,
          cookie: `crumb=${crumb}`,
          // Each visitor from an address of its own, as on the internet: beacons are limited per
          // address and site (wrangler dev keeps a CF-Connecting-IP the request brings).
          'cf-connecting-ip': `198.18.${Math.floor((i % VISITORS) / 250)}.${(i % VISITORS) % 250}`,
        }
        if (beacon.crumbHeader) headers['x-csrf-token'] = crumb
        const t0 = performance.now()
        const { status, text } = await sendOnce(
          HOSTS[i % HOSTS.length] as string,
          beacon.path,
          headers,
          beacon.body,
        )
        latencies.push(performance.now() - t0)
        sentEvents += beacon.events
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (status === 202) ackedEvents += (JSON.parse(text) as { accepted: number }).accepted
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  // The consumer stores in batches of up to 100 a second: wait until the count holds still.
  let stored = storedCount()
  const deadline = Date.now() + 180_000
  while (stored < ackedEvents && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    stored = storedCount()
  }
  const health = await healthRate(3)
  latencies.sort((a, b) => a - b)
  console.log(
    `\nbeacon load, wrangler dev (workerd), ${CONCURRENCY} in flight, ${VISITORS} visitors, ${HOSTS.length} tenants`,
  )
  console.log(`beacons sent:    ${BEACONS} requests, ${sentEvents} events, in ${seconds.toFixed(1)} s`)
  console.log(
    `answers:         ${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')} (${resent} resent after a reset socket)`,
  )
  console.log(`events sent:     ${sentEvents}`)
  console.log(`events acked:    ${ackedEvents}`)
  console.log(`events stored:   ${stored}`)
  console.log(`equal:           ${sentEvents === ackedEvents && ackedEvents === stored ? 'yes' : 'NO'}`)
  console.log(
    `beacons/s:       ${(BEACONS / seconds).toFixed(0)} (trivial route /_health: ${health.toFixed(0)} req/s, ratio ${(BEACONS / seconds / health).toFixed(2)}x)`,
  )
  console.log(
    `ack latency:     p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
  )
  if (!(sentEvents === ackedEvents && ackedEvents === stored)) process.exitCode = 1
} finally {
  agent.destroy()
  // start.ts leads its own process group, wrangler and workerd included: end all of it.
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
}
