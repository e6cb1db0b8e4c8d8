// Abuse run (issue 18, "Done when"): about 4,000 hostile requests over every route of the README,
// sent as an attacker would, against the storefront served by `wrangler dev` on fresh state.
// Prints the requests per route group and status class, every 5xx (with the worker's log lines
// around it) and the findings; exits 1 when any 5xx or finding appears.
//
// What it sends (each request from a `CF-Connecting-IP` of its own, so the per-address limits
// do not turn the run into 429s; one slice from a single address checks that they hold):
//
// - wrong methods on every route (HEAD sometimes with a body, as a client may send one);
// - bodies up to 10 MB, declared (`Content-Length`) and chunked; wrong content types and
//   mislabelled bodies (JSON as a form and the reverse, broken multipart, UTF-16, binary);
// - wrong JSON types, missing and extra fields, deeply nested JSON, huge strings, non-decimal
//   numbers; odd ids and unicode in paths, queries and fields (RTL, NUL, emoji, `../`, broken
//   percent-encoding, over-long paths, KV-key lengths around 512 bytes); repeated query keys
//   and `a[]=` arrays;
// - forged tokens: made-up and mismatched crumbs, session JWTs unsigned (`alg: none`), signed
//   with another key or algorithm, expired, tampered, revoked and another tenant's; forged cart
//   tokens, order access tokens, Stripe webhook signatures, form submission keys, operator
//   bearer tokens, unlock cookies (expired and other-tenant ones are signed with the development
//   secrets of wrangler.toml, as the checks under test would see real ones);
// - other visitors' and other tenants' cookies (crumb, ss_cart, ss_site_user, ss_order,
//   ss_device); cross-origin plain form posts carrying a victim's cookies.
//
// Legitimate setup first, as a browser would: crumbs from a page's Set-Cookie, the README's demo
// users signed in, an aurora order and a kissa gift card paid with the test card, open carts,
// a subscription token and a form key.
//
// Findings (each with its severity): an order page (or its email / gift card code) readable
// without access; member or locked content shown to a stranger; a forged session, cart token,
// access token, webhook signature, form key or operator token accepted; a made-up crumb accepted
// on a state-changing call; a cross-origin form post accepted; a Set-Cookie on a response marked
// `public` or `s-maxage`; a cart id (ss_cart value) in any body; another tenant's cart shown; a
// beacon stored without a minted crumb, or an order id / gift card code stored in analytics
// (both read from D1 with `wrangler d1 execute`); the owner locked out after 50 wrong passwords
// from other addresses (sign-in and locked page); per-address limits that do not hold.
//
// wrangler dev puts a ProxyWorker of its own between the port and the worker; it fails some
// requests the worker answers early (a 413 while a large body is still streaming in) with a 503
// of its own, which production, having no ProxyWorker, never gives. Bodies over 4 KB therefore go
// one at a time, and a request that meets such a 503 (or a reset upload) is sent again straight
// to the worker's own socket; the printout says how many (PROXY_RESTART below). Should wrangler
// dev exit under the run, it is started again on the same state and the run fails.
//
//   node --import tsx tests/bench/abuse.bench.ts      (or: npm run bench -- abuse)
//   env: ABUSE_SEED (random), ABUSE_REQUESTS (4000 in all), ABUSE_CONCURRENCY (6),
//        ABUSE_PORT (8797), ABUSE_PERSIST (.wrangler/abuse-state: wiped at the start),
//        ABUSE_DUMP (a file: every request and answer as JSON lines, the server's log beside it)

import type { ChildProcess } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { createInterface } from 'node:readline'
import { SignJWT } from 'jose'
import { CHECKOUT_ADDRESS } from '../fixtures/checkout-address'
import { queryLocalD1 } from '../local-d1'
import { sleep, startStorefront, stopGroup, waitUntilReady } from './server-group'

const env = process.env
const SEED = Number(env.ABUSE_SEED ?? Math.floor(Math.random() * 2 ** 31))
const TOTAL = Number(env.ABUSE_REQUESTS ?? 4000)
const CONCURRENCY = Number(env.ABUSE_CONCURRENCY ?? 6)
const PORT = Number(env.ABUSE_PORT ?? 8797)
const PERSIST = env.ABUSE_PERSIST ?? '.wrangler/abuse-state'
const REQUEST_TIMEOUT_MS = 60_000
/** A file to write every request and its answer to (JSON lines), for a closer look. */
const DUMP = env.ABUSE_DUMP
const RUN = `abz${Date.now().toString(36)}`
const WRANGLER_ENV = {
  ...env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
}

const AURORA = `aurora.localhost:${PORT}`
const KISSA = `kissa.localhost:${PORT}`
const JOURNAL = `journal.localhost:${PORT}`
const TENANTS = [AURORA, KISSA, JOURNAL]
const MB = 1024 * 1024

/** The development secrets of wrangler.toml `[vars]`: expired and other-tenant tokens are signed with them. */
function devVar(name: string): string {
  const toml = readFileSync('wrangler.toml', 'utf8')
  const value = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(toml)?.[1]
  if (value === undefined) throw new Error(`wrangler.toml has no ${name}`)
  return value
}
const SECRETS = {
  session: devVar('SESSION_SECRET'),
  cartToken: devVar('CART_TOKEN_SECRET'),
  formKey: devVar('FORM_KEY_SECRET'),
  stripe: devVar('STRIPE_WEBHOOK_SECRET'),
}

// ---------------------------------------------------------------- randomness (reproducible)

let seedState = SEED >>> 0
function random(): number {
  seedState = (seedState + 0x6d2b79f5) >>> 0
  let t = seedState
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (n: number) => Math.floor(random() * n)
function pick<T>(list: readonly T[]): T {
  return list[int(list.length)] as T
}
function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = int(i + 1)
    ;[list[i], list[j]] = [list[j] as T, list[i] as T]
  }
  return list
}
const randomText = (
  n: number,
  alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
) => Array.from({ length: n }, () => alphabet[int(alphabet.length)]).join('')
/** A client address of its own: IPv4 mostly, sometimes IPv6 (limits count those by /64). */
function anyAddress(): string {
  return random() < 0.2
    ? `2001:db8:${int(65536).toString(16)}:${int(65536).toString(16)}::${int(65536).toString(16)}`
    : `10.${1 + int(250)}.${int(256)}.${1 + int(254)}`
}
const b64url = (bytes: Buffer | Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest()

// ---------------------------------------------------------------- the server and its log

interface LogLine {
  at: number
  text: string
}
const serverLog: LogLine[] = []
let serverProcess: ChildProcess | null = null

function startServer(fresh: boolean): ChildProcess {
  const child = startStorefront(
    ['--port', String(PORT), '--persist-to', PERSIST, ...(fresh ? ['--fresh'] : [])],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: WRANGLER_ENV },
  )
  for (const stream of [child.stdout, child.stderr]) {
    if (stream === null) continue
    createInterface({ input: stream }).on('line', (line) => {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: wrangler's colours
      serverLog.push({ at: performance.now(), text: line.replace(/\u001b\[[0-9;]*m/g, '') })
    })
  }
  return child
}

async function health(): Promise<number> {
  return (await call({ host: AURORA, method: 'GET', path: '/_health' })).status
}

/** Each time wrangler dev exited during the run: after how many requests, and its last lines. */
const serverExits: { afterRequests: number; lines: string[] }[] = []
let restarting: Promise<void> | null = null

/**
 * wrangler dev gone (its process exited under the run): its group ended, then started again on
 * the same state, so the run goes on; the exit is reported and fails the run.
 */
async function restartIfExited(): Promise<boolean> {
  await sleep(300)
  const child = serverProcess
  if (child === null || (child.exitCode === null && child.signalCode === null)) return false
  restarting ??= (async () => {
    serverExits.push({
      afterRequests: done.length,
      lines: serverLog
        .slice(-40)
        .map((line) => line.text)
        .filter((text) => !text.startsWith('[wrangler:info]')),
    })
    if (serverExits.length > 3) throw new Error('wrangler dev exited more than 3 times: giving up')
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // Nothing left of that group.
    }
    serverProcess = startServer(false)
    await waitUntilReady(serverProcess, health)
    workerPort = await findWorkerPort()
  })().finally(() => {
    restarting = null
  })
  await restarting
  return true
}

// ---------------------------------------------------------------- HTTP

// A connection per request: a server that refuses a large body early closes its connection, and
// a kept-alive socket reused after that would fail the next request for a reason of ours.
const agent = new Agent({ keepAlive: false, maxSockets: CONCURRENCY + 4 })

interface Spec {
  host: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Sent in chunks without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  cookies: string[]
  error?: string
  started: number
  ended: number
}

const KEEP_BODY = 2 * MB

/** One request to the local server (node:http, so `Host` is ours); status 0 when no answer came. */
function call(spec: Spec, port = PORT): Promise<Answer> {
  const started = performance.now()
  return new Promise<Answer>((resolve) => {
    let settled = false
    const done = (answer: Omit<Answer, 'started' | 'ended'>) => {
      if (settled) return
      settled = true
      resolve({ ...answer, started, ended: performance.now() })
    }
    const headers: Record<string, string> = { host: spec.host }
    // Header values travel as bytes: unicode as its UTF-8 bytes, control characters dropped
    // (Node refuses to send them, and so would any HTTP client).
    for (const [name, value] of Object.entries(spec.headers ?? {}))
      headers[name] = /[^\t\x20-\x7e]/.test(value)
        ? [...Buffer.from(value, 'utf8').toString('latin1')]
            .filter((ch) => ch === '\t' || (ch >= ' ' && ch !== '\x7f'))
            .join('')
        : value
    const body = typeof spec.body === 'string' ? Buffer.from(spec.body) : spec.body
    if (body !== undefined && spec.chunked) headers['transfer-encoding'] = 'chunked'
    else if (body !== undefined && headers['content-length'] === undefined)
      headers['content-length'] = String(body.length)
    let req: ReturnType<typeof request>
    try {
      req = request(
        { host: '127.0.0.1', port, method: spec.method, path: spec.path, agent, headers },
        (res) => {
          const chunks: Buffer[] = []
          let size = 0
          res.on('data', (chunk: Buffer) => {
            if (size < KEEP_BODY) chunks.push(chunk)
            size += chunk.length
          })
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              cookies: res.headers['set-cookie'] ?? [],
            }),
          )
          res.on('error', (error) =>
            done({ status: 0, headers: {}, body: '', cookies: [], error: String(error) }),
          )
        },
      )
    } catch (error) {
      done({ status: 0, headers: {}, body: '', cookies: [], error: `not sent: ${String(error)}` })
      return
    }
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')))
    // A server that answers (413) before a large body is sent may close the socket: the answer counts.
    req.on('error', (error) => done({ status: 0, headers: {}, body: '', cookies: [], error: String(error) }))
    if (body === undefined) req.end()
    else if (!spec.chunked) req.end(body)
    else
      void (async () => {
        const size = 64 * 1024
        for (let offset = 0; offset < body.length && !req.destroyed; offset += size) {
          if (!req.write(body.subarray(offset, offset + size)))
            await new Promise<void>((resolve) => {
              const go = () => {
                req.off('drain', go)
                req.off('close', go)
                resolve()
              }
              req.on('drain', go)
              req.on('close', go)
            })
        }
        if (!req.destroyed) req.end()
      })()
  })
}

/** A browser of the legitimate setup: its tenant, cookie jar and client address. */
class Browser {
  readonly jar = new Map<string, string>()
  constructor(
    readonly host: string,
    readonly address: string = anyAddress(),
  ) {}
  get crumb(): string {
    return this.jar.get('crumb') ?? ''
  }
  cookie(...only: string[]): string {
    return [...this.jar]
      .filter(([name]) => only.length === 0 || only.includes(name))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
  }
  async send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    const all: Record<string, string> = { 'cf-connecting-ip': this.address, ...headers }
    if (this.jar.size > 0) all.cookie = this.cookie()
    const answer = await recorded({
      group: 'setup',
      name: 'setup',
      host: this.host,
      method,
      path,
      headers: all,
      body,
    })
    for (const cookie of answer.cookies) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      if (/max-age=0/i.test(cookie) || pair.slice(at + 1) === '') this.jar.delete(name)
      else this.jar.set(name, pair.slice(at + 1))
    }
    return answer
  }
  json(method: string, path: string, value: unknown, headers: Record<string, string> = {}) {
    return this.send(
      method,
      path,
      { 'content-type': 'application/json', 'x-csrf-token': this.crumb, ...headers },
      JSON.stringify(value),
    )
  }
  form(path: string, fields: Record<string, string>) {
    return this.send(
      'POST',
      path,
      { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${this.host}` },
      new URLSearchParams(fields).toString(),
    )
  }
}

// ---------------------------------------------------------------- cases, findings, the record

type Severity = 'high' | 'medium' | 'low'
interface Finding {
  severity: Severity
  what: string
  request: string
  detail: string
}
interface Case extends Spec {
  group: string
  name: string
  /** A check of this request's answer: the finding it shows, or null. */
  check?: (answer: Answer) => Omit<Finding, 'request'> | null
  /**
   * Sent with a legitimate owner's cookies (a member, a buyer): skips the stranger checks. Every
   * other request of the run is a stranger's: no buyer's email, gift card code, order access,
   * member or locked content may reach it.
   */
  owner?: boolean
}
interface Done {
  c: Case
  a: Answer
}

const done: Done[] = []
const findings: Finding[] = []
/** ss_cart values seen (set by the server or sent by us): none may appear in a body. */
const cartIds = new Set<string>()
/** What only an order's buyer may see. */
const buyerSecrets: { label: string; value: string }[] = []
/** The setup buyers' orders (an order an attack case places itself is its own). */
const buyerOrders: string[] = []

function requestLine(c: Case): string {
  const headers = Object.entries(c.headers ?? {})
    .filter(([name]) => name !== 'cf-connecting-ip')
    .map(
      ([name, value]) =>
        `${name}: ${value.length > 120 ? `${value.slice(0, 120)}…(${value.length})` : value}`,
    )
  const body =
    c.body === undefined
      ? ''
      : ` body(${c.chunked ? 'chunked ' : ''}${c.body.length} B): ${JSON.stringify(Buffer.isBuffer(c.body) ? c.body.subarray(0, 160).toString('utf8') : c.body.slice(0, 160))}`
  const path = c.path.length > 200 ? `${c.path.slice(0, 200)}…(${c.path.length})` : c.path
  return `${c.method} http://${c.host}${path}${headers.length > 0 ? ` [${headers.join('; ')}]` : ''}${body}`
}

function finding(c: Case, severity: Severity, what: string, detail: string) {
  findings.push({ severity, what, request: requestLine(c), detail })
}

const header = (a: Answer, name: string) => {
  const value = a.headers[name]
  return Array.isArray(value) ? value.join(', ') : (value ?? '')
}

/** The checks every answer gets, then the case's own. */
function inspect(c: Case, a: Answer) {
  for (const cookie of a.cookies) {
    const match = /^ss_cart=([^;]+)/.exec(cookie)
    if (match?.[1]) cartIds.add(match[1])
  }
  if (a.status === 0) return
  const control = header(a, 'cache-control')
  if (a.cookies.length > 0 && /\b(public|s-maxage)\b/i.test(control))
    finding(c, 'medium', 'Set-Cookie on a shareable response', `${a.status}, Cache-Control: ${control}`)
  for (const id of cartIds)
    if (a.body.includes(id))
      finding(c, 'medium', 'cart id (ss_cart value) in a body', `${a.status}: …${context(a.body, id)}…`)
  if (c.group !== 'setup' && !c.owner) {
    for (const secret of buyerSecrets)
      if (a.body.includes(secret.value))
        finding(
          c,
          'high',
          `${secret.label} visible to a stranger`,
          `${a.status}: …${context(a.body, secret.value)}…`,
        )
    for (const order of buyerOrders) {
      const opens = (cookie: string) =>
        cookie.startsWith('ss_order=') &&
        !/max-age=0/i.test(cookie) &&
        cookie.toLowerCase().includes(`path=/commerce/orders/${order}`)
      if (a.cookies.some(opens))
        finding(
          c,
          'high',
          'order access granted to a stranger',
          `${a.status}, Set-Cookie ss_order for ${order}`,
        )
      if (a.body.includes(`class="order-number">${order}`))
        finding(c, 'high', 'order page readable without access', `${a.status}, order ${order}`)
    }
    if (a.body.includes(MEMBER_CONTENT))
      finding(c, 'high', 'member page readable without a member session', `${a.status}`)
    if (a.body.includes(LOCKED_CONTENT))
      finding(c, 'high', 'locked page readable without its password', `${a.status}`)
  }
  const own = c.check?.(a)
  if (own) findings.push({ ...own, request: requestLine(c) })
}

function context(body: string, needle: string): string {
  const at = body.indexOf(needle)
  return body.slice(Math.max(0, at - 60), at + needle.length + 20).replace(/\s+/g, ' ')
}

/**
 * wrangler dev's ProxyWorker (it listens on the port and forwards to the worker's own socket)
 * answers this 503 when its fetch to the worker fails: when the worker answers 413 to a body
 * past its limit while the ProxyWorker is still streaming it (the same request sent straight to
 * the worker's socket gets the 413), and for the next request on a connection such a refusal
 * left behind. Production has no ProxyWorker. Such a request is sent again straight to the
 * worker's socket (`workerPort`), and that answer counts; the number is printed.
 */
const PROXY_RESTART = 'Your worker restarted mid-request.'
/** The worker's own socket under wrangler dev (miniflare's entry), found after each start. */
let workerPort: number | null = null

/**
 * The listening port of our server's workerd that is not the public port and answers
 * `/_health` (Linux: read from /proc); null when none is found.
 */
async function findWorkerPort(): Promise<number | null> {
  const group = serverProcess?.pid
  if (group === undefined) return null
  const inodes = new Set<string>()
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (!stat.includes('(workerd)') || Number(fields[2]) !== group) continue
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const link = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
        if (link?.[1]) inodes.add(link[1])
      }
    } catch {
      // A process that ended meanwhile, or one we may not read.
    }
  }
  const ports: number[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const parts = line.trim().split(/\s+/)
      if (parts[3] !== '0A' || !inodes.has(parts[9] ?? '')) continue
      const port = Number.parseInt(parts[1]?.split(':')[1] ?? '', 16)
      if (port !== PORT) ports.push(port)
    }
  }
  for (const port of ports) {
    const a = await call({ host: AURORA, method: 'GET', path: '/_health' }, port)
    if (a.status === 200 && a.body === 'ok') return port
  }
  return null
}
/**
 * Bodies above this are sent on their own (see PROXY_RESTART): past the smallest limit of the
 * worker (sign-in reads 4 KiB).
 */
