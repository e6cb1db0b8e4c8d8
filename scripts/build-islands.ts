// Builds the island bundle with esbuild: the runtime, the tracking script (islands/tracking), and
// one module per island folder that has a `client.tsx` (its component with
// `islands/runtime/mount.ts`, which brings React), with shared chunks (React) split out;
// minified, React's production build, content-hashed names, into public/_islands/ (served as
// static assets with a year of immutable caching, public/_headers).
// Writes dist/islands-manifest.json, which the worker imports to name each module's URL, and
// beside it dist/islands-chunks.json (every output with the sources it holds), which only the
// tests read: it stays out of the worker bundle.
// The production build also writes the theme's shared stylesheet (the shell, every island's CSS,
// the commerce pages' layout: worker/render/shared-css.ts) as public/_theme/shell-<hash>.css,
// cached for a year like the islands (public/_headers), and its name in dist/theme-manifest.json,
// which the worker imports instead of the 41 KB of rules (worker/render/stylesheet.ts).
//
//   npx tsx scripts/build-islands.ts
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { type BuildOptions, build, type Plugin } from 'esbuild'
import { ROOT } from './wrangler.ts'

const OUT_DIR = join(ROOT, 'public', '_islands')
const MANIFEST = join(ROOT, 'dist', 'islands-manifest.json')
/** Beside the manifest wherever it is written. */
const CHUNKS_FILE = 'islands-chunks.json'
const ENTRY = 'island-entry:'
const THEME_DIR = join(ROOT, 'public', '_theme')
const THEME_MANIFEST = join(ROOT, 'dist', 'theme-manifest.json')

/** dist/theme-manifest.json, which the worker imports (worker/render/stylesheet.ts). */
export interface ThemeManifest {
  /** `/_theme/shell-<16 hex digits of the content's SHA-256>.css` */
  stylesheet: string
  /**
   * This build of what pages link (the islands' modules and the stylesheet): 12 hex digits that
   * change when a file a page names changes. The page cache keys pages by it, so a deploy never
   * serves a page naming an island module the new assets no longer have.
   */
  build: string
}

/**
 * Writes the shared stylesheet under a name that changes with its content (a deploy that changes
 * a rule is a new URL), alone in public/_theme/, and the manifest that names it. Its text comes
 * from worker/render/shared-css.ts through esbuild (the worker's extensionless imports, which
 * vitest's config loader, importing this file, would not resolve).
 */
export async function buildThemeStylesheet(islands: IslandManifest): Promise<ThemeManifest> {
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['worker/render/shared-css.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'warning',
  })
  const code = Buffer.from(outputFiles[0]?.text ?? '').toString('base64')
  const { SHARED_CSS } = (await import(`data:text/javascript;base64,${code}`)) as { SHARED_CSS: string }
  const file = `shell-${createHash('sha256').update(SHARED_CSS).digest('hex').slice(0, 16)}.css`
  rmSync(THEME_DIR, { recursive: true, force: true })
  mkdirSync(THEME_DIR, { recursive: true })
  writeFileSync(join(THEME_DIR, file), SHARED_CSS)
  const assetsBuild = createHash('sha256')
    .update(JSON.stringify(islands) + file)
    .digest('hex')
    .slice(0, 12)
  const manifest: ThemeManifest = { stylesheet: `/_theme/${file}`, build: assetsBuild }
  mkdirSync(dirname(THEME_MANIFEST), { recursive: true })
  writeFileSync(THEME_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/** dist/islands-manifest.json, which the worker imports. */
export interface IslandManifest {
  runtime: string
  /** The tracking script (islands/tracking), one self-contained module. */
  tracking: string
  /** Plain scripts without React (the pill cart, Quick View's button). */
  scripts: Record<string, string>
  islands: Record<string, string>
}

/** What a build returns: the manifest, and every output with its sources (dist/islands-chunks.json). */
export interface IslandBuild extends IslandManifest {
  chunks: Record<string, string[]>
}

/** Island folders (`<root>/<name>`) with a client component; the registry test checks they match the registry. */
export function islandFolders(root = 'islands'): string[] {
  return readdirSync(join(ROOT, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, root, entry.name, 'client.tsx')))
    .map((entry) => entry.name)
    .sort()
}

/** Each island's module: its client component and the React mount, as one entry. */
const islandEntries: Plugin = {
  name: 'island-entries',
  setup(build) {
    build.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path, namespace: 'island-entry' }))
    build.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => {
      const folder = args.path.slice(ENTRY.length)
      return {
        contents: `export { default as Component } from './${folder}/client.tsx'\nexport * from './${folder}/client.tsx'\nexport { mount } from './islands/runtime/mount.ts'\n`,
        resolveDir: ROOT,
        loader: 'ts',
      }
    })
  },
}

