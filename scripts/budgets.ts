// `npm run budgets`: checks the bundle budgets of budgets.json and prints each figure beside its
// budget (the storefront's worker and engine, and the site editor's app: its first screen and its
// largest lazy chunk). The worker bundle is what `wrangler deploy --dry-run` uploads (gzip, measured here on
// its output); the engine bundle is the template engine with every plugin, bundled as wrangler
// would. Exits 1 when one is over. (Page budgets run in the browser suite:
// tests/browser/budgets.spec.ts.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { buildEditorWithDetails } from './build-editor.ts'
import { ROOT, runWrangler } from './wrangler.ts'

const budgets: {
  workerBundleKiB: number
  engineBundleKiB: number
  editorShellKiB: number
  editorLazyChunkKiB: number
} = JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8'))
const kib = (bytes: number) => bytes / 1024

function workerBundle() {
  const out = mkdtempSync(join(tmpdir(), 'storefront-dry-run-'))
  try {
    runWrangler(['deploy', '--dry-run', '--outdir', out])
    return gzipSync(readFileSync(join(out, 'index.js')), { level: 9 }).length
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

async function engineBundle() {
  const result = await build({
    stdin: {
      contents:
        "import { createEngine, domainPlugins } from './templates/index'\nexport const engine = createEngine({ plugins: domainPlugins })\n",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  })
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length
}

/** The site editor's app: what its first screen loads (the shell), and its largest lazy chunk. */
async function editorBundle() {
  const { manifest, shell, labels } = await buildEditorWithDetails()
  const size = (url: string) => manifest.chunks[url] ?? 0
  const lazy = Object.keys(manifest.chunks).filter((url) => !shell.includes(url))
  const largest = lazy.sort((a, b) => size(b) - size(a))[0] ?? ''
  console.log(`site editor: largest lazy chunk holds ${labels[largest] ?? largest}`)
  return { shell: shell.reduce((sum, url) => sum + size(url), 0), largest: size(largest) }
}

const editor = await editorBundle()
const rows: [string, number, number][] = [
  ['worker bundle (wrangler deploy --dry-run)', kib(workerBundle()), budgets.workerBundleKiB],
  ['template engine with every plugin', kib(await engineBundle()), budgets.engineBundleKiB],
  ['site editor: shell before interaction', kib(editor.shell), budgets.editorShellKiB],
  ['site editor: largest lazy chunk', kib(editor.largest), budgets.editorLazyChunkKiB],
]
let over = 0
console.log('budget                                          gzip KiB   budget   ')
for (const [name, size, budget] of rows) {
  const ok = size <= budget
  if (!ok) over++
  console.log(
    `${name.padEnd(46)} ${size.toFixed(1).padStart(8)}   ${String(budget).padStart(6)}   ${ok ? 'ok' : 'OVER'}`,
  )
}
process.exit(over > 0 ? 1 : 0)