const LARGE_BODY = 4000
const proxyResends: Done[] = []

async function recorded(c: Case): Promise<Answer> {
  let a = await call(c)
  const proxyFailed =
    (a.status === 503 && a.body.startsWith(PROXY_RESTART)) ||
    (a.status === 0 &&
      (c.body?.length ?? 0) > LARGE_BODY &&
      /ECONNRESET|EPIPE|socket hang up/.test(a.error ?? ''))
  if (proxyFailed && workerPort !== null) {
    proxyResends.push({ c, a })
    a = await call(c, workerPort)
  }
  if (a.status === 0 && (await restartIfExited())) a = await call(c)
  done.push({ c, a })
  inspect(c, a)
  return a
}

/** Requests sent after a large body to take wrangler dev's broken connection (PROXY_RESTART), and those it hit. */
const drains = { sent: 0, hit: 0 }

/**
 * Sends `cases`, `concurrency` at a time. With `drain`, each is followed by an `OPTIONS` of our
 * own (not counted anywhere else; the ProxyWorker does not retry it, so it fails at once if it
 * meets the connection the large body broke).
 */
async function runAll(cases: Case[], concurrency: number, drain = false): Promise<void> {
  let next = 0
  let finished = 0
  const started = performance.now()
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++] as Case
      await recorded(c)
      if (drain) {
        const a = await call({ host: AURORA, method: 'OPTIONS', path: '/robots.txt?after-a-large-body' })
        drains.sent++
        if (a.status === 503 && a.body.startsWith(PROXY_RESTART)) drains.hit++
      }
      finished++
      if (finished % 500 === 0)
        console.log(
          `  ${finished} of ${cases.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        )
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

// Expectations: the answer a refused request must get, else a finding.
const MEMBER_CONTENT = 'Thank you for supporting Field Journal'
const LOCKED_CONTENT = 'Draft handouts for the spring 2027'
const refusedWith =
  (statuses: number[], severity: Severity, what: string) =>
  (a: Answer): Omit<Finding, 'request'> | null =>
    a.status === 0 || statuses.includes(a.status)
      ? null
      : { severity, what, detail: `${a.status}: ${a.body.slice(0, 160).replace(/\s+/g, ' ')}` }
const crumbRefused = refusedWith(
  [403, 429],
  'medium',
  'made-up or mismatched crumb accepted on a state-changing call',
)
const crossOriginRefused = refusedWith([403, 429], 'medium', 'cross-origin plain form post accepted')

// ---------------------------------------------------------------- forged tokens

function jwt(header: object, payload: object, signature = '') {
  return `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.${signature}`
}
function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
}
const key = (secret: string) => new TextEncoder().encode(secret)
const now = () => Math.floor(Date.now() / 1000)

/** Session tokens nobody signed in for: each must be refused. */
async function forgedSessions(
  real: string,
  otherTenant: string,
  revoked: string,
): Promise<[string, string][]> {
  const claims = jwtPayload(real)
  const [h, , s] = real.split('.')
  const tampered = `${h}.${b64url(JSON.stringify({ ...claims, roles: [1, 8] }))}.${s}`
  const base = () =>
    new SignJWT({ roles: [1] })
      .setIssuer('storefront')
      .setAudience(String(claims.aud))
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
  return [
    ['alg=none', jwt({ alg: 'none', typ: 'JWT' }, { ...claims, roles: [1] })],
    ['alg=None, signature kept', jwt({ alg: 'None' }, claims, s)],
    [
      'wrong key',
      await base()
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(key('not-the-secret-at-all-not-the-secret')),
    ],
    [
      'HS512 with the secret',
      await base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(key(SECRETS.session)),
    ],
    [
      'expired',
      await base()
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now() - 7200)
        .setExpirationTime(now() - 3600)
        .sign(key(SECRETS.session)),
    ],
    ['no exp', await base().setProtectedHeader({ alg: 'HS256' }).sign(key(SECRETS.session))],
    ['tampered roles', tampered],
    ['another tenant’s session', otherTenant],
    ['revoked session', revoked],
    ['garbage', randomText(200)],
    ['three dots', 'a.b.c'],
    ['8 KB', randomText(8000)],
    ['unicode', '\u202eadmin\u0000'],
  ]
}

async function forgedCartTokens(kissaToken: string): Promise<[string, string][]> {
  const claims = jwtPayload(kissaToken)
  const [h, , s] = kissaToken.split('.')
  const sign = (alg: string, secret: string, payload: object, exp: number) =>
    new SignJWT({ ...payload }).setProtectedHeader({ alg }).setExpirationTime(exp).sign(key(secret))
  return [
    ['kissa’s token on aurora', kissaToken],
    ['alg=none', jwt({ alg: 'none' }, claims)],
    ['wrong key', await sign('HS256', 'not-the-cart-token-secret-xxxxx', claims, now() + 600)],
    ['HS384 with the secret', await sign('HS384', SECRETS.cartToken, claims, now() + 600)],
    ['expired', await sign('HS256', SECRETS.cartToken, { ...claims, exp: undefined }, now() - 60)],
    ['tampered qty', `${h}.${b64url(JSON.stringify({ ...claims, qty: 1000, sku: 'KT-GC-10000' }))}.${s}`],
    ['too long', randomText(5000)],
    ['garbage', '../../etc/passwd'],
  ]
}

/** `?access=` values for an order: none may open it. */
function forgedAccessTokens(
  siteId: string,
  orderId: string,
  otherSiteId: string,
  otherOrderId: string,
): [string, string][] {
  const token = (site: string, order: string, expiresAt: number) => {
    const expiry = expiresAt.toString(36)
    return `${expiry}.${b64url(hmac(SECRETS.session, `order-link|${site}|${order}|${expiry}`).subarray(0, 18))}`
  }
  const future = (now() + 86_400).toString(36)
  return [
    ['expired', token(siteId, orderId, now() - 60)],
    ['another order’s token', token(siteId, otherOrderId, now() + 86_400)],
    ['another tenant’s token', token(otherSiteId, orderId, now() + 86_400)],
    ['random signature', `${future}.${randomText(24)}`],
    ['no expiry', `.${randomText(24)}`],
    ['extra part', `${token(siteId, otherOrderId, now() + 86_400)}.x`],
    ['huge expiry', `zzzzzzzzzz.${randomText(24)}`],
    ['non-base64', `${future}.%%%%`],
  ]
}

function stripeSignature(body: string, time: number, secret = SECRETS.stripe) {
  return `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${body}`).digest('hex')}`
}

function formKey(siteId: string, issuedAt: number, secret = SECRETS.formKey): string {
  const issued = issuedAt.toString(36)
  const nonce = b64url(Buffer.from(randomText(16)))
  return `v1.${issued}.${nonce}.${b64url(hmac(secret, `v1|${siteId}|${issued}|${nonce}`))}`
}

const madeUpCrumbs = (real: string): [string, string][] => [
  ['44 random characters', randomText(44)],
  ['real random part, made-up signature', `${real.slice(0, 22)}${randomText(22)}`],
  ['last character changed', `${real.slice(0, 43)}${real.endsWith('A') ? 'B' : 'A'}`],
  ['43 characters', real.slice(0, 43)],
  ['45 characters', `${real}A`],
  ['unicode', `${'é'.repeat(22)}${real.slice(0, 22)}`],
]

// ---------------------------------------------------------------- odd values

