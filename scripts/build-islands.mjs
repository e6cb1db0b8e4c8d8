// Builds the island bundle with esbuild: the runtime entry, one chunk per island component and
// shared chunks (React), minified, React's production build, content-hashed names, into
// public/_islands/ (served as static assets with a year of immutable caching, public/_headers).
// Writes dist/islands-manifest.json, which the worker imports to name the runtime's URL.
//
//   node scripts/build-islands.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { build } from 'esbuild'
import { ROOT } from './wrangler.mjs'

const OUT_DIR = join(ROOT, 'public', '_islands')
const MANIFEST = join(ROOT, 'dist', 'islands-manifest.json')

export async function buildIslands() {
  rmSync(OUT_DIR, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { runtime: 'islands/runtime/index.ts' },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: false,
    metafile: true,
    tsconfig: 'tsconfig.browser.json',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  })
  const outputs = result.metafile.outputs
  const publicPath = (file) => `/${relative(join(ROOT, 'public'), join(ROOT, file)).split('\\').join('/')}`
  const runtime = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'islands/runtime/index.ts')
  // Each island's chunk: the output whose inputs hold the island's own folder or file.
  const chunks = Object.fromEntries(
    Object.entries(outputs).map(([file, output]) => [publicPath(file), Object.keys(output.inputs)]),
  )
  const manifest = { runtime: publicPath(runtime), chunks }
  mkdirSync(join(ROOT, 'dist'), { recursive: true })
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = await buildIslands()
  console.log(`islands: runtime ${manifest.runtime}, ${Object.keys(manifest.chunks).length} files`)
}
