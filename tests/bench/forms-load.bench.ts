// Form submissions under load: the storefront served by `wrangler dev` (workerd, local D1),
// sent at least 2,000 submissions at once across the demo tenants' forms, valid and invalid
// mixed, each by its own visitor through the two calls a page makes:
// `POST /api/form/FormSubmissionKey`, then `POST /api/form/SaveFormSubmission`. Each visitor
// first opens the form's page, whose Set-Cookie carries the crumb the server minted for it (a
// made-up crumb is refused), and sends from a client address of its own: both calls are
// limited per address (300 a minute each), and wrangler dev sets `CF-Connecting-IP` to
// 127.0.0.1 unless the request brings one, which it passes through. The page views are not
// timed.
//
// Prints how many were acknowledged (200), refused (400, the invalid ones) and neither, how
// many rows this run left in D1's form_submissions (acknowledged must equal stored: no
// accepted submission is missing, none refused is stored), the elapsed time, and as a
// baseline the same number of concurrent `/_health` requests on the same server.
//
//   node --import tsx tests/bench/forms-load.bench.ts [--submissions 2000] [--connections 128] [--port 8892]

import { type ChildProcess, spawnSync } from 'node:child_process'
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { startStorefront } from './server-group'

const { values } = parseArgs({
  options: {
    submissions: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '128' },
    port: { type: 'string', default: '8892' },
  },
})
const SUBMISSIONS = Number(values.submissions)
/**
 * Every submission starts at once; they share this many HTTP connections to the local server.
 * wrangler dev's local proxy answers 'Your worker restarted mid-request' (503) to some POSTs
 * when several hundred connections arrive at once (seen on these 2 cores from about 500),
 * which measures the proxy, not the worker.
 */
const CONNECTIONS = Number(values.connections)
const PORT = Number(values.port)
const PERSIST = `.wrangler/bench-forms-${PORT}`
const RUN = `bench-${Date.now().toString(36)}`

/** One form of a demo tenant, with a valid and an invalid set of values. */
interface BenchForm {
  host: string
  /** A page the form is on (the visitor's crumb comes from its answer). */
  page: string
  formId: string
  valid: () => Record<string, unknown>
  invalid: () => Record<string, unknown>
}

const FORMS: BenchForm[] = [
  {
    host: 'journal.localhost',
    page: '/contact',
    formId: 'contact',
    valid: () => ({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      topic: 'A field note',
      message: 'Hello',
    }),
    invalid: () => ({ name: ['', ''], email: 'ada@', topic: '', message: '' }),
  },
  {
    host: 'journal.localhost',
    page: '/',
    formId: 'newsletter',
    valid: () => ({ email: `reader.${crypto.randomUUID()}@example.com` }),
    invalid: () => ({ email: 'not-an-email' }),
  },
  {
    host: 'aurora.localhost',
    page: '/apparel/custom-embroidered-beanie',
    formId: 'monogram',
    valid: () => ({ initials: 'JMO', 'thread-color': 'Mustard', placement: 'Side of cuff', 'gift-note': '' }),
    invalid: () => ({
      initials: '',
      'thread-color': 'Chartreuse',
      placement: '',
      'gift-note': 'x'.repeat(201),
    }),
  },
  {
    host: 'kissa.localhost',
    page: '/gifts/tea-tasting-session',
    formId: 'tasting-details',
    valid: () => ({ 'guest-name': ['花子', '山田'], language: '日本語', allergies: '' }),
    invalid: () => ({ 'guest-name': ['', ''], language: '' }),
  },
]

function startServer(): ChildProcess {
  return startStorefront(['--port', String(PORT), '--persist-to', PERSIST, '--fresh'], {
    stdio: 'ignore',
    detached: true,
  })
}

// node:http rather than fetch: fetch may not set `Host`, and the tenant is the host.
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })

interface Answer {
  status: number
  body: string
  cookies: string[]
}

function call(
  host: string,
  path: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path, method, agent, headers: { host, ...headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers['set-cookie'] ?? [] }),
        )
      },
    )
    req.on('error', () => resolve({ status: 0, body: '', cookies: [] }))
    req.end(body)
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if ((await call('aurora.localhost', '/_health', 'GET', {})).status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 3 minutes')
}