const ODD_IDS = [
  '../../etc/passwd',
  '..%2F..%2Fsecret',
  '%2e%2e%2f%2e%2e',
  '\u202egnp.exe',
  'a\u0000b',
  '%00',
  '😀🔥',
  'ünïcødé',
  "x' OR '1'='1",
  '<script>alert(1)</script>',
  '{{7*7}}$(id)',
  'a'.repeat(513),
  'é'.repeat(200),
  '-1',
  '0x10',
  '1e400',
  ' ',
  '',
  'null',
  '__proto__',
  'constructor',
  '%E0%A4%A',
  'ord_000000000000000000000000',
]
const ODD_PATH_SEGMENTS = [
  '..',
  '%2e%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%E2%80%AEtxt.exe',
  '%00',
  'a%00b',
  '%F0%9F%98%80',
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AE%C0%AE',
  '%252e%252e',
  'a'.repeat(489),
  'a'.repeat(490),
  'a'.repeat(491),
  '%C3%A9'.repeat(170),
  'b'.repeat(4000),
  'c'.repeat(12_000),
  ';jsessionid=1',
  '~root',
  'index.php',
  '.env',
  '__proto__',
]
const ODD_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -0,
  9999,
  10_000,
  2 ** 53 + 2,
  '0x10',
  '1e1',
  ' 1 ',
  '١٢',
  '1_000',
  '+1',
  '01',
  '',
  'NaN',
  'Infinity',
  null,
  true,
  [],
  {},
  [1],
  '9'.repeat(400),
]
const ODD_STRINGS: unknown[] = [
  '',
  ' ',
  '\u0000',
  '\u202e\u202d',
  '😀'.repeat(1000),
  'x'.repeat(70_000),
  '<img src=x onerror=alert(1)>',
  '../'.repeat(50),
  123,
  -1,
  true,
  null,
  [],
  {},
  ['a', 'b'],
  { $gt: '' },
  '%00',
  'é'.repeat(30_000),
]

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`
}
function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}
function manyKeys(n: number): string {
  return JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])))
}
const bigBody = (bytes: number) => Buffer.alloc(bytes, 'a')

/** Bodies a JSON call should answer with a 4xx: each a content type and the bytes. */
function jsonBodies(sample: Record<string, unknown>): [string, string | undefined, string | Buffer][] {
  const fields = Object.keys(sample)
  const field = fields.length > 0 ? pick(fields) : 'x'
  const withField = (value: unknown) => JSON.stringify({ ...sample, [field]: value })
  const { [field]: _dropped, ...missing } = sample
  return [
    ['wrong type: array', 'application/json', '[]'],
    ['wrong type: string', 'application/json', '"x"'],
    ['wrong type: number', 'application/json', '1'],
    ['wrong type: null', 'application/json', 'null'],
    [`missing ${field}`, 'application/json', JSON.stringify(missing)],
    [
      'extra fields',
      'application/json',
      JSON.stringify({ ...sample, extra: 1, __proto__x: { admin: true }, constructor: 'x' }),
    ],
    [
      '__proto__ field',
      'application/json',
      `{"__proto__":{"isAdmin":true},${JSON.stringify(sample).slice(1)}`,
    ],
    [`${field}: odd number`, 'application/json', withField(pick(ODD_NUMBERS))],
    [`${field}: odd string`, 'application/json', withField(pick(ODD_STRINGS))],
    [`${field}: odd id`, 'application/json', withField(pick(ODD_IDS))],
    ['deep array (20,000)', 'application/json', deepArray(20_000)],
    [
      'deep object in a field',
      'application/json',
      `{${JSON.stringify(sample).slice(1, -1)}${fields.length ? ',' : ''}"deep":${deepObject(6000)}}`,
    ],
    ['5,000 keys', 'application/json', manyKeys(5000)],
    ['truncated JSON', 'application/json', JSON.stringify(sample).slice(0, -1)],
    ['BOM', 'application/json', `\uFEFF${JSON.stringify(sample)}`],
    ['single quotes', 'application/json', "{'itemId':'x'}"],
    ['trailing comma', 'application/json', `${JSON.stringify(sample).slice(0, -1)},}`],
    ['NaN literal', 'application/json', '{"quantity":NaN}'],
    ['NUL bytes', 'application/json', Buffer.from([0x7b, 0, 0, 0x7d])],
    ['binary', 'application/octet-stream', Buffer.from(Array.from({ length: 512 }, () => int(256)))],
    ['JSON labelled as a form', 'application/x-www-form-urlencoded', JSON.stringify(sample)],
    ['JSON labelled text/plain', 'text/plain', JSON.stringify(sample)],
    ['JSON without a content type', undefined, JSON.stringify(sample)],
    [
      'JSON as UTF-16',
      'application/json; charset=utf-16',
      Buffer.from(`\uFEFF${JSON.stringify(sample)}`, 'utf16le'),
    ],
    ['multipart without boundary', 'multipart/form-data', JSON.stringify(sample)],
    [
      'form labelled as JSON',
      'application/json',
      new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString(),
    ],
    ['huge content type', `application/json; ${'x'.repeat(6000)}=1`, JSON.stringify(sample)],
    ['70 KB string field', 'application/json', withField('x'.repeat(70_000))],
    ['empty body', 'application/json', ''],
  ]
}

/** Form bodies a page or beacon post should answer with a 4xx (never a 500). */
function formBodies(sample: Record<string, string>): [string, string | undefined, string | Buffer][] {
  const encoded = new URLSearchParams(sample).toString()
  const boundary = `----abuse${randomText(8)}`
  const part = (name: string, value: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`
  const multipart = `${Object.entries(sample)
    .map(([name, value]) => part(name, value))
    .join('')}--${boundary}--\r\n`
  const name = pick(Object.keys(sample).length > 0 ? Object.keys(sample) : ['x'])
  return [
    ['repeated keys', 'application/x-www-form-urlencoded', `${encoded}&${name}=a&${name}=b&${name}=c`],
    ['array keys', 'application/x-www-form-urlencoded', `${encoded}&${name}[]=1&${name}[]=2&${name}[0][a]=x`],
    ['broken percent-encoding', 'application/x-www-form-urlencoded', `${encoded}&${name}=%E0%A4%A&%zz=%`],
    ['NUL and RTL', 'application/x-www-form-urlencoded', `${encoded}&${name}=a%00b%E2%80%AE`],
    [
      `${name}: odd value`,
      'application/x-www-form-urlencoded',
      new URLSearchParams({ ...sample, [name]: String(pick(ODD_STRINGS)) }).toString(),
    ],
    [
      `${name}: odd number`,
      'application/x-www-form-urlencoded',
      new URLSearchParams({ ...sample, [name]: String(pick(ODD_NUMBERS)) }).toString(),
    ],
    ['100 KB value', 'application/x-www-form-urlencoded', `${encoded}&${name}=${'x'.repeat(100_000)}`],
    ['300-character name', 'application/x-www-form-urlencoded', `${encoded}&${'n'.repeat(300)}=1`],
    [
      '12,000 fields',
      'application/x-www-form-urlencoded',
      Array.from({ length: 12_000 }, (_, i) => `f${i}=1`).join('&'),
    ],
    ['multipart', `multipart/form-data; boundary=${boundary}`, multipart],
    [
      'multipart with a file',
      `multipart/form-data; boundary=${boundary}`,
      `${part(name, 'file body', '; filename="../../x.php"')}${multipart}`,
    ],
    ['multipart, wrong boundary', 'multipart/form-data; boundary=nope', multipart],
    ['multipart, no end', `multipart/form-data; boundary=${boundary}`, multipart.slice(0, -20)],
    ['multipart without boundary', 'multipart/form-data', multipart],
    ['form labelled as JSON', 'application/json', encoded],
    ['JSON labelled as a form', 'application/x-www-form-urlencoded', JSON.stringify(sample)],
    ['text/plain', 'text/plain', encoded],
    ['no content type', undefined, encoded],
    ['binary', 'application/octet-stream', Buffer.from(Array.from({ length: 1024 }, () => int(256)))],
    ['UTF-16 form', 'application/x-www-form-urlencoded; charset=utf-16', Buffer.from(encoded, 'utf16le')],
    ['empty', 'application/x-www-form-urlencoded', ''],
  ]
}

// ---------------------------------------------------------------- routes

type Kind =
  | 'page'
  | 'json'
  | 'form-post'
  | 'beacon-form'
  | 'beacon-json'
  | 'webhook'
  | 'operator'
  | 'read-api'
