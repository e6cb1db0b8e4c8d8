/**
 * How much the template engine adds to the worker bundle (issue 4: at most 80 KB gzip with every
 * plugin). Bundles two small entries with esbuild the way wrangler would (minified ESM, target
 * es2022, no Node built-ins) and prints raw and gzip sizes side by side:
 *
 *   - ours: `createEngine` with `domainPlugins`, rendering a template;
 *   - the reference: `@squarespace/template-engine` with `@phensley/cldr` and its English
 *     resource pack, which the reference needs for any i18n formatter (its README's setup).
 *
 * Then the share of each of our plugin files in the minified output, from esbuild's metafile.
 * Run: `npm run bench -- engine-size` (or `node --import tsx tests/bench/engine-size.bench.ts`).
 * Figures, not assertions; exits 1 only when ours is over the budget.
 */
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const BUDGET_GZIP = 80 * 1024

const OURS = `
import { createEngine } from './templates/index'
import { domainPlugins } from './templates/plugins'
const engine = createEngine({ plugins: domainPlugins })
export function render(template, data, locale) {
  return engine.render(template, data, { locale }).output
}
`

const REFERENCE = `
import { Compiler } from '@squarespace/template-engine'
import { CLDRFramework } from '@phensley/cldr'
import EN from '@phensley/cldr/packs/en.json'
const framework = new CLDRFramework({ loader: () => EN })
const cldr = framework.get('en-US')
const compiler = new Compiler()
export function render(template, json) {
  return compiler.execute({ code: template, json, cldr }).ctx.render()
}
`

interface Bundle {
  readonly raw: number
  readonly gzip: number
  readonly metafile: Metafile
}

async function bundle(source: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    // The CLDR resource pack is loaded as the JSON text its framework parses itself.
    loader: { '.json': 'text' },
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { raw: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, metafile: result.metafile }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

function pluginBreakdown(metafile: Metafile): void {
  const output = Object.values(metafile.outputs)[0]
  if (output === undefined) return
  const rows = Object.entries(output.inputs)
    .map(([path, input]) => ({ path: relative(ROOT, join(ROOT, path)), bytes: input.bytesInOutput }))
    .filter((r) => r.path.startsWith('templates/'))
    .sort((a, b) => b.bytes - a.bytes)
  const total = rows.reduce((sum, r) => sum + r.bytes, 0)
  const plugins = rows.filter((r) => r.path.startsWith('templates/plugins/'))
  const pluginTotal = plugins.reduce((sum, r) => sum + r.bytes, 0)
  console.log(
    `\nours, minified bytes per plugin file (before gzip; plugins ${kb(pluginTotal)} of ${kb(total)}):`,
  )
  for (const r of plugins)
    console.log(
      `  ${r.path.padEnd(44)} ${kb(r.bytes).padStart(9)}  ${((100 * r.bytes) / total).toFixed(1).padStart(5)}%`,
    )
  console.log(`  ${'engine core (templates/*.ts)'.padEnd(44)} ${kb(total - pluginTotal).padStart(9)}`)
}

const started = performance.now()
const [ours, reference] = await Promise.all([bundle(OURS), bundle(REFERENCE)])
console.log(`${''.padEnd(44)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)}`)
console.log(
  `${'ours (createEngine + domainPlugins)'.padEnd(44)} ${kb(ours.raw).padStart(9)} ${kb(ours.gzip).padStart(9)}`,
)
console.log(
  `${'reference (template-engine + cldr + en pack)'.padEnd(44)} ${kb(reference.raw).padStart(9)} ${kb(reference.gzip).padStart(9)}`,
)
console.log(
  `ours / reference: ${((100 * ours.raw) / reference.raw).toFixed(1)}% raw, ${((100 * ours.gzip) / reference.gzip).toFixed(1)}% gzip; ` +
    `budget ${kb(BUDGET_GZIP)} gzip: ${ours.gzip <= BUDGET_GZIP ? 'within' : 'OVER'}`,
)
pluginBreakdown(ours.metafile)
console.log(`\n(bundled in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
if (ours.gzip > BUDGET_GZIP) process.exitCode = 1