/**
 * shared/ and templates/ modules only declare things (their rule: plain functions over plain data), so a
 * module nothing uses from is left out whole, even when one of its declarations is a call
 * esbuild cannot prove pure (`FORMS_TEXT.captchaRequired`, `widths.map(...)`).
 */
const DECLARATION_ROOTS = [join(ROOT, 'shared'), join(ROOT, 'templates')].map((root) => `${root}/`)
export const declarationsWithoutSideEffects: Plugin = {
  name: 'shared-and-templates-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.resolving || args.kind === 'entry-point') return undefined
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      })
      if (resolved.errors.length > 0 || !DECLARATION_ROOTS.some((root) => resolved.path.startsWith(root)))
        return resolved
      return { ...resolved, sideEffects: false }
    })
  },
}

/**
 * Builds the runtime and the islands found under `roots` (the tests add a fixture root) into
 * `outDir`, and writes the manifest (module URLs are `/_islands/<file>` either way) and, beside
 * it, the chunk list. Returns the manifest with the chunk list.
 */
export async function buildIslands({
  roots = ['islands'],
  outDir: out = OUT_DIR,
  manifestPath = MANIFEST,
}: {
  roots?: string[]
  outDir?: string
  manifestPath?: string
} = {}): Promise<IslandBuild> {
  const outDir = resolve(ROOT, out)
  rmSync(outDir, { recursive: true, force: true })
  const folders = roots.flatMap((root) =>
    islandFolders(root).map((name) => ({ name, folder: `${root}/${name}` })),
  )
  const options: BuildOptions = {
    absWorkingDir: ROOT,
    outdir: outDir,
    bundle: true,
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
  }
  const result = await build({
    ...options,
    entryPoints: {
      runtime: 'islands/runtime/index.ts',
      // The pill cart: plain script, no React (islands/cart-pill/pill.ts).
      'cart-pill': 'islands/cart-pill/pill.ts',
      // Quick View's button on product grids: plain script; its dialog is a chunk loaded on a click.
      'quick-view': 'islands/quick-view/trigger.ts',
      ...Object.fromEntries(folders.map(({ name, folder }) => [name, `${ENTRY}${folder}`])),
    },
    splitting: true,
    plugins: [islandEntries],
  })
  // The tracking script (a plain module, no React, imported when the browser is idle) is one
  // self-contained file: esbuild splits shared code by whole files, and a shared chunk of
  // shared/ would bring the islands' money and variant rules to every page with it.
  const tracking = await build({
    ...options,
    entryPoints: { tracking: 'islands/tracking/index.ts' },
    // Its entry is a small tag-side loader; the rest (start.ts) and web-vitals' INP, loaded on
    // the first interaction, are chunks of their own.
    splitting: true,
    chunkNames: 'tracking-[name]-[hash]',
    plugins: [declarationsWithoutSideEffects],
  })
  const outputs = { ...result.metafile?.outputs, ...tracking.metafile?.outputs }
  const publicPath = (file: string) => `/_islands/${relative(outDir, join(ROOT, file)).split('\\').join('/')}`
  const entryFile = (entryPoint: string): string => {
    const file = Object.keys(outputs).find((name) => outputs[name]?.entryPoint === entryPoint)
    if (file === undefined) throw new Error(`the island build wrote no output for ${entryPoint}`)
    return file
  }
  const islands = Object.fromEntries(
    folders.map(({ name, folder }) => [name, publicPath(entryFile(`island-entry:${ENTRY}${folder}`))]),
  )
  // Every output with the sources it holds, for the bundle tests only (its own file: the worker
  // imports the manifest, and would carry this list for nothing).
  const chunks = Object.fromEntries(
    Object.entries(outputs).map(([file, output]) => [publicPath(file), Object.keys(output.inputs)]),
  )
  const manifest: IslandManifest = {
    runtime: publicPath(entryFile('islands/runtime/index.ts')),
    tracking: publicPath(entryFile('islands/tracking/index.ts')),
    scripts: {
      'cart-pill': publicPath(entryFile('islands/cart-pill/pill.ts')),
      'quick-view': publicPath(entryFile('islands/quick-view/trigger.ts')),
    },
    islands,
  }
  mkdirSync(dirname(manifestPath), { recursive: true })
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  writeFileSync(join(dirname(manifestPath), CHUNKS_FILE), `${JSON.stringify(chunks, null, 2)}\n`)
  // The production build (not a fixture's): the stylesheet holds the production islands' CSS.
  if (resolve(ROOT, manifestPath) === MANIFEST) await buildThemeStylesheet(manifest)
  return { ...manifest, chunks }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = await buildIslands()
  console.log(
    `islands: runtime ${manifest.runtime}, ${Object.keys(manifest.islands).length} islands, ${Object.keys(manifest.chunks).length} files; theme stylesheet ${JSON.parse(readFileSync(THEME_MANIFEST, 'utf8')).stylesheet}`,
  )
}
