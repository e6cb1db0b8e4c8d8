// Builds the site editor's browser app (editor/main.tsx) with esbuild: one ESM entry with its
// stylesheet, and lazy chunks (each heavy screen, and TipTap with the rich-text field) split
// out; minified, React's production build, content-hashed names, into
// dist/editor-site/config/assets/. Writes dist/editor-manifest.json (the entry's script and
// stylesheet URLs and every output's gzip size, which the shell reads) and dist/editor-assets.json
// (every output's text by URL, which the editor's Worker bundles and serves under
// /config/assets/ with a year of immutable caching: worker/editor/assets.ts).
//
//   npx tsx scripts/build-editor.ts
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Plugin, transform } from 'esbuild'
import { declarationsWithoutSideEffects } from './build-islands.ts'
import { ROOT } from './wrangler.ts'

const SITE_DIR = join(ROOT, 'dist', 'editor-site')
const OUT_DIR = join(SITE_DIR, 'config', 'assets')
const MANIFEST = join(ROOT, 'dist', 'editor-manifest.json')
/** The outputs' text by URL, which the editor's Worker bundles and serves. */
const ASSETS = join(ROOT, 'dist', 'editor-assets.json')
const ENTRY = 'editor/main.tsx'
/**
 * The template engine as the template editor runs it in the browser: a bundle of its own, loaded
 * with `import(url)`, not a split chunk. esbuild splits by file, and the engine uses shared/ files
 * the shell uses too (money, json, the text catalogues): as a chunk, what only the engine needs of
 * them would land in the shell's chunks (about 7 KiB gzip).
 */
const TEMPLATE_ENGINE = 'editor/template-editor/engine.ts'

/** dist/editor-manifest.json. */
export interface EditorManifest {
  /** The entry module's URL (`/config/assets/editor-<hash>.js`). */
  script: string
  /** The entry's stylesheet URL. */
  style: string
  /** Every output (entry, chunks, stylesheet) by URL, with its gzip size in bytes. */
  chunks: Record<string, number>
  /** The template engine's own bundle (the template editor's in-browser checks). */
  templateEngine: string
}

/** What a build knows beyond the manifest: the shell's files and a label for each output. */
interface EditorBuild {
  manifest: EditorManifest
  /** The entry, its stylesheet and the chunks it imports statically: what the first screen loads. */
  shell: string[]
  /** Each output's URL with what it holds (the editor module it is named after, or its packages). */
  labels: Record<string, string>
}

export async function buildEditor(): Promise<EditorManifest> {
  return (await buildEditorWithDetails()).manifest
}

/** The package or editor module an input path belongs to. */
function sourceName(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (pkg !== null)
    return (pkg[1] as string)
      .replace(/^@tiptap\/.*/, '@tiptap')
      .replace(/^(prosemirror|orderedmap|rope-sequence|w3c-keyname|linkifyjs).*/, 'prosemirror')
  return input.replace(/\.(tsx?|css)$/, '')
}

/**
 * `*.lazy.css` (editor/areas.lazy.css): a stylesheet a lazy chunk adds itself
 * (editor/parts/area-style.ts), imported as its minified text, so the shell's stylesheet does
 * not carry it.
 */
const lazyStylesheets: Plugin = {
  name: 'lazy-stylesheets',
  setup(context) {
    context.onLoad({ filter: /\.lazy\.css$/ }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true })
      return { contents: `export default ${JSON.stringify(code)}`, loader: 'js' }
    })
  },
}

export async function buildEditorWithDetails(): Promise<EditorBuild> {
  // Emptied, not removed: a running `wrangler dev` watches the folder and stops when it vanishes.
  mkdirSync(OUT_DIR, { recursive: true })
  for (const name of readdirSync(OUT_DIR)) rmSync(join(OUT_DIR, name), { recursive: true, force: true })
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
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
    entryNames: 'editor-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: 'asset-[hash]',
    logLevel: 'warning',
    plugins: [declarationsWithoutSideEffects, lazyStylesheets],
  })
  const engineBuild = await build({
    absWorkingDir: ROOT,
    entryPoints: [TEMPLATE_ENGINE],
    outdir: OUT_DIR,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    metafile: true,
    tsconfig: 'tsconfig.browser.json',
    entryNames: 'template-engine-[hash]',
    logLevel: 'warning',
    plugins: [declarationsWithoutSideEffects],
  })
  const outputs = { ...result.metafile.outputs, ...engineBuild.metafile.outputs }
  const [engineFile] = Object.keys(engineBuild.metafile.outputs)
  if (engineFile === undefined) throw new Error(`the editor build wrote no output for ${TEMPLATE_ENGINE}`)
  const url = (file: string) => `/config/assets/${relative(OUT_DIR, join(ROOT, file)).split('\\').join('/')}`
  const entry = Object.entries(outputs).find(([, output]) => output.entryPoint === ENTRY)
  if (entry === undefined) throw new Error(`the editor build wrote no output for ${ENTRY}`)
  const [entryFile, entryOutput] = entry
  const style = entryOutput.cssBundle
  if (style === undefined)
    throw new Error('the editor build wrote no stylesheet (editor/main.tsx imports editor.css)')
  const chunks = Object.fromEntries(
    Object.keys(outputs)
      .sort()
      .map((file) => [url(file), gzipSync(readFileSync(join(ROOT, file)), { level: 9 }).length]),
  )
  const manifest: EditorManifest = {
    script: url(entryFile),
    style: url(style),
    chunks,
    templateEngine: url(engineFile),
  }
  mkdirSync(join(ROOT, 'dist'), { recursive: true })
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
  // The editor's Worker serves these itself (worker/editor/assets.ts): every output by URL.
  const files = Object.fromEntries(
    Object.keys(outputs).map((file) => [url(file), readFileSync(join(ROOT, file), 'utf8')]),
  )
  writeFileSync(ASSETS, JSON.stringify(files))
  const shell = [
    url(entryFile),
    url(style),
    ...entryOutput.imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path)),
  ]
  const labels = Object.fromEntries(
    Object.entries(outputs).map(([file, output]) => {
      const sizes = new Map<string, number>()
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const source = sourceName(input)
        sizes.set(source, (sizes.get(source) ?? 0) + bytesInOutput)
      }
      const top = [...sizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([source]) => source)
      return [url(file), top.join(' + ')]
    }),
  )
  return { manifest, shell, labels }
}

/** One line: the shell's gzip size, then each lazy file's (KiB) with what it holds. */
function sizeSummary({ manifest, shell, labels }: EditorBuild): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)}`
  const size = (u: string) => manifest.chunks[u] ?? 0
  const shellBytes = shell.reduce((sum, u) => sum + size(u), 0)
  const lazy = Object.keys(manifest.chunks)
    .filter((u) => !shell.includes(u))
    .sort((a, b) => size(b) - size(a))
  const total = Object.values(manifest.chunks).reduce((a, b) => a + b, 0)
  return `editor gzip KiB: shell ${kib(shellBytes)} (${shell.map((u) => `${u.slice(u.lastIndexOf('/') + 1)} ${kib(size(u))}`).join(', ')}); lazy: ${lazy.map((u) => `${labels[u]} ${kib(size(u))}`).join(', ')}; total ${kib(total)}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(sizeSummary(await buildEditorWithDetails()))
}