interface Route {
  group: string
  host: string
  methods: string[]
  path: string
  kind: Kind
  /** A request that passes: its body (JSON value or form fields) and query. */
  sample?: Record<string, unknown>
  /** Needs the crumb (`X-CSRF-Token`, or the cookie for beacons). */
  crumb?: boolean
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']

interface World {
  aurora: { buyer: Browser; orderId: string; orderKey: string; email: string }
  kissa: { buyer: Browser; orderId: string; email: string; giftCode: string }
  admin: Browser
  adminXsrf: string
  adminToken: string
  shopper: Browser
  viewer: Browser
  viewerXsrf: string
  kissaManagerToken: string
  kissaManagerXsrf: string
  revokedToken: string
  member: Browser
  auroraVisitor: Browser
  auroraEntry: string
  kissaVisitor: Browser
  kissaEntry: string
  subscriptionToken: string
  journalVisitor: Browser
  journalFormKey: string
}

function routes(w: World): Route[] {
  const e = w.auroraEntry
  const order = w.aurora.orderId
  const beaconData = (extra: object = {}) => JSON.stringify({ pagePath: '/', ...extra })
  return [
    // Pages and what every tenant host serves.
    ...[
      [AURORA, '/'],
      [AURORA, '/apparel'],
      [AURORA, '/apparel/cotton-camp-tee'],
      [AURORA, '/about'],
      [KISSA, '/'],
      [KISSA, '/tea/genmaicha'],
      [KISSA, '/gifts/kissa-gift-card'],
      [JOURNAL, '/'],
      [JOURNAL, '/field-notes'],
      [JOURNAL, '/field-notes/first-frost-on-the-marsh'],
      [JOURNAL, '/events'],
      [JOURNAL, '/events/winter-bird-count'],
      [JOURNAL, '/gallery'],
      [JOURNAL, '/gallery/marsh-at-first-light'],
      [JOURNAL, '/no-such-page'],
    ].map(
      ([host, path]): Route => ({
        group: 'pages',
        host: host as string,
        methods: ['GET', 'HEAD'],
        path: path as string,
        kind: 'page',
      }),
    ),
    ...TENANTS.flatMap((host): Route[] => [
      {
        group: 'search, sitemap, robots',
        host,
        methods: ['GET', 'HEAD'],
        path: '/search?q=tea',
        kind: 'page',
      },
      {
        group: 'search, sitemap, robots',
        host,
        methods: ['GET', 'HEAD'],
        path: '/sitemap.xml',
        kind: 'page',
      },
      { group: 'search, sitemap, robots', host, methods: ['GET', 'HEAD'], path: '/robots.txt', kind: 'page' },
    ]),
    {
      group: 'health, demo index, unknown host',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/_health',
      kind: 'page',
    },
    {
      group: 'health, demo index, unknown host',
      host: `localhost:${PORT}`,
      methods: ['GET', 'HEAD'],
      path: '/',
      kind: 'page',
    },
    {
      group: 'health, demo index, unknown host',
      host: `nobody.localhost:${PORT}`,
      methods: ['GET', 'HEAD'],
      path: '/',
      kind: 'page',
    },
    {
      group: 'static assets',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/demo/aurora/logo.svg',
      kind: 'page',
    },
    // Member-only and locked pages: GET shows the screen, a plain POST signs in or unlocks.
    {
      group: 'member and locked pages',
      host: JOURNAL,
      methods: ['GET', 'HEAD', 'POST'],
      path: '/members',
      kind: 'form-post',
      sample: { email: 'member@journal.example', password: 'wrong-password' },
    },
    {
      group: 'member and locked pages',
      host: JOURNAL,
      methods: ['GET', 'HEAD', 'POST'],
      path: '/workshop-drafts',
      kind: 'form-post',
      sample: { password: 'wrong-password' },
    },
    // Personal commerce pages.
    { group: 'cart and checkout pages', host: AURORA, methods: ['GET', 'HEAD'], path: '/cart', kind: 'page' },
    {
      group: 'cart and checkout pages',
      host: AURORA,
      methods: ['GET', 'HEAD', 'POST'],
      path: '/checkout',
      kind: 'form-post',
      sample: {
        idempotencyKey: randomText(32),
        email: `abuse-${RUN}-stranger@example.com`,
        name: 'Mallory',
        address1: '1 Main St',
        city: 'X',
        region: 'VT',
        postalCode: '05401',
        country: 'US',
        card: '4242 4242 4242 4242',
      },
    },
    {
      group: 'cart and checkout pages',
      host: KISSA,
      methods: ['GET', 'HEAD', 'POST'],
      path: `/checkout?cartToken=${encodeURIComponent(w.subscriptionToken)}`,
      kind: 'form-post',
      sample: {
        idempotencyKey: randomText(32),
        email: `abuse-${RUN}-stranger@example.com`,
        card: '4000 0000 0000 0002',
      },
    },
    {
      group: 'orders',
      host: AURORA,
      methods: ['GET', 'HEAD', 'POST'],
      path: '/commerce/orders',
      kind: 'form-post',
      sample: { orderNumber: order, email: `abuse-${RUN}-guess@example.com` },
    },
    {
      group: 'orders',
      host: AURORA,
      methods: ['GET', 'HEAD', 'POST'],
      path: `/commerce/orders/${order}`,
      kind: 'form-post',
      sample: { orderNumber: order, email: `abuse-${RUN}-guess@example.com` },
    },
    {
      group: 'orders',
      host: KISSA,
      methods: ['GET', 'HEAD', 'POST'],
      path: `/commerce/orders/${w.kissa.orderId}`,
      kind: 'form-post',
      sample: { orderNumber: w.kissa.orderId, email: 'nobody@example.com' },
    },
    {
      group: 'orders',
      host: AURORA,
      methods: ['GET', 'HEAD', 'POST'],
      path: '/account/orders',
      kind: 'form-post',
      sample: { email: `abuse-${RUN}-member@example.com`, password: randomText(12) },
    },
    {
      group: 'orders',
      host: AURORA,
      methods: ['GET', 'HEAD', 'POST'],
      path: `/account/orders/${order}`,
      kind: 'form-post',
      sample: { email: `abuse-${RUN}-member@example.com`, password: randomText(12) },
    },
    {
      group: 'subscription and gift card pages',
      host: KISSA,
      methods: ['GET', 'HEAD'],
      path: `/commerce/subscription?cartToken=${encodeURIComponent(w.subscriptionToken)}`,
      kind: 'page',
    },
    {
      group: 'subscription and gift card pages',
      host: KISSA,
      methods: ['GET', 'HEAD'],
      path: '/commerce/gift-card?itemId=kissa-item-0019&sku=KT-GC-3000',
      kind: 'page',
    },
    {
      group: 'double opt-in',
      host: JOURNAL,
      methods: ['GET', 'HEAD', 'POST'],
      path: '/subscriptions/confirm',
      kind: 'form-post',
      sample: { token: randomText(43) },
    },
    // Plain form posts of the cart and the pages' islands.
    {
      group: 'cart form posts',
      host: AURORA,
      methods: ['POST'],
      path: '/cart/add',
      kind: 'form-post',
      sample: { itemId: 'aurora-item-0010', sku: 'AO-CT-M-CRM', quantity: '1' },
    },
    {
      group: 'cart form posts',
      host: AURORA,
      methods: ['POST'],
      path: `/cart/entries/${e}/quantity`,
      kind: 'form-post',
      sample: { quantity: '2' },
    },
    {
      group: 'cart form posts',
      host: AURORA,
      methods: ['POST'],
      path: `/cart/entries/${e}/remove`,
      kind: 'form-post',
      sample: {},
    },
    {
      group: 'page form posts',
      host: JOURNAL,
      methods: ['GET', 'POST'],
      path: '/contact',
      kind: 'form-post',
      sample: {
        'sf-action': 'form',
        'sf-form-id': 'contact',
        'name-first': 'Eve',
        'name-last': 'X',
        email: `abuse-${RUN}@example.com`,
        topic: 'A field note',
        message: 'hello',
      },
    },
    {
      group: 'page form posts',
      host: JOURNAL,
      methods: ['GET', 'POST'],
      path: '/workshop-registration',
      kind: 'form-post',
      sample: { 'sf-action': 'form', 'sf-form-id': 'workshop-registration' },
    },
    {
      group: 'page form posts',
      host: AURORA,
      methods: ['GET', 'POST'],
      path: '/apparel/ridgeline-flannel-shirt',
      kind: 'form-post',
      sample: {
        'sf-action': 'restock',
        productId: 'aurora-item-0002',
        variantId: 'aurora-item-0002-v01',
        email: `abuse-${RUN}@example.com`,
      },
    },
    {
      group: 'page form posts',
      host: JOURNAL,
      methods: ['GET', 'POST'],
      path: '/field-notes/tide-pools-at-dawn',
      kind: 'form-post',
      sample: { 'sf-action': 'like', itemId: 'journal-item-0004' },
    },
    // The cart API.
    {
      group: 'cart API',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/api/commerce/shopping-cart',
      kind: 'read-api',
    },
    {
      group: 'cart API',
      host: AURORA,
      methods: ['POST'],
      path: '/api/commerce/shopping-cart/entries',
      kind: 'json',
      crumb: true,
      sample: { itemId: 'aurora-item-0010', sku: 'AO-CT-S-CRM', quantity: 1 },
    },
    {
      group: 'cart API',
      host: AURORA,
      methods: ['PUT'],
      path: `/api/commerce/shopping-cart/entries/${e}/additionalFields`,
      kind: 'json',
      crumb: true,
      sample: { itemId: 'aurora-item-0010', sku: 'AO-CT-M-CRM', additionalFields: '{}' },
    },
    {
      group: 'cart API',
      host: AURORA,
      methods: ['PUT'],
      path: `/api/commerce/shopping-cart/entries/${e}/quantity`,
      kind: 'json',
      crumb: true,
      sample: { quantity: 2 },
    },
    {
      group: 'cart API',
      host: AURORA,
      methods: ['DELETE'],
      path: `/api/commerce/shopping-cart/entries/${randomText(12)}`,
      kind: 'json',
      crumb: true,
      sample: {},
    },
    {
      group: 'cart API',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/api/commerce/inventory/stock/?itemId=aurora-item-0002',
      kind: 'read-api',
    },
    {
      group: 'cart API',
      host: KISSA,
      methods: ['POST'],
      path: '/api/3/commerce/cart/subscription',
      kind: 'json',
      crumb: true,
      sample: { itemId: 'kissa-item-0016', sku: 'KT-MC-2TEAS', qty: 1 },
    },
    // Forms, restock, reviews, places, likes.
    {
      group: 'forms API',
      host: JOURNAL,
      methods: ['POST'],
      path: '/api/form/FormSubmissionKey',
      kind: 'json',
      crumb: true,
      sample: {},
    },
    {
      group: 'forms API',
      host: JOURNAL,
      methods: ['POST'],
      path: '/api/form/SaveFormSubmission',
      kind: 'json',
      crumb: true,
      sample: {
        key: formKey('journal', Date.now() - 60_000),
        formId: 'contact',
        form: JSON.stringify({ email: 'x@example.com' }),
      },
    },
    {
      group: 'forms API',
      host: JOURNAL,
      methods: ['POST'],
      path: '/api/rest/forms/validate/contact',
      kind: 'json',
      sample: { email: 'x' },
    },
    {
      group: 'forms API',
      host: JOURNAL,
      methods: ['GET', 'HEAD'],
      path: '/api/template/GetTemplateSchema?type=form',
      kind: 'read-api',
    },
    {
      group: 'restock API',
      host: AURORA,
      methods: ['POST'],
      path: '/api/site-users/account/notifications/restock',
      kind: 'json',
      crumb: true,
      sample: {
        productId: 'aurora-item-0002',
        variantId: 'aurora-item-0002-v01',
        siteVisitorEmail: `abuse-${RUN}@example.com`,
      },
    },
    {
      group: 'restock API (owner)',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/api/site-users/account/notifications/restock?productId=aurora-item-0002',
      kind: 'read-api',
    },
    {
      group: 'restock API (owner)',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/api/site-users/account/notifications/restock/groups',
      kind: 'read-api',
    },
    {
      group: 'restock API (owner)',
      host: AURORA,
      methods: ['POST'],
      path: '/api/site-users/account/notifications/restock/send',
      kind: 'json',
      crumb: true,
      sample: { productId: 'aurora-item-0002', variantId: 'aurora-item-0002-v01' },
    },
    {
      group: 'restock API (owner)',
      host: AURORA,
      methods: ['POST'],
      path: '/api/site-users/account/notifications/restock/send/all',
      kind: 'json',
      crumb: true,
      sample: { sendRequests: [{ productId: 'aurora-item-0002', variantId: 'aurora-item-0002-v01' }] },
    },
    {
      group: 'reviews, places, likes',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/api/commerce/product/reviews?page=0&size=10',
      kind: 'read-api',
    },
    {
      group: 'reviews, places, likes',
      host: JOURNAL,
      methods: ['GET', 'HEAD'],
      path: '/api/google-maps/places/autocomplete?input=Main',
      kind: 'read-api',
      crumb: true,
    },
    {
      group: 'reviews, places, likes',
      host: JOURNAL,
      methods: ['GET', 'HEAD'],
      path: '/api/google-maps/places/details?place_id=local-1',
      kind: 'read-api',
      crumb: true,
    },
    {
      group: 'reviews, places, likes',
      host: JOURNAL,
      methods: ['POST'],
      path: '/api/content/likes',
      kind: 'json',
      crumb: true,
      sample: { itemId: 'journal-item-0004' },
    },
    // Sessions.
    {
      group: 'site-user session',
      host: AURORA,
      methods: ['POST'],
      path: '/api/site-users/account/session',
      kind: 'json',
      crumb: true,
      sample: { email: 'viewer@aurora.example', password: 'not-the-password', rememberMe: false },
    },
    {
      group: 'site-user session',
      host: AURORA,
      methods: ['DELETE'],
      path: '/api/site-users/account/session?cloneCart=true',
      kind: 'json',
      crumb: true,
      sample: {},
    },
    {
      group: 'site-user session',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/api/site-users/account',
      kind: 'read-api',
    },
    // Beacons.
    {
      group: 'beacons',
      host: AURORA,
      methods: ['POST'],
      path: '/api/census/RecordHit',
      kind: 'beacon-form',
      crumb: true,
      sample: { event: 'view', data: beaconData() },
    },
    {
      group: 'beacons',
      host: AURORA,
      methods: ['POST'],
      path: '/api/census/button-click',
      kind: 'beacon-form',
      crumb: true,
      sample: { data: beaconData({ buttonText: 'Buy' }) },
    },
    {
      group: 'beacons',
      host: KISSA,
      methods: ['POST'],
      path: '/api/census/button-render',
      kind: 'beacon-form',
      crumb: true,
      sample: { data: beaconData({ buttonText: 'Buy' }) },
    },
    {
      group: 'beacons',
      host: KISSA,
      methods: ['POST'],
      path: '/api/census/overlay',
      kind: 'beacon-form',
      crumb: true,
      sample: { data: beaconData({ overlayId: 'o', action: 'show' }) },
    },
    {
      group: 'beacons',
      host: JOURNAL,
      methods: ['POST'],
      path: '/api/census/form-render',
      kind: 'beacon-form',
      crumb: true,
      sample: { formId: 'contact' },
    },
    {
      group: 'beacons',
      host: AURORA,
      methods: ['POST'],
      path: '/api/census/RecordQuickView/aurora-item-0010',
      kind: 'beacon-form',
      crumb: true,
      sample: { data: beaconData() },
    },
    {
      group: 'beacons',
      host: AURORA,
      methods: ['POST'],
      path: '/api/events/RecordJavascriptErrors',
      kind: 'beacon-json',
      crumb: true,
      sample: { 0: { event: 'error', data: JSON.stringify({ message: 'x' }), timestamp: Date.now() } },
    },
    {
      group: 'beacons',
      host: JOURNAL,
      methods: ['POST'],
      path: '/api/events/RecordEvent',
      kind: 'beacon-form',
      crumb: true,
      sample: { event: 'view', data: beaconData() },
    },
    {
      group: 'beacons',
      host: AURORA,
      methods: ['POST'],
      path: '/api/v1/clanker/events',
      kind: 'beacon-json',
      crumb: true,
      sample: {
        eventSchemaName: 'CommerceShopping_ViewCart',
        eventContent: JSON.stringify({ ss_cvr: null }),
      },
    },
    {
      group: 'beacons',
      host: AURORA,
      methods: ['POST'],
      path: '/api/v1/clanker/validate-event-content/Performance',
      kind: 'beacon-json',
      crumb: true,
      sample: { eventContent: '{}' },
    },
    {
      group: 'beacons',
      host: KISSA,
      methods: ['GET', 'HEAD'],
      path: '/api/1/performance/settings',
      kind: 'read-api',
    },
    {
      group: 'beacons',
      host: KISSA,
      methods: ['POST'],
      path: '/api/1/performance/records',
      kind: 'beacon-json',
      crumb: true,
      sample: {
        0: {
          app: 'x',
          event: 'Performance',
          data: { ttfb: 1 },
          pageLoadId: crypto.randomUUID(),
          ts: Date.now(),
        },
      },
    },
    // The payment webhook, the operator's calls, an API that does not exist.
    {
      group: 'payment webhook',
      host: AURORA,
      methods: ['POST'],
      path: '/api/commerce/payments/webhook',
      kind: 'webhook',
    },
    {
      group: 'operator',
      host: AURORA,
      methods: ['GET', 'HEAD'],
      path: '/_operator/dead-letters',
      kind: 'operator',
    },
    {
      group: 'operator',
      host: `anything.example:${PORT}`,
      methods: ['POST'],
      path: '/_operator/dead-letters/replay',
      kind: 'operator',
    },
    {
      group: 'unknown API',
      host: KISSA,
      methods: ['GET'],
      path: '/api/nope/../../commerce/shopping-cart',
      kind: 'read-api',
    },
  ]
}

// ---------------------------------------------------------------- the hostile cases

function addressed(c: Case): Case {
  return { ...c, headers: { 'cf-connecting-ip': anyAddress(), ...c.headers } }
}

/** A JSON-ish sample as the body a route's route-appropriate encoding carries. */
function sampleBody(route: Route): { type: string; body: string } {
  const sample = route.sample ?? {}
  if (route.kind === 'beacon-json' && '0' in sample)
    return { type: 'application/json', body: JSON.stringify([sample[0]]) }
  if (route.kind === 'json' || route.kind === 'beacon-json')
    return { type: 'application/json', body: JSON.stringify(sample) }
  return {
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString(),
  }
}

/** Cookies and headers of a legitimate visitor of the route's tenant (who holds a crumb). */
function visitorOf(w: World, host: string): Browser {
  return host === AURORA ? w.auroraVisitor : host === KISSA ? w.kissaVisitor : w.journalVisitor
}
function asVisitor(w: World, route: Route): Record<string, string> {
  const v = visitorOf(w, route.host)
  const headers: Record<string, string> = { cookie: v.cookie(), 'x-csrf-token': v.crumb }
  if (route.group === 'restock API (owner)') {
    headers.cookie = w.admin.cookie()
    headers['x-csrf-token'] = w.admin.crumb
    headers['x-xsrf-token'] = w.adminXsrf
  }
  if (route.kind === 'form-post' || route.kind === 'page') headers.origin = `http://${route.host}`
  return headers
}

function wrongMethods(w: World, route: Route): Case[] {
  return METHODS.filter((m) => !route.methods.includes(m)).map((method) => {
    const withBody = method !== 'GET' && method !== 'HEAD' ? true : random() < 0.25
    const { type, body } = sampleBody(route)
    return addressed({
      group: route.group,
      name: `wrong method ${method}${withBody && (method === 'GET' || method === 'HEAD') ? ' with a body' : ''}`,
      host: route.host,
      method,
      path: route.path,
      headers: { ...asVisitor(w, route), ...(withBody ? { 'content-type': type } : {}) },
      body: withBody ? body : undefined,
    })
  })
}

/** Made-up and mismatched crumbs on a crumb-protected call: each a 403 (or 429). */
function crumbCases(w: World, route: Route): Case[] {
  const method = route.methods[0] as string
  const { type, body } = sampleBody(route)
  const v = visitorOf(w, route.host)
  const other = route.host === AURORA ? w.kissaVisitor : w.auroraVisitor
  const sameTenant = route.host === AURORA ? w.admin : route.host === KISSA ? w.kissa.buyer : w.member
  // [name, headers, the cookie holds a crumb this server minted]
  const variants: [string, Record<string, string>, boolean][] = [
    ['no cookie, no header', {}, false],
    ['header only (a real crumb)', { 'x-csrf-token': v.crumb }, false],
    ['cookie only', { cookie: v.cookie('crumb') }, true],
    [
      'another visitor’s crumb in the header',
      { cookie: v.cookie('crumb'), 'x-csrf-token': sameTenant.crumb },
      true,
    ],
    ...madeUpCrumbs(v.crumb).map(([name, crumb]): [string, Record<string, string>, boolean] => [
      `made-up crumb: ${name}`,
      { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      false,
    ]),
    [
      'made-up crumb beside a real one',
      { cookie: `crumb=${randomText(44)}; ${v.cookie('crumb')}`, 'x-csrf-token': randomText(44) },
      true,
    ],
    [
      'real cookie, other tenant’s crumb in the header',
      { cookie: v.cookie('crumb'), 'x-csrf-token': other.crumb },
      true,
    ],
  ]
  // A beacon proves its visitor with the cookie alone (sendBeacon sends no header): only cookies
  // the server did not mint must be refused there (the error reports also need the header).
  const cookieOnly = route.kind.startsWith('beacon') && !route.path.endsWith('/RecordJavascriptErrors')
  return variants
    .filter(([, , minted]) => !cookieOnly || !minted)
    .map(([name, headers]) => {
      // An owner call: the admin's live session and its XSRF token, so only the crumb is wrong.
      const owner = route.group === 'restock API (owner)'
      const session = `ss_site_user=${w.adminToken}`
      const cookie = owner ? [headers.cookie, session].filter(Boolean).join('; ') : headers.cookie
      return addressed({
        group: route.group,
        name: `forged crumb: ${name}`,
        host: route.host,
        method,
        path: route.path,
        headers: {
          'content-type': type,
          ...headers,
          ...(cookie ? { cookie } : {}),
          ...(owner ? { 'x-xsrf-token': w.adminXsrf } : {}),
        },
        body: method === 'GET' ? undefined : body,
        check:
          route.kind === 'read-api' && method === 'GET'
            ? refusedWith([403, 429], 'medium', 'paid API called without a minted crumb')
            : crumbRefused,
      })
    })
}

const CROSS_ORIGIN: [string, Record<string, string>][] = [
  ['Origin of another site', { origin: 'https://evil.example' }],
  ['Origin: null', { origin: 'null' }],
  ['no Origin, no Sec-Fetch-Site', {}],
  ['Sec-Fetch-Site: cross-site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['another tenant (same-site)', { origin: `http://${KISSA}`, 'sec-fetch-site': 'same-site' }],
  ['Origin prefix trick', { origin: `http://${AURORA}.evil.example` }],
  ['Origin without the port', { origin: 'http://aurora.localhost' }],
  ['https instead of http', { origin: `https://${AURORA}` }],
  ['Referer only', { referer: `http://${AURORA}/apparel` }],
  ['Sec-Fetch-Site: none, no Origin', { 'sec-fetch-site': 'none' }],
  [
    'same-site with our Origin spoofed lower-case host',
    { origin: `http://AURORA.localhost:${PORT}`, 'sec-fetch-site': 'cross-site' },
  ],
]

/** A cross-origin plain form post carrying the victim's cookies: each a 403. */
function crossOriginCases(w: World, route: Route): Case[] {
  const victim = route.host === AURORA ? w.auroraVisitor : route.host === KISSA ? w.kissaVisitor : w.member
  const { body } = sampleBody(route)
  return CROSS_ORIGIN.map(([name, headers]) => {
    const spoofed = { ...headers }
    if (route.host !== AURORA && spoofed.origin?.toLowerCase().includes('aurora'))
      spoofed.origin = spoofed.origin.replace(/aurora/gi, route.host.split('.')[0] as string)
    else if (route.host === KISSA && spoofed.origin === `http://${KISSA}`) spoofed.origin = `http://${AURORA}`
    if (route.host !== AURORA && spoofed.referer) spoofed.referer = `http://${route.host}/`
    return addressed({
      group: route.group,
      name: `cross-origin: ${name}`,
      host: route.host,
      method: 'POST',
      path: route.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: victim.cookie(), ...spoofed },
      body,
      check: crossOriginRefused,
      // The victim's own cookies: what an accepted post shows is this check's finding.
      owner: true,
    })
  })
}

/** One random hostile request to `route` (bodies, queries, paths, cookies, headers). */
function fuzzCase(w: World, route: Route): Case {
  const method = pick(route.methods)
  const base: Case = {
    group: route.group,
    name: '',
    host: route.host,
    method,
    path: route.path,
    headers: asVisitor(w, route),
  }
  const roll = random()
  const hasBody = method !== 'GET' && method !== 'HEAD'
  // Bodies: JSON or form fuzz, sizes.
  if (hasBody && roll < 0.45) {
    const sample = route.sample ?? {}
    const bodies =
      route.kind === 'json' ||
      route.kind === 'beacon-json' ||
      route.kind === 'webhook' ||
      route.kind === 'operator'
        ? jsonBodies(sample)
        : formBodies(Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)])))
    const [name, type, body] = pick(bodies)
    return addressed({
      ...base,
      name: `body: ${name}`,
      headers: { ...base.headers, ...(type ? { 'content-type': type } : {}) },
      body,
    })
  }
  if (hasBody && roll < 0.5) {
    const size = pick([200 * 1024, 1 * MB, 3 * MB, 10 * MB])
    const chunked = random() < 0.5
    return addressed({
      ...base,
      name: `body: ${size >= MB ? `${size / MB} MB` : `${size / 1024} KB`} ${chunked ? 'chunked' : 'declared'}`,
      headers: { ...base.headers, 'content-type': sampleBody(route).type },
      body: bigBody(size),
      chunked,
    })
  }
  // Paths: odd ids and segments.
  if (roll < 0.62) {
    const segment = pick(ODD_PATH_SEGMENTS)
    const [pathname = '/', query] = route.path.split('?')
    const parts = pathname.split('/')
    const at = parts.length > 2 ? 1 + int(parts.length - 1) : parts.length
    const odd = [...parts.slice(0, at), segment, ...parts.slice(at + (random() < 0.5 ? 1 : 0))].join('/')
    const { type, body } = sampleBody(route)
    return addressed({
      ...base,
      name: `path: ${segment.length > 30 ? `${segment.slice(0, 12)}… (${segment.length})` : segment}`,
      path: `${odd}${query ? `?${query}` : ''}`,
      headers: { ...base.headers, ...(hasBody ? { 'content-type': type } : {}) },
      body: hasBody ? body : undefined,
    })
  }
  // Queries: repeated keys, arrays, odd values.
  if (roll < 0.75) {
    const [pathname = '/', query = ''] = route.path.split('?')
    const names = [
      ...new URLSearchParams(query).keys(),
      'page',
      'q',
      'itemId',
      'cartToken',
      'access',
      'token',
      'cursor',
      'size',
      'productId',
    ]
    const name = pick(names)
    const value = encodeURIComponent(String(pick([...ODD_NUMBERS, ...ODD_STRINGS.slice(0, 12), ...ODD_IDS])))
    const shapes = [
      `${query}&${name}=${value}&${name}=${value}`,
      `${name}[]=1&${name}[]=2&${query}`,
      `${name}[a][b]=1&${query}`,
      `${query}&${name}=%E0%A4%A`,
      `${name}=${value}`,
      `${query}&${name}=${'x'.repeat(5000)}`,
      `${query}&utm_source=${value}&gclid=1`,
      `${'&'.repeat(200)}${query}`,
    ]
    const { type, body } = sampleBody(route)
    const shape = int(shapes.length)
    return addressed({
      ...base,
      name: `query: shape ${shape} on ${name}`,
      path: `${pathname}?${shapes[shape]}`,
      headers: { ...base.headers, ...(hasBody ? { 'content-type': type } : {}) },
      body: hasBody ? body : undefined,
    })
  }
  // Cookies and headers: malformed, other visitors' and tenants', oversized.
  const { type, body } = sampleBody(route)
  const other = route.host === AURORA ? w.kissaVisitor : w.auroraVisitor
  const cookieShapes: [string, string][] = [
    ['broken percent-encoding', 'crumb=%E0%A4%A; ss_cart=%; ss_site_user=%zz; ss_order=%%'],
    ['duplicate crumbs', `crumb=${randomText(44)}; ${visitorOf(w, route.host).cookie('crumb')}; crumb=x`],
    ['4 KB cart id', `ss_cart=${'a'.repeat(4000)}`],
    ['odd visit record', `ss_cvr=a|1|2|3|${'9'.repeat(30)}; ss_cvt=-1`],
    [
      'visit record overflow',
      `ss_cvr=a|9007199254740991|9007199254740991|9007199254740991|9007199254740991; ss_cvt=1`,
    ],
    ['forged unlock cookie', `ss_unlock_workshop-drafts=9999999999.${randomText(43)}`],
    ['another tenant’s cookies', other.cookie()],
    [
      'another tenant’s session',
      `ss_site_user=${w.kissaManagerToken}; ${visitorOf(w, route.host).cookie('crumb')}`,
    ],
    ['8 KB cookie header', `x=${'y'.repeat(8000)}; ${visitorOf(w, route.host).cookie()}`],
    ['unicode cookie', 'crumb=\u00e9\u00e9; ss_cart=\u00ff'],
  ]
  const headerShapes: [string, Record<string, string>][] = [
    ['If-None-Match: *', { 'if-none-match': '*' }],
    ['odd Range', { range: 'bytes=-1,0-,99999999999999999999-' }],
    ['Authorization (cache bypass)', { authorization: 'Bearer x' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' }],
    ['Content-Encoding: gzip on plain bytes', { 'content-encoding': 'gzip' }],
    ['Accept: nothing we serve', { accept: 'application/x-evil' }],
    [
      'Idempotency-Key odd',
      {
        'idempotency-key': pick([
          '"',
          'a'.repeat(200),
          '../../x',
          'short',
          '"quoted-key-123"',
          '\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
        ]),
      },
    ],
    ['X-HTTP-Method-Override', { 'x-http-method-override': 'DELETE' }],
  ]
  if (random() < 0.6) {
    const [name, cookie] = pick(cookieShapes)
    return addressed({
      ...base,
      name: `cookies: ${name}`,
      headers: { ...base.headers, cookie, ...(hasBody ? { 'content-type': type } : {}) },
      body: hasBody ? body : undefined,
    })
  }
  const [name, headers] = pick(headerShapes)
  return addressed({
    ...base,
    name: `headers: ${name}`,
    headers: { ...base.headers, ...(hasBody ? { 'content-type': type } : {}), ...headers },
    body: hasBody ? body : undefined,
  })
}

/** Requests that target one token or owner rule at a time (each once). */
async function targetedCases(w: World): Promise<Case[]> {
  const cases: Case[] = []
  const add = (c: Case) => cases.push(addressed(c))
  const order = w.aurora.orderId
  const stranger = `abuse-${RUN}-stranger@example.com`

  // Orders: strangers, other users, forged access tokens, other orders' cookies, replayed keys.
  const auroraOrderCookie = w.aurora.buyer.jar.get('ss_order') ?? ''
  const kissaOrderCookie = w.kissa.buyer.jar.get('ss_order') ?? ''
  const strangerCookies: [string, string][] = [
    ['no cookies', ''],
    ['a fresh visitor', w.auroraVisitor.cookie()],
    ['another signed-in user of the tenant', w.shopper.cookie()],
    ['the admin (not the buyer)', w.admin.cookie()],
    ['made-up ss_order', `ss_order=${randomText(24)}`],
    ['empty ss_order', 'ss_order='],
    ['the kissa order’s ss_order', `ss_order=${kissaOrderCookie}`],
    [
      'ss_order of the order, other tenant’s session',
      `ss_order=${randomText(24)}; ss_site_user=${w.kissaManagerToken}`,
    ],
  ]
  for (const [name, cookie] of strangerCookies)
    for (const path of [
      `/commerce/orders/${order}`,
      `/commerce/orders/${order.toUpperCase()}`,
      `/commerce/orders/${order}/`,
    ])
      add({
        group: 'orders',
        name: `order read by ${name}`,
        host: AURORA,
        method: 'GET',
        path,
        headers: cookie ? { cookie } : {},
        check: refusedWith([400, 403, 404, 429, 301, 308], 'high', 'order page readable without access'),
      })
  add({
    group: 'orders',
    name: 'aurora order cookie on the kissa order',
    host: KISSA,
    method: 'GET',
    path: `/commerce/orders/${w.kissa.orderId}`,
    headers: { cookie: `ss_order=${auroraOrderCookie}` },
  })
  add({
    group: 'orders',
    name: 'kissa order read on aurora',
    host: AURORA,
    method: 'GET',
    path: `/commerce/orders/${w.kissa.orderId}`,
    headers: { cookie: `ss_order=${kissaOrderCookie}` },
  })
  for (const [name, token] of forgedAccessTokens('aurora', order, 'kissa', w.kissa.orderId)) {
    add({
      group: 'orders',
      name: `access token: ${name}`,
      host: AURORA,
      method: 'GET',
      path: `/commerce/orders/${order}?access=${encodeURIComponent(token)}`,
      check: refusedWith([400, 403, 404, 429], 'high', 'forged order access token accepted'),
    })
    add({
      group: 'orders',
      name: `access token repeated: ${name}`,
      host: AURORA,
      method: 'GET',
      path: `/commerce/orders/${order}?access=${encodeURIComponent(token)}&access=x&access[]=y`,
    })
  }
  for (const [name, fields] of [
    [
      'replayed idempotency key',
      { idempotencyKey: w.aurora.orderKey, email: stranger, card: '4242 4242 4242 4242' },
    ],
    [
      'replayed key, other fields',
      {
        idempotencyKey: w.aurora.orderKey,
        email: stranger,
        name: 'Mallory',
        address1: '1',
        city: 'x',
        region: 'VT',
        postalCode: '05401',
        country: 'US',
        card: '4000 0000 0000 0002',
      },
    ],
  ] as const)
    add({
      group: 'orders',
      name,
      host: AURORA,
      method: 'POST',
      path: '/checkout',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${AURORA}`,
        cookie: w.auroraVisitor.cookie(),
      },
      body: new URLSearchParams(fields).toString(),
    })
  for (const [name, email] of [
    ['lookup, wrong email', stranger],
    ['lookup, email with spaces and case', ` ${stranger.toUpperCase()} `],
    ['lookup, empty email', ''],
    ['lookup, SQL in email', "' OR 1=1 --"],
    ['lookup, 10 KB email', 'x'.repeat(10_000)],
  ] as [string, string][])
    add({
      group: 'orders',
      name,
      host: AURORA,
      method: 'POST',
      path: '/commerce/orders',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${AURORA}` },
      body: new URLSearchParams({ orderNumber: order, email }).toString(),
      check: refusedWith([400, 403, 404, 413, 429], 'high', 'order lookup opened an order without its email'),
    })

  // Sessions: forged tokens on the account call, the owner calls and the member page.
  const sessions = await forgedSessions(w.adminToken, w.kissaManagerToken, w.revokedToken)
  for (const [name, token] of sessions) {
    const cookie = `ss_site_user=${token}`
    add({
      group: 'site-user session',
      name: `session: ${name}`,
      host: AURORA,
      method: 'GET',
      path: '/api/site-users/account',
      headers: { cookie, 'x-xsrf-token': w.adminXsrf },
      check: refusedWith([401, 403], 'high', 'forged session accepted'),
    })
    add({
      group: 'restock API (owner)',
      name: `session: ${name}`,
      host: AURORA,
      method: 'GET',
      path: '/api/site-users/account/notifications/restock?productId=aurora-item-0002',
      headers: { cookie, 'x-xsrf-token': w.adminXsrf },
      check: refusedWith([401, 403], 'high', 'forged session accepted on an owner call'),
    })
    add({
      group: 'member and locked pages',
      name: `session: ${name}`,
      host: JOURNAL,
      method: 'GET',
      path: '/members',
      headers: { cookie },
    })
    add({
      group: 'orders',
      name: `session: ${name}`,
      host: AURORA,
      method: 'GET',
      path: `/commerce/orders/${order}`,
      headers: { cookie },
    })
  }
  for (const [name, xsrf] of [
    ['no XSRF header', undefined],
    ['made-up XSRF', randomText(43)],
    ['another session’s XSRF', w.kissaManagerXsrf],
    ['viewer’s XSRF', w.viewerXsrf],
    ['empty XSRF', ''],
  ] as const) {
    const headers: Record<string, string> = {
      cookie: w.admin.cookie(),
      'x-csrf-token': w.admin.crumb,
      'content-type': 'application/json',
    }
    if (xsrf !== undefined) headers['x-xsrf-token'] = xsrf
    add({
      group: 'restock API (owner)',
      name: `owner call, ${name}`,
      host: AURORA,
      method: 'GET',
      path: '/api/site-users/account/notifications/restock/groups',
      headers,
      check: refusedWith([401, 403], 'high', 'owner call without the session’s XSRF token accepted'),
    })
    add({
      group: 'restock API (owner)',
      name: `owner send, ${name}`,
      host: AURORA,
      method: 'POST',
      path: '/api/site-users/account/notifications/restock/send',
      headers,
      body: JSON.stringify({ productId: 'aurora-item-0002', variantId: 'aurora-item-0002-v01' }),
      check: refusedWith([401, 403], 'high', 'owner call without the session’s XSRF token accepted'),
    })
    add({
      group: 'site-user session',
      name: `sign out, ${name}`,
      host: AURORA,
      method: 'DELETE',
      path: '/api/site-users/account/session',
      headers,
      check: refusedWith([403], 'medium', 'sign-out of a live session without its XSRF token accepted'),
    })
  }
  for (const [name, who, xsrf] of [
    ['viewer role', w.viewer, w.viewerXsrf],
    ['kissa manager on aurora', w.kissaVisitor, w.kissaManagerXsrf],
  ] as const) {
    const cookie =
      who === w.kissaVisitor
        ? `ss_site_user=${w.kissaManagerToken}; ${w.auroraVisitor.cookie('crumb')}`
        : who.cookie()
    add({
      group: 'restock API (owner)',
      name: `owner list as ${name}`,
      host: AURORA,
      method: 'GET',
      path: '/api/site-users/account/notifications/restock?productId=aurora-item-0002',
      headers: { cookie, 'x-xsrf-token': xsrf },
      check: refusedWith([401, 403], 'high', 'owner call accepted without an owner role'),
    })
  }
  for (const cursor of [
    '%%%',
    'eyJ4Ijoi',
    btoa('{"productId":1}'),
    btoa('-1'),
    btoa(deepArray(3000)),
    'x'.repeat(10_000),
  ])
    for (const path of [
      '/api/site-users/account/notifications/restock?productId=aurora-item-0002&cursor=',
      '/api/site-users/account/notifications/restock/groups?cursor=',
    ])
      add({
        group: 'restock API (owner)',
        name: `odd cursor ${cursor.slice(0, 10)}`,
        host: AURORA,
        method: 'GET',
        path: `${path}${encodeURIComponent(cursor)}`,
        headers: { cookie: w.admin.cookie(), 'x-xsrf-token': w.adminXsrf },
      })

  // Member page for strangers and other tenants' members; locked page with forged unlocks.
  for (const [name, cookie] of [
    ['aurora admin’s session', `ss_site_user=${w.adminToken}`],
    ['kissa manager’s session', `ss_site_user=${w.kissaManagerToken}`],
    ['no session', ''],
  ])
    add({
      group: 'member and locked pages',
      name: `members page with ${name}`,
      host: JOURNAL,
      method: 'GET',
      path: '/members',
      headers: cookie ? { cookie } : {},
    })
  const unlockToken = (site: string, expiresAt: number) =>
    `${expiresAt}.${b64url(hmac(SECRETS.session, `unlock|${site}|journal-col-workshop-drafts|x|${expiresAt}`))}`
  for (const [name, cookie] of [
    ['made-up unlock', `ss_unlock_workshop-drafts=${now() + 3600}.${randomText(43)}`],
    ['expired-looking unlock', `ss_unlock_workshop-drafts=1.${randomText(43)}`],
    ['unlock signed for another site', `ss_unlock_workshop-drafts=${unlockToken('aurora', now() + 3600)}`],
    ['unlock cookie of another name', `ss_unlock=${randomText(43)}; ss_unlock_members=${randomText(43)}`],
  ] as [string, string][])
    add({
      group: 'member and locked pages',
      name,
      host: JOURNAL,
      method: 'GET',
      path: '/workshop-drafts',
      headers: { cookie },
    })

  // Cart tokens.
  for (const [name, token] of await forgedCartTokens(w.subscriptionToken)) {
    const host = name.startsWith('kissa’s') ? AURORA : KISSA
    add({
      group: 'subscription and gift card pages',
      name: `cart token: ${name}`,
      host,
      method: 'GET',
      path: `/commerce/subscription?cartToken=${encodeURIComponent(token)}`,
      check: refusedWith([400, 404, 429], 'high', 'forged cart token accepted'),
    })
    add({
      group: 'cart and checkout pages',
      name: `cart token: ${name}`,
      host,
      method: 'GET',
      path: `/checkout?cartToken=${encodeURIComponent(token)}`,
      check: refusedWith([400, 404, 429], 'high', 'forged cart token accepted'),
    })
    add({
      group: 'cart and checkout pages',
      name: `cart token on checkout post: ${name}`,
      host,
      method: 'POST',
      path: `/checkout?cartToken=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
      body: new URLSearchParams({
        idempotencyKey: randomText(32),
        email: stranger,
        card: '4242 4242 4242 4242',
      }).toString(),
      check: refusedWith([400, 404, 429], 'high', 'forged cart token accepted on checkout'),
    })
  }

  // Stripe webhook signatures.
  const event = JSON.stringify({
    id: 'evt_abuse',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_abuse', metadata: { order, charge_key: `${order}.1` } } },
  })
  const t = now()
  for (const [name, signature, body] of [
    ['no signature', undefined, event],
    ['random v1', `t=${t},v1=${randomText(64, '0123456789abcdef')}`, event],
    ['signed with another secret', stripeSignature(event, t, 'whsec_not_ours'), event],
    ['signature 10 minutes old', stripeSignature(event, t - 600), event],
    ['signature from the future', stripeSignature(event, t + 600), event],
    ['body changed after signing', stripeSignature(event, t), event.replace('pi_abuse', 'pi_other')],
    ['v0 scheme only', stripeSignature(event, t).replace('v1=', 'v0='), event],
    ['t not a number', `t=abc,v1=${randomText(64, '0123456789abcdef')}`, event],
    ['8 KB header', `t=${t},${'v1=00,'.repeat(1300)}`, event],
    ['empty header', '', event],
    ['signature of an empty body', stripeSignature('', t), event],
  ] as const)
    add({
      group: 'payment webhook',
      name: `webhook: ${name}`,
      host: AURORA,
      method: 'POST',
      path: '/api/commerce/payments/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      body,
      check: refusedWith([400, 413], 'high', 'forged webhook signature accepted'),
    })

  // Form submission keys.
  const save = (host: string, formId: string, keyValue: string, v: Browser) =>
    add({
      group: 'forms API',
      name: `form key: ${keyValue.slice(0, 12)}`,
      host,
      method: 'POST',
      path: '/api/form/SaveFormSubmission',
      headers: { 'content-type': 'application/json', cookie: v.cookie('crumb'), 'x-csrf-token': v.crumb },
      body: JSON.stringify({
        key: keyValue,
        formId,
        form: JSON.stringify({
          email: `abuse-${RUN}@example.com`,
          message: 'x',
          topic: 'A field note',
          name: ['a', 'b'],
        }),
      }),
      check: refusedWith([400, 401, 404, 413, 429], 'high', 'forged form submission key accepted'),
    })
  for (const keyValue of [
    randomText(40),
    `v1.${Date.now().toString(36)}.${randomText(22)}.${randomText(43)}`,
    formKey('journal', Date.now() - 2 * 3600_000),
    formKey('journal', Date.now() + 3600_000),
    formKey('journal', Date.now(), 'not-the-form-key-secret'),
    `${w.journalFormKey}.x`,
    'v1..',
    'x'.repeat(160),
    'v1.zzzzzzzzzzzzzz.a.b',
  ])
    save(JOURNAL, 'contact', keyValue, w.journalVisitor)
  save(KISSA, 'tasting-details', w.journalFormKey, w.kissaVisitor)
  save(KISSA, 'tasting-details', formKey('journal', Date.now()), w.kissaVisitor)

  // Operator calls.
  for (const [name, auth] of [
    ['no token', undefined],
    ['wrong bearer', `Bearer ${randomText(48)}`],
    ['the token cut short', `Bearer ${devVar('OPERATOR_TOKEN').slice(0, -1)}`],
    ['basic auth', `Basic ${btoa(`operator:${devVar('OPERATOR_TOKEN')}`)}`],
    ['bearer, lower case', `bearer ${randomText(48)}`],
    ['empty bearer', 'Bearer '],
  ] as const)
    for (const [method, path] of [
      ['GET', '/_operator/dead-letters'],
      ['POST', '/_operator/dead-letters/replay'],
      ['POST', '/_operator/dead-letters/replay?token=x'],
    ] as [string, string][])
      add({
        group: 'operator',
        name: `operator: ${name}`,
        host: pick(TENANTS),
        method,
        path,
        headers: auth ? { authorization: auth, 'content-type': 'application/json' } : {},
        body: method === 'POST' ? bigBody(int(3) === 0 ? 2 * MB : 64) : undefined,
        check: refusedWith([401, 404], 'high', 'operator call accepted without the operator token'),
      })

  // Other visitors' and tenants' carts, sessions and devices.
  for (const [name, host, cookie] of [
    ['aurora cart on kissa', KISSA, `ss_cart=${w.auroraVisitor.jar.get('ss_cart')}`],
    ['kissa cart on aurora', AURORA, `ss_cart=${w.kissaVisitor.jar.get('ss_cart')}`],
    ['aurora cart on journal', JOURNAL, `ss_cart=${w.auroraVisitor.jar.get('ss_cart')}`],
  ] as const)
    for (const path of ['/api/commerce/shopping-cart', '/cart', '/checkout']) {
      const foreign = host === KISSA ? 'AO-CT-' : 'KT-GEN-'
      add({
        group: path === '/api/commerce/shopping-cart' ? 'cart API' : 'cart and checkout pages',
        name,
        host,
        method: 'GET',
        path,
        headers: { cookie },
        check: (a) =>
          a.body.includes(foreign)
            ? {
                severity: 'high',
                what: 'another tenant’s cart shown',
                detail: `${a.status}: …${context(a.body, foreign)}…`,
              }
            : null,
      })
    }
  add({
    group: 'site-user session',
    name: 'aurora device cookie and wrong password on kissa',
    host: KISSA,
    method: 'POST',
    path: '/api/site-users/account/session',
    headers: {
      'content-type': 'application/json',
      cookie: `${w.kissaVisitor.cookie('crumb')}; ss_device=${w.admin.jar.get('ss_device')}`,
      'x-csrf-token': w.kissaVisitor.crumb,
    },
    body: JSON.stringify({ email: 'manager@kissa.example', password: 'wrong' }),
    check: refusedWith([401, 429], 'high', 'sign-in accepted with a wrong password'),
  })
  add({
    group: 'site-user session',
    name: 'right password of another tenant',
    host: KISSA,
    method: 'POST',
    path: '/api/site-users/account/session',
    headers: {
      'content-type': 'application/json',
      cookie: w.kissaVisitor.cookie('crumb'),
      'x-csrf-token': w.kissaVisitor.crumb,
    },
    body: JSON.stringify({ email: 'admin@aurora.example', password: 'aurora-admin-2026' }),
    check: refusedWith([401, 429], 'high', 'another tenant’s user signed in'),
  })

  // HEAD is answered as GET: a HEAD may carry a body (RFC 9110 gives it no meaning).
  for (const [host, path] of [
    [AURORA, '/apparel'],
    [JOURNAL, '/_health'],
    [KISSA, '/api/commerce/shopping-cart'],
  ] as [string, string][])
    add({
      group:
        path === '/apparel' ? 'pages' : path === '/_health' ? 'health, demo index, unknown host' : 'cart API',
      name: 'HEAD with a body',
      host,
      method: 'HEAD',
      path,
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    })

  // Cart rules: quantities within 1 to 9,999, entries of another visitor, odd entry ids.
  const v = w.auroraVisitor
  const json = { 'content-type': 'application/json', cookie: v.cookie(), 'x-csrf-token': v.crumb }
  for (const quantity of [9999, 10_000, '9999', '0x10', '1e1', -5, 0, 3.5, ' 2', '٢'])
    add({
      group: 'cart API',
      name: `add quantity ${quantity}`,
      host: AURORA,
      method: 'POST',
      path: '/api/commerce/shopping-cart/entries',
      headers: json,
      body: JSON.stringify({ itemId: 'aurora-item-0010', sku: 'AO-CT-L-CRM', quantity }),
      check: (a) =>
        /"quantity":(\d{5,})/.test(a.body)
          ? {
              severity: 'low',
              what: 'cart line past 9,999 units',
              detail: `${a.status}: ${/"quantity":(\d+)/.exec(a.body)?.[0]}`,
            }
          : null,
    })
  add({
    group: 'cart API',
    name: 'another visitor’s entry id',
    host: AURORA,
    method: 'PUT',
    path: `/api/commerce/shopping-cart/entries/${w.kissaEntry}/quantity`,
    headers: json,
    body: '{"quantity":3}',
    check: refusedWith([400, 404, 429], 'medium', 'another visitor’s cart entry changed'),
  })
  add({
    group: 'cart form posts',
    name: 'cart add, 0x10',
    host: AURORA,
    method: 'POST',
    path: '/cart/add',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://${AURORA}`,
      cookie: v.cookie(),
    },
    body: 'itemId=aurora-item-0010&sku=AO-CT-L-CRM&quantity=0x10',
  })

  // Beacons without a minted crumb, tagged, on every beacon endpoint: none may be stored.
  const tag = `/${NO_CRUMB_TAG}`
  const beaconForms: [string, string, Record<string, string>][] = [
    [AURORA, '/api/census/RecordHit', { event: 'view', data: JSON.stringify({ pagePath: tag }) }],
    [AURORA, '/api/census/button-click', { data: JSON.stringify({ buttonText: 'x', pagePath: tag }) }],
    [
      KISSA,
      '/api/census/overlay',
      { data: JSON.stringify({ overlayId: 'o', action: 'show', pagePath: tag }) },
    ],
    [JOURNAL, '/api/census/form-render', { formId: NO_CRUMB_TAG }],
    [AURORA, '/api/census/RecordQuickView/aurora-item-0010', { data: JSON.stringify({ pagePath: tag }) }],
    [
      JOURNAL,
      '/api/events/RecordEvent',
      { crumb: 'x', event: 'view', data: JSON.stringify({ pagePath: tag }) },
    ],
    [
      AURORA,
      '/api/v1/clanker/events',
      {
        eventSchemaName: 'CommerceShopping_ViewCart',
        eventContent: JSON.stringify({ page_path: tag, ss_cvr: null }),
      },
    ],
  ]
  for (const [host, path, fields] of beaconForms)
    for (const [name, cookie] of [
      ['no cookie', ''],
      ['made-up crumb', `crumb=${randomText(44)}`],
      [
        'real crumb random part, forged signature',
        `crumb=${visitorOf(w, host).crumb.slice(0, 22)}${randomText(22)}`,
      ],
    ] as [string, string][]) {
      const body = new URLSearchParams({
        ...fields,
        ...(fields.crumb ? { crumb: cookie.slice(6) } : {}),
      }).toString()
      add({
        group: 'beacons',
        name: `beacon without a minted crumb: ${name}`,
        host,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body,
        check: crumbRefused,
      })
    }
  for (const [host, path, body] of [
    [
      AURORA,
      '/api/events/RecordJavascriptErrors',
      JSON.stringify([
        { event: 'error', data: JSON.stringify({ message: NO_CRUMB_TAG }), timestamp: Date.now() },
      ]),
    ],
    [
      KISSA,
      '/api/1/performance/records',
      JSON.stringify([
        {
          app: NO_CRUMB_TAG,
          event: 'Performance',
          data: { ttfb: 1 },
          pageLoadId: crypto.randomUUID(),
          ts: Date.now(),
        },
      ]),
    ],
  ] as [string, string, string][])
    for (const cookie of ['', `crumb=${randomText(44)}`])
      add({
        group: 'beacons',
        name: 'beacon without a minted crumb (JSON)',
        host,
        method: 'POST',
        path,
        headers: {
          'content-type': 'text/plain',
          ...(cookie ? { cookie, 'x-csrf-token': cookie.slice(6) } : {}),
        },
        body,
        check: crumbRefused,
      })
  // A crumb of one visitor in RecordEvent's body with another's cookie.
  add({
    group: 'beacons',
    name: 'RecordEvent: body crumb of another visitor',
    host: JOURNAL,
    method: 'POST',
    path: '/api/events/RecordEvent',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: w.journalVisitor.cookie('crumb'),
    },
    body: new URLSearchParams({
      crumb: w.member.crumb,
      event: 'view',
      data: JSON.stringify({ pagePath: tag }),
    }).toString(),
    check: crumbRefused,
  })
  // Oversized batches: 413.
  add({
    group: 'beacons',
    name: '11 error reports',
    host: AURORA,
    method: 'POST',
    path: '/api/events/RecordJavascriptErrors',
    headers: {
      'content-type': 'text/plain',
      cookie: w.auroraVisitor.cookie('crumb'),
      'x-csrf-token': w.auroraVisitor.crumb,
    },
    body: JSON.stringify(
      Array.from({ length: 11 }, () => ({ event: 'error', data: '{"message":"x"}', timestamp: Date.now() })),
    ),
    check: refusedWith([413, 429], 'low', 'oversized error batch not refused with 413'),
  })
  add({
    group: 'beacons',
    name: '51 performance records',
    host: KISSA,
    method: 'POST',
    path: '/api/1/performance/records',
    headers: { 'content-type': 'text/plain', cookie: w.kissaVisitor.cookie('crumb') },
    body: JSON.stringify(
      Array.from({ length: 51 }, () => ({
        app: 'x',
        event: 'Performance',
        data: { ttfb: 1 },
        pageLoadId: crypto.randomUUID(),
        ts: Date.now(),
      })),
    ),
    check: refusedWith([413, 429], 'low', 'oversized performance batch not refused with 413'),
  })
  // Server-filled fields claimed by the client: the event must be stored under the request's tenant.
  add({
    group: 'beacons',
    name: 'clanker event claiming another tenant',
    host: KISSA,
    method: 'POST',
    path: '/api/v1/clanker/events',
    headers: { 'content-type': 'application/json', cookie: w.kissaVisitor.cookie('crumb', 'ss_cart') },
    body: JSON.stringify({
      eventSchemaName: 'CommerceShopping_ViewCart',
      eventContent: JSON.stringify({
        website_id: 'aurora',
        context_website_id: 'aurora',
        page_host: 'aurora.localhost',
        source_environment: 'prod',
        cart_id: CLAIM_TAG,
        page_path: `/${CLAIM_TAG}`,
        ss_cvr: null,
      }),
    }),
  })
  return cases
}

