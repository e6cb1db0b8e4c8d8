/**
 * The docs name files that exist: scans README.md, docs/**\/*.md and every folder's README.md
 * for repository paths (in backticks or as link targets: `worker/...`, `islands/...`,
 * `scripts/...`, `docs/...`, with an optional `:line`) and `npm run <name>` mentions, and
 * fails naming each path that is not in the tree and each script package.json lacks.
 *
 * Run: `npx tsx scripts/check-docs.ts` (part of `npm run lint`, which CI runs).
 * Placeholders are skipped: a path holding `<`, `*`, `{`, `...` or `…` (`worker/db/<table>.ts`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Top-level folders and files a doc may name by their repository path. */
const ROOTS = [
  'worker/',
  'islands/',
  'templates/',
  'shared/',
  'scripts/',
  'docs/',
  'tests/',
  'kv-fixtures/',
  'public/',
  'editor/',
  '.ci/',
]
const TOP_FILES = new Set([
  'README.md',
  'package.json',
  'wrangler.toml',
  'biome.json',
  'budgets.json',
  'tsconfig.json',
  'tsconfig.browser.json',
  'tsconfig.node.json',
  'vitest.config.mts',
  'playwright.config.ts',
])
/** Built or local-only paths a doc may name though git does not hold them. */
const GENERATED = [
  'public/_islands',
  'public/_theme',
  'public/fonts',
  'dist/',
  '.wrangler/',
  'test-results/',
  'node_modules/',
]
const SKIP_DIRS = new Set(['node_modules', '.git', '.wrangler', 'dist', 'test-results', 'public'])

function docFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name)) continue
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name === 'README.md' || (full.startsWith(join(root, 'docs')) && name.endsWith('.md'))) {
        found.push(full)
      }
    }
  }
  walk(root)
  return found.sort()
}

function isPlaceholder(path: string): boolean {
  return /[<>*{}…]|\.\.\.|\$|\s/.test(path)
}

/** A candidate repository path, without `:line`, `#anchor` or a trailing slash; or null. */
function cleanPath(raw: string): string | null {
  let path = raw.trim().replace(/^\.\//, '')
  path = path.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '')
  if (path === '' || isPlaceholder(path)) return null
  return path.replace(/\/$/, '')
}

/** A file or folder, or a module named without its extension (`shared/index`). */
function exists(path: string): boolean {
  return ['', '.ts', '.tsx', '.mts', '.mjs'].some((ext) => existsSync(join(root, path + ext)))
}

type Problem = { file: string; line: number; what: string }

function checkFile(file: string, scripts: Set<string>): Problem[] {
  const problems: Problem[] = []
  const rel = relative(root, file)
  const folder = relative(root, dirname(file))
  const text = readFileSync(file, 'utf8')
  const lineAt = (index: number) => text.slice(0, index).split('\n').length
  // Code blocks: every word is a candidate; prose: backticked spans (which may wrap a line).
  const fences = [...text.matchAll(/^\s*```[^\n]*\n([\s\S]*?)^\s*```/gm)]
  const inFence = (index: number) =>
    fences.some((f) => index >= (f.index as number) && index < (f.index as number) + f[0].length)
  for (const match of text.matchAll(/npm run ([a-z][\w:-]*)/g)) {
    const name = match[1] as string
    if (!scripts.has(name))
      problems.push({ file: rel, line: lineAt(match.index), what: `npm run ${name}: no such script` })
  }
  const candidates: { path: string; base: 'repo' | 'file'; index: number }[] = []
  const addWords = (span: string, index: number) => {
    for (const word of span.split(/[\s,;()'"=]+/)) {
      const path = cleanPath(word)
      if (path === null) continue
      if (ROOTS.some((r) => path.startsWith(r)) || TOP_FILES.has(path))
        candidates.push({ path, base: 'repo', index })
    }
  }
  for (const f of fences) addWords(f[1] as string, f.index as number)
  // Prose with the code blocks blanked out (same length, so indexes keep their lines); a span
  // never crosses a blank line.
  const prose = text.replace(/^\s*```[^\n]*\n[\s\S]*?^\s*```/gm, (block) => block.replace(/[^\n]/g, ' '))
  for (const match of prose.matchAll(/`((?:[^`\n]|\n(?!\s*\n))+)`/g))
    addWords(match[1] as string, match.index)
  // Markdown link targets: relative to the file that links them.
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] as string
    if (/^[a-z]+:/i.test(target) || target.startsWith('#') || inFence(match.index)) continue
    const path = cleanPath(target)
    if (path !== null) candidates.push({ path, base: 'file', index: match.index })
  }
  for (const { path, base, index } of candidates) {
    if (GENERATED.some((g) => path.startsWith(g))) continue
    const fromFolder = normalize(join(folder, path))
    const fromRepo = base === 'repo' ? path : fromFolder
    if (fromRepo.startsWith('..')) continue // ../shared/spec and the like: outside the repository
    // A folder README's backticked path may also be relative to its folder.
    if (exists(fromRepo) || (base === 'repo' && exists(fromFolder))) continue
    problems.push({ file: rel, line: lineAt(index), what: `${path}: no such file or folder` })
  }
  return problems
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}
const scripts = new Set(Object.keys(pkg.scripts))
const files = docFiles()
const problems = files.flatMap((file) => checkFile(file, scripts))
for (const p of problems) console.error(`${p.file}:${p.line}: ${p.what}`)
if (problems.length > 0) {
  console.error(`check-docs: ${problems.length} stale reference(s) in ${files.length} docs`)
  process.exit(1)
}
console.log(`check-docs: ${files.length} docs, every named file and npm script exists`)
