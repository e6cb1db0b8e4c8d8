// The compiled form of a tenant template, stored beside its source as
// `site:<id>:template:<name>:compiled` (ARCHITECTURE.md, "Storage keys"), so a worker with a
// cold isolate renders it without parsing. Compiled with the very engine the worker runs
// (templates/compile.ts, bundled here on first use with esbuild).
import { buildSync } from 'esbuild'
import { fileURLToPath } from 'node:url'

const ENGINE_COMPILE = fileURLToPath(new URL('../templates/compile.ts', import.meta.url))
/** The suffix of a compiled template's key. */
export const COMPILED_SUFFIX = ':compiled'

let compile

function engineCompile() {
  if (compile === undefined) {
    const bundle = buildSync({
      entryPoints: [ENGINE_COMPILE],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'error',
    })
    const module = { exports: {} }
    new Function('module', 'exports', bundle.outputFiles[0].text)(module, module.exports)
    compile = module.exports.compile
  }
  return compile
}

/** `{ key, value }` of the compiled form of a template source stored at `key`. */
export function compiledTemplateEntry(key, source) {
  const { code } = engineCompile()(source)
  return { key: `${key}${COMPILED_SUFFIX}`, value: JSON.stringify(code) }
}
