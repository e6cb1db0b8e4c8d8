// Reads the demo tenants' fixture files into KV entries.
//
// A fixture file mirrors one KV key (ARCHITECTURE.md, "Storage keys"): the path below
// `kv-fixtures/`, less its extension, with `/` read as `:`, except that everything after an
// `item/` segment is the `<collection>/<slug>` part of an item key:
//
//   host/aurora.localhost.txt            -> host:aurora.localhost
//   site/aurora.json                     -> site:aurora
//   site/aurora/version.txt              -> site:aurora:version
//   site/aurora/template/home.jsont      -> site:aurora:template:home
//   site/aurora/collection/shop.json     -> site:aurora:collection:shop
//   site/aurora/item/shop/linen-shirt.json -> site:aurora:item:shop/linen-shirt
//   site/aurora/form/gift-note.json      -> site:aurora:form:gift-note
//
// `.json` files hold a JSON record (stored minified); `.txt` and `.jsont` files hold text (a
// trailing newline is dropped). Anything else in the folder (this file, README) is not a fixture.
// A site record is stamped with its version (KV metadata, `stampSites` below).
// Each template also gets its compiled form beside it (`…:template:<name>:compiled`, compile.mjs),
// as a publish does, so the worker never parses a tenant template on a cold isolate.
import { readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compiledTemplateEntry } from './compile.mjs'

export const FIXTURES_DIR = fileURLToPath(new URL('.', import.meta.url))
const VALUE_EXTENSIONS = new Set(['.json', '.txt', '.jsont'])
const KEY_ROOTS = new Set(['host', 'site'])

/** Maps a fixture path (relative, `/`-separated, extension removed) to its KV key. */
export function fixturePathToKey(path) {
  const segments = path.split('/')
  const itemAt = segments.indexOf('item')
  if (itemAt === 2 && segments[0] === 'site' && segments.length === 5) {
    return `${segments.slice(0, 3).join(':')}:${segments[3]}/${segments[4]}`
  }
  return segments.join(':')
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else yield path
  }
}

/**
 * Each site record gets the content version beside it as its KV metadata (`{ version }`), as a
 * publish stamps it (worker/editor/publish.ts): a new storefront isolate then reads the version
 * and the site side by side (worker/middleware/tenant.ts).
 */
function stampSites(entries) {
  const versions = new Map(
    entries.filter((entry) => /^site:[^:]+:version$/.test(entry.key)).map((entry) => [entry.key, entry.value]),
  )
  for (const entry of entries) {
    const version = /^site:[^:]+$/.test(entry.key) ? versions.get(`${entry.key}:version`) : undefined
    if (version !== undefined) entry.metadata = { version: version.trim() }
  }
}

/**
 * Every fixture below `dir` as `{ key, value }` pairs, sorted by key. JSON files that do not
 * parse throw with the file named, so a broken fixture stops seeding before anything is written.
 */
export function readFixtures(dir = FIXTURES_DIR) {
  const entries = []
  for (const file of walk(dir)) {
    const ext = extname(file)
    const rel = relative(dir, file).split(sep).join('/')
    if (!VALUE_EXTENSIONS.has(ext) || !KEY_ROOTS.has(rel.split('/')[0])) continue
    const text = readFileSync(file, 'utf8')
    let value
    if (ext === '.json') {
      try {
        value = JSON.stringify(JSON.parse(text))
      } catch (error) {
        throw new Error(`kv-fixtures: ${rel} is not valid JSON: ${error.message}`)
      }
    } else {
      value = text.replace(/\r?\n$/, '')
    }
    const key = fixturePathToKey(rel.slice(0, -ext.length))
    entries.push({ key, value })
    if (ext === '.jsont') entries.push(compiledTemplateEntry(key, value))
  }
  stampSites(entries)
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}
