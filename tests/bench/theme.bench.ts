// The default theme's figures (issue #11): the inline CSS of each page kind of the demo tenants
// (gzip, against the 14 KB a first round trip carries), and Lighthouse's mobile scores
// (performance, accessibility, best practices, SEO) for aurora's home, a collection and a
// product page, against the issue's aims. Lighthouse drives Debian's Chromium; the storefront
// is served by `wrangler dev` on its own port with fresh state.
//
//   node --import tsx tests/bench/theme.bench.ts [--port 8799] [--runs 1]

import type { ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startStorefront } from './server-group'

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8799' }, runs: { type: 'string', default: '1' } },
})
const PORT = Number(values.port)
const RUNS = Number(values.runs)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A first round trip carries about 14 KB (TCP's initial window of 10 segments). */
const CSS_BUDGET = 14 * 1024
/** Lighthouse aims of issue #11. */
const AIMS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const

const PAGE_KINDS = [
  ['aurora', 'home', '/'],
  ['aurora', 'page', '/about'],
  ['aurora', 'product list', '/apparel'],
  ['aurora', 'product', '/apparel/ridgeline-flannel-shirt'],
  ['aurora', 'search', '/search?q=merino'],
  ['aurora', 'cart', '/cart'],
  ['aurora', 'not found', '/no-such-page'],
  ['kissa', 'home', '/'],
  ['kissa', 'product list', '/tea'],
  ['kissa', 'product', '/tea/sencha-saemidori'],
  ['journal', 'home', '/'],
  ['journal', 'blog', '/field-notes'],
  ['journal', 'post', '/field-notes/tide-pools-at-dawn'],
  ['journal', 'events', '/events'],
  ['journal', 'event', '/events/low-tide-pool-walk'],
  ['journal', 'gallery', '/gallery'],
  ['journal', 'form', '/contact'],
  ['journal', 'lock screen', '/workshop-drafts'],
] as const

const LIGHTHOUSE_PAGES = [
  ['home', '/'],
  ['collection', '/apparel'],
  ['product', '/apparel/ridgeline-flannel-shirt'],
] as const

function startServer(): ChildProcess {
  return startStorefront(['--port', String(PORT), '--persist-to', `.wrangler/bench-${PORT}`, '--fresh'], {
    stdio: 'ignore',
    detached: true,
  })
}

// node:http rather than fetch: fetch may not set `Host`, and the tenant is the host.
function get(host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await get('aurora.localhost', '/_health')).status === 200) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('wrangler dev did not start within 2 minutes')
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function cssFigures(): Promise<void> {
  console.log('\ninline CSS per page kind (the <style> block in <head>), against the 14 KB first round trip')
  console.log('tenant   page kind        raw        gzip   of budget')
  for (const [tenant, kind, path] of PAGE_KINDS) {
    const { body } = await get(`${tenant}.localhost`, path)
    const css = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('')
    const gzip = gzipSync(Buffer.from(css), { level: 9 }).length
    console.log(
      `${tenant.padEnd(8)} ${kind.padEnd(14)} ${kb(Buffer.byteLength(css)).padStart(9)} ${kb(gzip).padStart(9)}   ${((gzip / CSS_BUDGET) * 100).toFixed(0).padStart(5)}%`,
    )
  }
}

async function lighthouseFigures(): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, aurora, against the aims of issue #11`,
    )
    console.log(
      'page         performance  accessibility  best-practices  seo     FCP     LCP     TBT     CLS',
    )
    for (const [name, path] of LIGHTHOUSE_PAGES) {
      const runs: Record<string, number>[] = []
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`http://aurora.localhost:${PORT}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(AIMS),
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`)
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        })
        for (const [id, category] of Object.entries(lhr.categories)) {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id)
          if (failing.length > 0 && i === 0) console.log(`  ${name} ${id}: below 1 on ${failing.join(', ')}`)
        }
      }
      const median = (key: string) => {
        const sorted = runs.map((r) => r[key] ?? 0).sort((a, b) => a - b)
        return sorted[Math.floor(sorted.length / 2)] ?? 0
      }
      console.log(
        `${name.padEnd(12)} ${String(median('performance')).padStart(11)}  ${String(median('accessibility')).padStart(13)}  ${String(median('best-practices')).padStart(14)}  ${String(median('seo')).padStart(3)}  ${`${(median('fcp') / 1000).toFixed(1)} s`.padStart(6)}  ${`${(median('lcp') / 1000).toFixed(1)} s`.padStart(6)}  ${`${median('tbt').toFixed(0)} ms`.padStart(6)}  ${median('cls').toFixed(3)}`,
      )
    }
    console.log(
      `aim          ${String(AIMS.performance).padStart(11)}  ${String(AIMS.accessibility).padStart(13)}  ${String(AIMS['best-practices']).padStart(14)}  ${String(AIMS.seo).padStart(3)}`,
    )
  } finally {
    chrome.kill()
  }
}

const server = startServer()
try {
  await waitUntilReady()
  // Warm the templates and records the pages read before measuring.
  for (const [tenant, , path] of PAGE_KINDS) await get(`${tenant}.localhost`, path)
  await cssFigures()
  await lighthouseFigures()
} finally {
  // start.ts leads its own process group, wrangler and workerd included: end all of it.
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
}