const NO_CRUMB_TAG = `${RUN}nocrumb`
const CLAIM_TAG = `${RUN}claim`
const CONTROL_TAG = `${RUN}control`

// ---------------------------------------------------------------- legitimate setup

async function signIn(b: Browser, email: string, password: string) {
  const a = await b.json('POST', '/api/site-users/account/session', { email, password, rememberMe: true })
  if (a.status !== 200)
    throw new Error(`setup: sign-in of ${email} answered ${a.status}: ${a.body.slice(0, 200)}`)
  const answer = JSON.parse(a.body) as { xsrfToken: string; siteUser: { id: string } }
  return { xsrf: answer.xsrfToken, token: b.jar.get('ss_site_user') ?? '' }
}

async function placeOrder(b: Browser, checkoutPath: string, email: string) {
  const page = await b.send('GET', checkoutPath)
  const orderKey = /name="idempotencyKey" value="([^"]+)"/.exec(page.body)?.[1]
  if (!orderKey) throw new Error(`setup: checkout page answered ${page.status} without a key`)
  const placed = await b.form(checkoutPath, { ...CHECKOUT_ADDRESS, email, idempotencyKey: orderKey })
  const orderId = /\/commerce\/orders\/(ord_[0-9a-f]{24})/.exec(header(placed, 'location'))?.[1]
  if (!orderId)
    throw new Error(
      `setup: checkout answered ${placed.status} ${header(placed, 'location')}: ${placed.body.slice(0, 200)}`,
    )
  // The stranger checks look for what the buyer gets here: the cookie's path, the order number.
  if (!placed.cookies.some((cookie) => cookie.toLowerCase().includes(`path=/commerce/orders/${orderId}`)))
    throw new Error('setup: the buyer got no ss_order cookie for the order: update the stranger checks')
  const shown = await b.send('GET', `/commerce/orders/${orderId}`)
  if (
    shown.status !== 200 ||
    !shown.body.includes(email) ||
    !shown.body.includes(`class="order-number">${orderId}`)
  )
    throw new Error(`setup: the buyer cannot read the order as the stranger checks expect (${shown.status})`)
  return { orderId, orderKey, page: shown.body }
}

