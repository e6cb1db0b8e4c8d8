/**
 * The tree's rules that a linter cannot see (docs/architecture.md, "Rules of the house"):
 * - `worker/` holds at its root only the entry, the app and the environment;
 * - no import cycle between two folders of `worker/` (type imports count: a cycle of types is
 *   still two rooms that cannot be read apart);
 * - no two files under `worker/` share a name, except one subject at each layer (an API group,
 *   its table, its provider: `api/places.ts` beside `providers/places.ts`), listed below, and
 *   the site editor's Worker's own entry, app and environment in `worker/editor/`, and the API
 *   Worker's entry in `worker/api-worker/`.
 * - no `c.var` in `worker/`: Hono's getter copies every variable of the request into a new
 *   object on each read, and a cache hit read it a dozen times; `c.get(name)` is a map lookup
 *   (issue 26).
 * The import direction between top-level folders is biome.json's (`noRestrictedImports`).
 * Run by `npm run lint`; prints each breach and exits 1.
 */

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, dirname, join, normalize } from 'node:path'

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..')
const ROOT_FILES = new Set(['worker/index.ts', 'worker/app.ts', 'worker/env.ts'])
/** One subject, one file per layer: the same name in these rooms is one concern, not two. */
const LAYERED_NAMES = new Set(['captcha.ts', 'places.ts', 'dead-letters.ts', 'site-users.ts'])
/** The site editor's Worker's entry, app and environment, beside the storefront's. */
const EDITOR_WORKER_ROOT = new Set(['worker/editor/index.ts', 'worker/editor/app.ts', 'worker/editor/env.ts'])
/** The storefront's API Worker's entry (worker/api-worker/wrangler.toml). */
const API_WORKER_ROOT = new Set(['worker/api-worker/index.ts'])

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'worker'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file))
const known = new Set(files)
const problems: string[] = []

for (const file of files)
  if (file.split('/').length === 2 && !ROOT_FILES.has(file))
    problems.push(`${file}: nothing loose at worker/'s root but index.ts, app.ts and env.ts`)

const byName = new Map<string, string[]>()
for (const file of files) {
  const name = basename(file)
  if (file.endsWith('README.md') || LAYERED_NAMES.has(name)) continue
  // The editor's Worker (worker/editor/wrangler.toml) has a root of its own.
  if (EDITOR_WORKER_ROOT.has(file) || API_WORKER_ROOT.has(file)) continue
  byName.set(name, [...(byName.get(name) ?? []), file])
}
for (const [name, list] of byName)
  if (list.length > 1) problems.push(`${name}: one name, several files (${list.join(', ')})`)

const folderOf = (file: string): string | null => {
  const parts = file.split('/')
  return parts.length > 2 ? (parts[1] ?? null) : null
}
const edges = new Map<string, Map<string, string>>()
for (const file of files) {
  const from = folderOf(file)
  if (from === null) continue
  const source = readFileSync(join(ROOT, file), 'utf8')
  if (/\bc\.var\b/.test(source))
    problems.push(`${file}: reads \`c.var\` (a copy of every variable); use \`c.get(name)\``)
  for (const match of source.matchAll(/from\s+'(\.[^']*)'/g)) {
    const base = normalize(join(dirname(file), match[1] ?? ''))
    const target = ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((f) => known.has(f))
    const to = target === undefined ? null : folderOf(target)
    if (to === null || to === from) continue
    const out = edges.get(from) ?? new Map<string, string>()
    if (!out.has(to)) out.set(to, `${file} -> ${target}`)
    edges.set(from, out)
  }
}
for (const [from, out] of edges)
  for (const [to, example] of out)
    if (from < to && edges.get(to)?.has(from))
      problems.push(
        `worker/${from} and worker/${to} import each other: ${example}; ${edges.get(to)?.get(from)}`,
      )

if (problems.length > 0) {
  console.error(`structure: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`)
  process.exit(1)
}
console.log(`structure: ok (${files.length} worker files, ${edges.size} folders, no cycle)`)
