// The HTML bytes of each page kind (issue 26, "half the bytes"): raw and gzip of the rendered
// page (the request carries `Authorization`, so the page cache is bypassed), beside the figures
// of the same pages before the theme's stylesheet was split out (fd985c2, measured on this
// machine with this script's method), and what a first visit adds for the shared stylesheet.
//
//   npm run bench -- html-bytes [--port 8822]

import type { ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { startStorefront, stopGroup, waitUntilReady } from './server-group'

const { values } = parseArgs({ options: { port: { type: 'string', default: '8822' } } })
const PORT = Number(values.port)

/** Issue 26's aim for a product page. */
const AIM = { raw: 40 * 1024, gzip: 9 * 1024 }

/** [tenant, page kind, path, raw bytes before, gzip bytes before] (fd985c2, gzip level 9). */
const PAGES = [
  ['aurora', 'home', '/', 28156, 7299],
  ['aurora', 'collection', '/apparel', 49904, 8864],
  ['aurora', 'product', '/apparel/ridgeline-flannel-shirt', 89034, 15109],
  ['aurora', 'product', '/apparel/trailhead-long-sleeve-tee', 84185, 14560],
  ['kissa', 'product', '/tea/genmaicha', 54716, 12357],
  ['aurora', 'cart', '/cart', 30310, 7419],
  ['aurora', 'search', '/search?q=merino', 27187, 7022],
  ['aurora', 'page', '/about', 27784, 7240],
  ['journal', 'blog list', '/field-notes', 37410, 8601],
  ['journal', 'blog post', '/field-notes/tide-pools-at-dawn', 31014, 8064],
  ['journal', 'gallery', '/gallery', 47127, 9397],
  ['journal', 'form', '/contact', 30053, 7557],
  ['journal', 'events', '/events', 31129, 7730],
  ['journal', 'not found', '/no-such-page', 27035, 6935],
] as const

// node:http rather than fetch: fetch may not set `Host`, and the tenant is the host.
function get(host: string, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { host, authorization: 'Bearer bench' }
    const req = request({ host: '127.0.0.1', port: PORT, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const health = () =>
  get('aurora.localhost', '/_health').then(
    (r) => r.status,
    () => 0,
  )
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length
const change = (after: number, before: number) => `${(((after - before) / before) * 100).toFixed(0)}%`

let server: ChildProcess | null = null
try {
  server = startStorefront(['--port', String(PORT), '--persist-to', `.wrangler/bench-${PORT}`, '--fresh'], {
    stdio: 'ignore',
    detached: true,
  })
  await waitUntilReady(server, health)
  for (const [tenant, , path] of PAGES) await get(`${tenant}.localhost`, path)
  console.log(
    'HTML of each page kind, rendered (page cache bypassed); before = fd985c2, the stylesheet inline',
  )
  console.log(
    'tenant   page kind    path                                     raw before   raw now  change   gzip before  gzip now  change',
  )
  let stylesheet = ''
  for (const [tenant, kind, path, rawBefore, gzipBefore] of PAGES) {
    const { status, body } = await get(`${tenant}.localhost`, path)
    if (status !== (kind === 'not found' ? 404 : 200)) throw new Error(`${tenant}${path} answered ${status}`)
    stylesheet ||= /<link rel="stylesheet" href="(\/_theme\/[^"]+)"/.exec(body.toString('utf8'))?.[1] ?? ''
    const raw = body.length
    const zipped = gzip(body)
    const aim = kind === 'product' ? `   aim ${raw <= AIM.raw && zipped <= AIM.gzip ? 'met' : 'MISSED'}` : ''
    console.log(
      `${tenant.padEnd(8)} ${kind.padEnd(12)} ${path.padEnd(40)} ${kb(rawBefore).padStart(10)} ${kb(raw).padStart(9)} ${change(raw, rawBefore).padStart(7)}  ${kb(gzipBefore).padStart(11)} ${kb(zipped).padStart(9)} ${change(zipped, gzipBefore).padStart(7)}${aim}`,
    )
  }
  if (stylesheet === '') throw new Error('no page linked the shared stylesheet')
  const css = await get('aurora.localhost', stylesheet)
  console.log(
    `\nshared stylesheet ${stylesheet}: ${kb(css.body.length)} raw, ${kb(gzip(css.body))} gzip, once per visitor and deploy (cache-control: ${css.status === 200 ? 'a year, immutable' : `status ${css.status}`})`,
  )
  console.log(`aim for a product page: at most ${kb(AIM.raw)} raw and ${kb(AIM.gzip)} gzip`)
} finally {
  await stopGroup(server, 'SIGTERM', health)
}