async function setUp(): Promise<World> {
  const auroraBuyer = new Browser(AURORA)
  await auroraBuyer.send('GET', '/apparel/cotton-camp-tee')
  const added = await auroraBuyer.json('POST', '/api/commerce/shopping-cart/entries', {
    itemId: 'aurora-item-0010',
    sku: 'AO-CT-M-CRM',
    quantity: 1,
  })
  if (added.status !== 200) throw new Error(`setup: add to cart answered ${added.status}`)
  const auroraEmail = `abuse-${RUN}-buyer@example.com`
  const aurora = await placeOrder(auroraBuyer, '/checkout', auroraEmail)

  const kissaBuyer = new Browser(KISSA)
  const giftPage = await kissaBuyer.send('GET', '/commerce/gift-card?itemId=kissa-item-0019&sku=KT-GC-3000')
  const cartToken = /cartToken=([^"&]+)/.exec(giftPage.body)?.[1]
  if (!cartToken) throw new Error(`setup: gift card page answered ${giftPage.status} without a token`)
  const kissaEmail = `abuse-${RUN}-gift@example.com`
  const kissa = await placeOrder(kissaBuyer, `/checkout?cartToken=${cartToken}`, kissaEmail)
  const giftCode = /<code>([^<]+)<\/code>/.exec(kissa.page)?.[1]
  if (!giftCode) throw new Error('setup: the gift card order shows no code')
  buyerOrders.push(aurora.orderId, kissa.orderId)
  buyerSecrets.push(
    { label: 'buyer’s email', value: auroraEmail },
    { label: 'buyer’s email', value: kissaEmail },
    { label: 'gift card code', value: giftCode },
  )

  const admin = new Browser(AURORA)
  await admin.send('GET', '/')
  const adminSession = await signIn(admin, 'admin@aurora.example', 'aurora-admin-2026')
  const shopper = new Browser(AURORA)
  await shopper.send('GET', '/')
  await signIn(shopper, 'shopper@aurora.example', 'aurora-shopper-2026')
  const viewer = new Browser(AURORA)
  await viewer.send('GET', '/')
  const viewerSession = await signIn(viewer, 'viewer@aurora.example', 'aurora-viewer-2026')
  const kissaManager = new Browser(KISSA)
  await kissaManager.send('GET', '/')
  const kissaSession = await signIn(kissaManager, 'manager@kissa.example', 'kissa-manager-2026')
  const revoking = new Browser(KISSA)
  await revoking.send('GET', '/')
  const revoked = await signIn(revoking, 'viewer@kissa.example', 'kissa-viewer-2026')
  const out = await revoking.send('DELETE', '/api/site-users/account/session', {
    'x-csrf-token': revoking.crumb,
    'x-xsrf-token': revoked.xsrf,
  })
  if (out.status !== 200) throw new Error(`setup: sign-out answered ${out.status}`)
  const member = new Browser(JOURNAL)
  await member.send('GET', '/members')
  await signIn(member, 'member@journal.example', 'journal-member-2026')
  const membersPage = await member.send('GET', '/members')
  if (!membersPage.body.includes(MEMBER_CONTENT)) throw new Error('setup: the member cannot read /members')

  const auroraVisitor = new Browser(AURORA)
  await auroraVisitor.send('GET', '/apparel')
  const auroraCart = await auroraVisitor.json('POST', '/api/commerce/shopping-cart/entries', {
    itemId: 'aurora-item-0010',
    sku: 'AO-CT-M-CRM',
    quantity: 1,
  })
  const auroraEntry = (JSON.parse(auroraCart.body) as { newlyAdded: { id: string } }).newlyAdded.id
  const kissaVisitor = new Browser(KISSA)
  await kissaVisitor.send('GET', '/tea')
  const kissaCart = await kissaVisitor.json('POST', '/api/commerce/shopping-cart/entries', {
    itemId: 'kissa-item-0003',
    sku: 'KT-GEN-50G',
    quantity: 1,
  })
  const kissaEntry = (JSON.parse(kissaCart.body) as { newlyAdded: { id: string } }).newlyAdded.id
  const subscription = await kissaVisitor.json('POST', '/api/3/commerce/cart/subscription', {
    itemId: 'kissa-item-0016',
    sku: 'KT-MC-2TEAS',
    qty: 1,
  })
  const subscriptionToken = (JSON.parse(subscription.body) as { cartToken: string }).cartToken
  const journalVisitor = new Browser(JOURNAL)
  await journalVisitor.send('GET', '/contact')
  const formKeyAnswer = await journalVisitor.json('POST', '/api/form/FormSubmissionKey', {})
  const journalFormKey = (JSON.parse(formKeyAnswer.body) as { data: { key: string } }).data.key
  for (const b of [auroraBuyer, auroraVisitor, kissaVisitor]) {
    const id = b.jar.get('ss_cart')
    if (id) cartIds.add(id)
  }
  // A beacon with a minted crumb, tagged: the stored-beacon checks are only as good as this one.
  const control = await auroraVisitor.send(
    'POST',
    '/api/census/RecordHit',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ event: 'view', data: JSON.stringify({ pagePath: `/${CONTROL_TAG}` }) }).toString(),
  )
  if (control.status !== 202)
    throw new Error(`setup: a beacon with a minted crumb answered ${control.status}`)
  // Secrets a legitimate page view may carry: none may be stored as they are.
  await kissaBuyer.send(
    'POST',
    '/api/census/RecordHit',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      event: 'view',
      data: JSON.stringify({
        pagePath: `/commerce/orders/${kissa.orderId}?access=abc`,
        note: `code ${giftCode}`,
        order: kissa.orderId,
      }),
    }).toString(),
  )
  return {
    aurora: { buyer: auroraBuyer, orderId: aurora.orderId, orderKey: aurora.orderKey, email: auroraEmail },
    kissa: { buyer: kissaBuyer, orderId: kissa.orderId, email: kissaEmail, giftCode },
    admin,
    adminXsrf: adminSession.xsrf,
    adminToken: adminSession.token,
    shopper,
    viewer,
    viewerXsrf: viewerSession.xsrf,
    kissaManagerToken: kissaSession.token,
    kissaManagerXsrf: kissaSession.xsrf,
    revokedToken: revoked.token,
    member,
    auroraVisitor,
    auroraEntry,
    kissaVisitor,
    kissaEntry,
    subscriptionToken,
    journalVisitor,
    journalFormKey,
  }
}

