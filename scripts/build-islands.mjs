// Builds the island bundle with esbuild: the runtime, and one module per island folder that has a
// `client.tsx` (its component with `islands/runtime/mount.ts`, which brings React), with shared
// chunks (React) split out; minified, React's production build, content-hashed names, into
// public/_islands/ (served as static assets with a year of immutable caching, public/_headers).
// Writes dist/islands-manifest.json, which the worker imports to name each module's URL.
//
//   node scripts/build-islands.mjs
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { build } from 'esbuild'
import { ROOT } from './wrangler.mjs'

const OUT_DIR = join(ROOT, 'public', '_islands')
const MANIFEST = join(ROOT, 'dist', 'islands-manifest.json')
const ISLANDS_DIR = join(ROOT, 'islands')
const ENTRY = 'island-entry:'

/** Island folders with a client component; the registry test checks they match the registry. */
export function islandFolders() {
  return readdirSync(ISLANDS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ISLANDS_DIR, entry.name, 'client.tsx')))
    .map((entry) => entry.name)
    .sort()
}

/** Each island's module: its client component and the React mount, as one entry. */
const islandEntries = {
  name: 'island-entries',
  setup(build) {
    build.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path, namespace: 'island-entry' }))
    build.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => {
      const name = args.path.slice(ENTRY.length)
      return {
        contents: `export { default as Component } from './islands/${name}/client.tsx'\nexport { mount } from './islands/runtime/mount.ts'\n`,
        resolveDir: ROOT,
        loader: 'ts',
      }
    })
  },
}

export async function buildIslands() {
  rmSync(OUT_DIR, { recursive: true, force: true })
  const folders = islandFolders()
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      runtime: 'islands/runtime/index.ts',
      ...Object.fromEntries(folders.map((name) => [name, `${ENTRY}${name}`])),
    },
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
    plugins: [islandEntries],
  })
  const outputs = result.metafile.outputs
  const publicPath = (file) => `/${relative(join(ROOT, 'public'), join(ROOT, file)).split('\\').join('/')}`
  const entryFile = (entryPoint) =>
    Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint)
  const islands = Object.fromEntries(
    folders.map((name) => [name, publicPath(entryFile(`island-entry:${ENTRY}${name}`))]),
  )
  // Every output with the sources it holds, for the bundle tests.
  const chunks = Object.fromEntries(
    Object.entries(outputs).map(([file, output]) => [publicPath(file), Object.keys(output.inputs)]),
  )
  const manifest = { runtime: publicPath(entryFile('islands/runtime/index.ts')), islands, chunks }
  mkdirSync(join(ROOT, 'dist'), { recursive: true })
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = await buildIslands()
  console.log(
    `islands: runtime ${manifest.runtime}, ${Object.keys(manifest.islands).length} islands, ${Object.keys(manifest.chunks).length} files`,
  )
}