/** A visitor: its client address and the crumb the server minted for it. */
interface Visitor {
  address: string
  crumb: string
}

/** The i-th visitor's address: 198.18.0.0/15, the benchmarking range, holds 131,072. */
function addressOf(i: number): string {
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`
}

/** The i-th visitor opens its form's page; the crumb is the one the answer's Set-Cookie carries. */
async function newVisitor(i: number, form: BenchForm): Promise<Visitor> {
  const address = addressOf(i)
  let page = await call(form.host, form.page, 'GET', { 'cf-connecting-ip': address })
  // wrangler dev may restart its worker once while it settles (a 503 it asks to retry).
  if (page.status === 503 || page.status === 0)
    page = await call(form.host, form.page, 'GET', { 'cf-connecting-ip': address })
  const crumb = page.cookies
    .find((c) => c.startsWith('crumb='))
    ?.split(';')[0]
    ?.slice('crumb='.length)
  if (!crumb) throw new Error(`${form.host}${form.page} (${page.status}) set no crumb cookie`)
  return { address, crumb }
}

/** The visitors of submissions `first` to `first + count - 1`, by index (pages fetched before the clock starts). */
async function visitors(first: number, count: number): Promise<Map<number, Visitor>> {
  const indexes = Array.from({ length: count }, (_, i) => first + i)
  const pairs = await Promise.all(
    indexes.map(async (i) => [i, await newVisitor(i, FORMS[i % FORMS.length] as BenchForm)] as const),
  )
  return new Map(pairs)
}

/** One visitor's submission: the key, then the values. The status of the second call, or of the first when it failed. */
const sampleBodies = new Map<number, string>()

async function submit(
  index: number,
  visitor: Visitor,
  run = RUN,
): Promise<{ valid: boolean; status: number }> {
  const form = FORMS[index % FORMS.length] as BenchForm
  // Every third submission is invalid, spread across the forms.
  const valid = index % 3 !== 0
  const headers = {
    cookie: `crumb=${visitor.crumb}`,
    'x-csrf-token': visitor.crumb,
    'cf-connecting-ip': visitor.address,
    'content-type': 'application/json',
  }
  const keyAnswer = await call(form.host, '/api/form/FormSubmissionKey', 'POST', headers, '{}')
  if (keyAnswer.status !== 200) {
    if (!sampleBodies.has(keyAnswer.status))
      sampleBodies.set(keyAnswer.status, `key: ${keyAnswer.body.slice(0, 300)}`)
    return { valid, status: keyAnswer.status }
  }
  const key = (JSON.parse(keyAnswer.body) as { data: { key: string } }).data.key
  const save = await call(
    form.host,
    '/api/form/SaveFormSubmission',
    'POST',
    headers,
    JSON.stringify({
      key,
      formId: form.formId,
      form: JSON.stringify(valid ? form.valid() : form.invalid()),
      // Each submission names itself, so the check below is per submission, not only a count.
      pagePath: `/${run}/${index}`,
      contentSource: 'bench',
    }),
  )
  if (save.status !== 200 && save.status !== 400 && !sampleBodies.has(save.status)) {
    sampleBodies.set(save.status, `save: ${save.body.slice(0, 300)}`)
  }
  return { valid, status: save.status }
}

/** The submissions (by index) this run left in D1, read with wrangler from the server's local state. */
function storedIndexes(): Set<number> {
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      PERSIST,
      '--json',
      '--command',
      `SELECT json_extract(page, '$.pagePath') AS path FROM form_submissions WHERE json_extract(page, '$.pagePath') LIKE '/${RUN}/%'`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true' },
    },
  )
  const parsed = JSON.parse(result.stdout) as { results: { path: string }[] }[]
  return new Set((parsed[0]?.results ?? []).map((row) => Number(row.path.split('/').pop())))
}

if ((await call('aurora.localhost', '/_health', 'GET', {})).status !== 0) {
  throw new Error(`port ${PORT} is taken: stop what listens there or pass --port`)
}
const server = startServer()
try {
  await waitUntilReady()
  // Warm up: compiled code, KV reads, the D1 connection (visitors and a tag of their own, so
  // the count below is the run's alone).
  const warm = await visitors(SUBMISSIONS, 20)
  await Promise.all([...warm].map(([i, visitor]) => submit(i, visitor, `${RUN}-warm-up`)))
  // Every visitor of the run opens its form's page first (not timed).
  const runVisitors = await visitors(0, SUBMISSIONS)

  const baselineStart = performance.now()
  const health = await Promise.all(
    Array.from({ length: SUBMISSIONS }, () => call('aurora.localhost', '/_health', 'GET', {})),
  )
  const baselineMs = performance.now() - baselineStart

  const started = performance.now()
  const outcomes = await Promise.all(
    Array.from({ length: SUBMISSIONS }, (_, i) => submit(i, runVisitors.get(i) as Visitor)),
  )
  const elapsedMs = performance.now() - started

  const acknowledged = outcomes.filter((o) => o.status === 200).length
  const refused = outcomes.filter((o) => o.status === 400).length
  const other = outcomes.length - acknowledged - refused
  const otherStatuses = new Map<number, number>()
  for (const o of outcomes) {
    if (o.status !== 200 && o.status !== 400)
      otherStatuses.set(o.status, (otherStatuses.get(o.status) ?? 0) + 1)
  }
  const wrongly = outcomes.filter(
    (o) => (o.status === 200) !== o.valid && (o.status === 200 || o.status === 400),
  ).length
  const storedSet = storedIndexes()
  const stored = storedSet.size
  // The two ways a submission could be lost or wrongly kept: acknowledged and not stored,
  // refused (400) and stored. Stored without an answer is the transport losing the reply.
  const missing = outcomes.filter((o, i) => o.status === 200 && !storedSet.has(i)).length
  const keptRefused = outcomes.filter((o, i) => o.status === 400 && storedSet.has(i)).length
  const unanswered = outcomes.filter(
    (o, i) => o.status !== 200 && o.status !== 400 && storedSet.has(i),
  ).length

  console.log(
    `\nform submissions, wrangler dev (workerd, local D1): ${SUBMISSIONS} started at once over ${CONNECTIONS} connections, ${FORMS.length} forms`,
  )
  console.log(
    `baseline: ${SUBMISSIONS} concurrent GET /_health   ${baselineMs.toFixed(0)} ms   (${health.filter((h) => h.status === 200).length} ok)`,
  )
  console.log('acknowledged  refused  other  stored  elapsed     submissions/s')
  console.log(
    `${String(acknowledged).padStart(12)}  ${String(refused).padStart(7)}  ${String(other).padStart(5)}  ${String(stored).padStart(6)}  ${`${(elapsedMs / 1000).toFixed(2)} s`.padStart(8)}  ${(SUBMISSIONS / (elapsedMs / 1000)).toFixed(0).padStart(13)}`,
  )
  if (other > 0) {
    console.log(
      `other answers by status (0: no answer): ${JSON.stringify(Object.fromEntries(otherStatuses))}`,
    )
    for (const [status, body] of sampleBodies) console.log(`  ${status}: ${body}`)
  }
  console.log(
    `acknowledged but not stored: ${missing}   refused but stored: ${keptRefused}   stored with the answer lost in transport: ${unanswered}   valid refused or invalid acknowledged: ${wrongly}`,
  )
  const sound = missing === 0 && keptRefused === 0 && wrongly === 0
  console.log(
    sound && acknowledged === stored
      ? 'acknowledged = stored: every accepted submission is in D1, no refused one is'
      : sound
        ? `acknowledged (${acknowledged}) < stored (${stored}) only by answers the transport lost; no acknowledged submission is missing`
        : 'MISMATCH: see the line above',
  )
  if (!sound) process.exitCode = 1
} finally {
  agent.destroy()
  // start.ts leads its own process group, wrangler and workerd included: end all of it.
  try {
    if (server.pid) process.kill(-server.pid, 'SIGTERM')
  } catch {
    // Already gone.
  }
}