// ---------------------------------------------------------------- limits and lock-outs

interface LimitCheck {
  label: string
  figure: string
  ok: boolean
}
const limitChecks: LimitCheck[] = []

/** A fresh crumb the server mints for `address` (a cheap page). */
async function mintCrumb(host: string, address: string): Promise<string> {
  const a = await recorded({
    group: 'setup',
    name: 'mint a crumb',
    host,
    method: 'GET',
    path: '/robots.txt',
    headers: { 'cf-connecting-ip': address },
  })
  return /crumb=([^;]+)/.exec(a.cookies.find((c) => c.startsWith('crumb=')) ?? '')?.[1] ?? ''
}

/** One address: limits must hold whatever the cookies say. */
async function singleAddressSlice(): Promise<void> {
  const address = `198.51.100.${1 + int(250)}`
  // The address-lookup proxy (a paid API) without a cookie: counted under the address.
  const places = await Promise.all(
    Array.from({ length: 130 }, (_, i) =>
      recorded({
        group: 'single address',
        name: 'places without a cookie',
        host: JOURNAL,
        method: 'GET',
        path: `/api/google-maps/places/autocomplete?input=Main${i}`,
        headers: { 'cf-connecting-ip': address },
      }),
    ),
  )
  const placesOk = places.filter((a) => a.status === 200).length
  const places429 = places.filter((a) => a.status === 429).length
  limitChecks.push({
    label: 'address lookup, 130 cookie-less calls from one address',
    figure: `${placesOk} answered, ${places429} × 429, ${places.length - placesOk - places429} refused otherwise`,
    ok: placesOk === 0 && places429 >= 10,
  })
  // Likes, each from a fresh minted crumb, one address: ADDRESS_STRICT_LIMITER (30 a minute).
  const crumbs: string[] = []
  for (let i = 0; i < 70; i++) crumbs.push(await mintCrumb(JOURNAL, anyAddress()))
  const likes = await Promise.all(
    crumbs.map((crumb) =>
      recorded({
        group: 'single address',
        name: 'like from a fresh crumb',
        host: JOURNAL,
        method: 'POST',
        path: '/api/content/likes',
        headers: {
          'cf-connecting-ip': address,
          cookie: `crumb=${crumb}`,
          'x-csrf-token': crumb,
          'content-type': 'application/json',
        },
        body: '{"itemId":"journal-item-0001"}',
      }),
    ),
  )
  const counted = likes.filter((a) => a.status === 200).length
  limitChecks.push({
    label: 'likes from 70 fresh crumbs, one address',
    figure: `${counted} counted, ${likes.filter((a) => a.status === 429).length} × 429`,
    ok: counted <= 60,
  })
  // Password spraying across accounts from one address, a fresh crumb each.
  const accounts = [
    'manager@kissa.example',
    'viewer@kissa.example',
    'nobody@kissa.example',
    'admin@kissa.example',
  ]
  let sprayed429 = 0
  for (let i = 0; i < 40; i++) {
    const crumb = await mintCrumb(KISSA, address)
    const a = await recorded({
      group: 'single address',
      name: 'password spraying',
      host: KISSA,
      method: 'POST',
      path: '/api/site-users/account/session',
      headers: {
        'cf-connecting-ip': address,
        cookie: `crumb=${crumb}`,
        'x-csrf-token': crumb,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: accounts[i % accounts.length], password: `guess-${i}` }),
      check: refusedWith([401, 429], 'high', 'sign-in accepted with a wrong password'),
    })
    if (a.status === 429) sprayed429++
  }
  limitChecks.push({
    label: 'password spraying: 40 wrong passwords, 4 accounts, one address',
    figure: `${sprayed429} × 429`,
    ok: sprayed429 >= 5,
  })
}

/** 50 wrong passwords from other addresses must not lock the owner out. */
async function lockOutSlice(w: World): Promise<void> {
  const base = 1 + int(240)
  const attackers = Array.from({ length: 5 }, (_, i) => `203.0.113.${base + i}`)
  let wrong = 0
  for (const address of attackers) {
    const crumb = await mintCrumb(AURORA, address)
    for (let i = 0; i < 10; i++) {
      const a = await recorded({
        group: 'lock-out',
        name: 'wrong password for the owner',
        host: AURORA,
        method: 'POST',
        path: '/api/site-users/account/session',
        headers: {
          'cf-connecting-ip': address,
          cookie: `crumb=${crumb}`,
          'x-csrf-token': crumb,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email: 'admin@aurora.example', password: `wrong-${i}` }),
      })
      if (a.status === 401) wrong++
    }
  }
  const fresh = `192.0.2.${1 + int(250)}`
  const crumb = await mintCrumb(AURORA, fresh)
  const owner = await recorded({
    group: 'lock-out',
    name: 'the owner’s right password, fresh address',
    host: AURORA,
    method: 'POST',
    path: '/api/site-users/account/session',
    headers: {
      'cf-connecting-ip': fresh,
      cookie: `crumb=${crumb}`,
      'x-csrf-token': crumb,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email: 'admin@aurora.example', password: 'aurora-admin-2026' }),
  })
  limitChecks.push({
    label: `owner signs in after ${wrong} wrong passwords from 5 other addresses`,
    figure: String(owner.status),
    ok: owner.status === 200,
  })
  if (owner.status !== 200)
    findings.push({
      severity: 'medium',
      what: 'owner locked out by others’ wrong passwords',
      request: 'POST /api/site-users/account/session admin@aurora.example (right password, fresh address)',
      detail: `${owner.status}: ${owner.body.slice(0, 160)}`,
    })
  // The owner's known device, from an attacker's address, slowed now by a few more wrong tries.
  const slowed = attackers[0] as string
  const slowCrumb = await mintCrumb(AURORA, slowed)
  let slowedTries = 0
  for (let i = 0; i < 3; i++) {
    const a = await recorded({
      group: 'lock-out',
      name: 'more wrong passwords at one attacker address',
      host: AURORA,
      method: 'POST',
      path: '/api/site-users/account/session',
      headers: {
        'cf-connecting-ip': slowed,
        cookie: `crumb=${slowCrumb}`,
        'x-csrf-token': slowCrumb,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: 'admin@aurora.example', password: `wrong-again-${i}` }),
    })
    if (a.status === 429) slowedTries++
  }
  limitChecks.push({
    label: 'wrong passwords past the free ten at one address are slowed',
    figure: `${slowedTries} of 3 × 429`,
    ok: slowedTries >= 1,
  })
  const device = await recorded({
    group: 'lock-out',
    name: 'the owner’s known device at an attacker’s address',
    host: AURORA,
    method: 'POST',
    path: '/api/site-users/account/session',
    headers: {
      'cf-connecting-ip': slowed,
      cookie: `${w.admin.cookie('crumb', 'ss_device')}`,
      'x-csrf-token': w.admin.crumb,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email: 'admin@aurora.example', password: 'aurora-admin-2026' }),
  })
  limitChecks.push({
    label: 'owner signs in from a known device (ss_device) at a slowed address',
    figure: String(device.status),
    ok: device.status === 200,
  })
  if (device.status !== 200)
    findings.push({
      severity: 'medium',
      what: 'owner’s known device refused',
      request: 'POST /api/site-users/account/session with ss_device',
      detail: `${device.status}: ${device.body.slice(0, 160)}`,
    })
  // A locked page: 50 wrong page passwords from other addresses, then the right one.
  let wrongPage = 0
  for (const address of attackers)
    for (let i = 0; i < 10; i++) {
      const a = await recorded({
        group: 'lock-out',
        name: 'wrong page password',
        host: JOURNAL,
        method: 'POST',
        path: '/workshop-drafts',
        headers: {
          'cf-connecting-ip': address,
          origin: `http://${JOURNAL}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `password=wrong-${i}`,
      })
      if (a.status === 403) wrongPage++
    }
  const page = await recorded({
    group: 'lock-out',
    name: 'the right page password, fresh address',
    host: JOURNAL,
    method: 'POST',
    path: '/workshop-drafts',
    headers: {
      'cf-connecting-ip': `192.0.2.${1 + int(250)}`,
      origin: `http://${JOURNAL}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'password=tidepool-sketches',
  })
  const unlock = page.cookies.find((c) => c.startsWith('ss_unlock_workshop-drafts='))?.split(';')[0]
  // The content check of every other request is only as good as this: the unlocked page shows it.
  const opened = unlock
    ? await recorded({
        group: 'lock-out',
        name: 'the unlocked page',
        host: JOURNAL,
        method: 'GET',
        path: '/workshop-drafts',
        headers: { cookie: unlock },
        owner: true,
      })
    : null
  const unlocked = page.status === 303 && opened?.body.includes(LOCKED_CONTENT) === true
  limitChecks.push({
    label: `locked page opens after ${wrongPage} wrong passwords from 5 other addresses`,
    figure: String(page.status),
    ok: unlocked,
  })
  if (!unlocked)
    findings.push({
      severity: 'medium',
      what: 'locked page locked for everyone by others’ wrong passwords',
      request: 'POST /workshop-drafts password=tidepool-sketches (fresh address)',
      detail: `${page.status}`,
    })
}

// ---------------------------------------------------------------- stored state (D1)

interface StoredCheck {
  label: string
  figure: string
  ok: boolean | null
}

async function storedChecks(w: World): Promise<StoredCheck[]> {
  // The analytics consumer stores in batches (a second's timeout): give it a few.
  const count = (sql: string) => Number(queryLocalD1<{ n: number }>(PERSIST, sql)[0]?.n ?? 0)
  let control = 0
  for (let i = 0; i < 10 && control === 0; i++) {
    await sleep(1000)
    control = count(`SELECT count(*) AS n FROM analytics_events WHERE data LIKE '%${CONTROL_TAG}%'`)
  }
  await sleep(2000)
  const noCrumb = count(`SELECT count(*) AS n FROM analytics_events WHERE data LIKE '%${NO_CRUMB_TAG}%'`)
  const secrets = count(
    `SELECT count(*) AS n FROM analytics_events WHERE data LIKE '%${w.kissa.orderId}%' OR data LIKE '%${w.aurora.orderId}%' OR data LIKE '%${w.kissa.giftCode}%' OR data LIKE '%access=abc%'`,
  )
  const claimed = queryLocalD1<{ site: string; data: string }>(
    PERSIST,
    `SELECT site_id AS site, data FROM analytics_events WHERE data LIKE '%${CLAIM_TAG}%'`,
  )
  const claimWon = claimed.filter(
    (row) =>
      row.site !== 'kissa' ||
      /"(website_id|context_website_id)":"aurora"|"page_host":"aurora|"cart_id":"abz/.test(row.data),
  )
  const checks: StoredCheck[] = [
    { label: 'control beacon (minted crumb) stored', figure: String(control), ok: control > 0 ? true : null },
    {
      label: 'beacons stored without a minted crumb',
      figure: String(noCrumb),
      ok: control > 0 ? noCrumb === 0 : null,
    },
    {
      label: 'order ids or gift card codes stored in analytics',
      figure: String(secrets),
      ok: control > 0 ? secrets === 0 : null,
    },
    {
      label: 'events whose client-claimed tenant, host or cart won',
      figure: `${claimWon.length} of ${claimed.length} stored`,
      ok: control > 0 && claimed.length > 0 ? claimWon.length === 0 : null,
    },
  ]
  if (noCrumb > 0)
    findings.push({
      severity: 'medium',
      what: 'beacon stored without a minted crumb',
      request: `beacons tagged ${NO_CRUMB_TAG}`,
      detail: `${noCrumb} rows in analytics_events`,
    })
  if (secrets > 0)
    findings.push({
      severity: 'medium',
      what: 'order id or gift card code stored in analytics',
      request: 'RecordHit with an order path and a gift card code',
      detail: `${secrets} rows`,
    })
  if (claimWon.length > 0)
    findings.push({
      severity: 'medium',
      what: 'client-claimed tenant, host or cart stored',
      request: 'clanker event on kissa claiming aurora',
      detail: claimWon[0]?.data.slice(0, 200) ?? '',
    })
  return checks
}

// ---------------------------------------------------------------- the report

const STATUS_COLUMNS = [
  '2xx',
  '3xx',
  '400',
  '401',
  '403',
  '404',
  '405',
  '409',
  '413',
  '415',
  '422',
  '429',
  '4xx other',
  '5xx',
  'no answer',
] as const
function statusColumn(status: number): (typeof STATUS_COLUMNS)[number] {
  if (status === 0) return 'no answer'
  if (status >= 500) return '5xx'
  if (status >= 200 && status < 300) return '2xx'
  if (status >= 300 && status < 400) return '3xx'
  const exact = String(status) as (typeof STATUS_COLUMNS)[number]
  return STATUS_COLUMNS.includes(exact) ? exact : '4xx other'
}

function printTable() {
  const groups = new Map<string, Map<string, number>>()
  const bump = (group: string, column: string) => {
    const row = groups.get(group) ?? new Map<string, number>()
    row.set(column, (row.get(column) ?? 0) + 1)
    groups.set(group, row)
  }
  for (const { c, a } of done) {
    bump(c.group, statusColumn(a.status))
    bump(c.group, 'requests')
    bump('TOTAL', statusColumn(a.status))
    bump('TOTAL', 'requests')
  }
  const columns = ['requests', ...STATUS_COLUMNS]
  const width = Math.max(...[...groups.keys()].map((g) => g.length)) + 2
  const cell = (v: string | number, w = 7) => String(v).padStart(w)
  console.log(
    `\n${'route group'.padEnd(width)}${columns.map((c) => cell(c, c.length > 6 ? c.length + 1 : 7)).join('')}`,
  )
  const names = [...groups.keys()].filter((g) => g !== 'TOTAL').sort()
  for (const name of [...names, 'TOTAL']) {
    const row = groups.get(name) ?? new Map<string, number>()
    console.log(
      `${name.padEnd(width)}${columns.map((c) => cell(row.get(c) ?? 0, c.length > 6 ? c.length + 1 : 7)).join('')}`,
    )
  }
}

function logAround(a: Answer, path: string): string[] {
  const bare = path.split('?')[0] ?? path
  const near = serverLog.filter((line) => line.at >= a.started - 20 && line.at <= a.ended + 400)
  const relevant = near.filter(
    (line) => line.text.includes(bare.slice(0, 80)) || /error|exception|uncaught|✘|^\s+at /i.test(line.text),
  )
  return relevant
    .slice(0, 8)
    .map((line) => (line.text.length > 260 ? `${line.text.slice(0, 260)}…` : line.text))
}

function printFiveHundreds(): number {
  const errors = done.filter(({ a }) => a.status >= 500)
  console.log(
    `\nwrangler dev's ProxyWorker answered ${proxyResends.filter(({ a }) => a.status === 503).length} requests 503 '${PROXY_RESTART}' and reset ${proxyResends.filter(({ a }) => a.status === 0).length} large uploads (see PROXY_RESTART in the script); each was sent again straight to the worker's socket, and that answer is the one counted: ${[...new Set(proxyResends.map(({ c }) => `${c.method} ${c.path.split('?')[0]}`))].slice(0, 6).join(', ')}${proxyResends.length > 6 ? ', …' : ''}. Of ${drains.sent} OPTIONS sent after the large bodies to take a connection a refused body left behind, ${drains.hit} met one.`,
  )
  for (const exit of serverExits) {
    console.log(
      `\nwrangler dev EXITED after ${exit.afterRequests} requests (restarted on the same state); its last lines:`,
    )
    for (const line of exit.lines)
      console.log(`  log: ${line.length > 260 ? `${line.slice(0, 260)}…` : line}`)
  }
  console.log(`\n5xx answers: ${errors.length}`)
  for (const { c, a } of errors) {
    const ours = header(a, 'x-content-type-options') !== ''
    console.log(
      `\n- ${a.status} ${ours ? '(worker answer)' : '(no worker headers: uncaught or runtime)'} — ${c.group} / ${c.name}`,
    )
    console.log(`  request: ${requestLine(c)}`)
    console.log(`  body: ${JSON.stringify(a.body.slice(0, 200))}`)
    for (const line of logAround(a, c.path)) console.log(`  log: ${line}`)
  }
  return errors.length
}

function printFindings() {
  const order: Severity[] = ['high', 'medium', 'low']
  const sorted = [...findings].sort((x, y) => order.indexOf(x.severity) - order.indexOf(y.severity))
  console.log(
    `\nfindings: ${findings.length} (high ${findings.filter((f) => f.severity === 'high').length}, medium ${findings.filter((f) => f.severity === 'medium').length}, low ${findings.filter((f) => f.severity === 'low').length})`,
  )
  const seen = new Map<string, number>()
  for (const f of sorted) {
    const key = `${f.severity}|${f.what}`
    const n = (seen.get(key) ?? 0) + 1
    seen.set(key, n)
    if (n > 3) continue
    console.log(`- [${f.severity}] ${f.what}\n  request: ${f.request}\n  answer: ${f.detail}`)
  }
  for (const [key, n] of seen) if (n > 3) console.log(`  (${key.replace('|', '] ')}: ${n - 3} more like it)`)
}

// ---------------------------------------------------------------- main

if ((await health()) !== 0)
  throw new Error(`port ${PORT} is taken: stop what listens there or set ABUSE_PORT`)
console.log(
  `abuse run: about ${TOTAL} requests, seed ${SEED}, concurrency ${CONCURRENCY}, port ${PORT}, state ${PERSIST} (fresh), tag ${RUN}`,
)
let failed = true
try {
  const started = performance.now()
  serverProcess = startServer(true)
  await waitUntilReady(serverProcess, health)
  workerPort = await findWorkerPort()
  console.log(
    `server up in ${((performance.now() - started) / 1000).toFixed(1)} s; the worker's own socket (behind wrangler's ProxyWorker): ${workerPort ?? 'not found'}`,
  )
  const world = await setUp()
  console.log(
    `setup: aurora order ${world.aurora.orderId}, kissa gift card order ${world.kissa.orderId}, 6 sessions, 3 open carts (${done.length} requests)`,
  )

  const all = routes(world)
  const cases: Case[] = [...(await targetedCases(world))]
  for (const route of all) {
    cases.push(...wrongMethods(world, route))
    if (route.crumb && route.kind !== 'page') cases.push(...crumbCases(world, route))
    if (route.kind === 'form-post' && route.methods.includes('POST'))
      cases.push(...crossOriginCases(world, route))
  }
  // The slices below send about 500 more; the rest of the budget is random hostile requests.
  const budget = TOTAL - done.length - cases.length - 500
  for (let i = 0; i < budget; i++) cases.push(fuzzCase(world, pick(all)))
  shuffle(cases)
  console.log(
    `hostile requests: ${cases.length} (${cases.length - Math.max(0, budget)} targeted, ${Math.max(0, budget)} random) over ${all.length} routes`,
  )
  // Bodies past the limits go one at a time, with nothing else in flight: the worker refuses them
  // (413) without reading them, and wrangler dev's ProxyWorker then fails the next request it
  // sends the worker on that connection meanwhile (a local-only artefact: PROXY_RESTART).
  const large = cases.filter((c) => (c.body?.length ?? 0) > LARGE_BODY)
  await runAll(
    cases.filter((c) => (c.body?.length ?? 0) <= LARGE_BODY),
    CONCURRENCY,
  )
  console.log(`${large.length} requests with bodies over ${LARGE_BODY / 1000} KB, one at a time`)
  await runAll(large, 1, true)
  console.log('single-address slice and lock-out checks')
  await singleAddressSlice()
  await lockOutSlice(world)
  const stored = await storedChecks(world)
  if (DUMP)
    writeFileSync(
      `${DUMP}.server.log`,
      serverLog.map((line) => `${line.at.toFixed(0)} ${line.text}`).join('\n'),
    )
  if (DUMP)
    writeFileSync(
      DUMP,
      done
        .map(({ c, a }) =>
          JSON.stringify({
            group: c.group,
            name: c.name,
            request: requestLine(c),
            status: a.status,
            error: a.error,
            body: a.body.slice(0, 400),
          }),
        )
        .join('\n'),
    )

  printTable()
  const fiveHundreds = printFiveHundreds()
  printFindings()
  console.log('\nchecks')
  for (const check of [...limitChecks, ...stored])
    console.log(
      `  ${check.ok === null ? 'n/a ' : check.ok ? 'ok  ' : 'FAIL'}  ${check.label}: ${check.figure}`,
    )
  const elapsed = ((performance.now() - started) / 1000).toFixed(0)
  console.log(
    `\n${done.length} requests in ${elapsed} s; ${fiveHundreds} × 5xx; ${findings.length} findings (seed ${SEED})`,
  )
  failed =
    fiveHundreds > 0 ||
    serverExits.length > 0 ||
    findings.length > 0 ||
    limitChecks.some((c) => !c.ok) ||
    stored.some((c) => c.ok === false)
} finally {
  agent.destroy()
  await stopGroup(serverProcess, 'SIGTERM', health)
  await stopGroup(serverProcess, 'SIGKILL', health)
}
if (failed) process.exitCode = 1
