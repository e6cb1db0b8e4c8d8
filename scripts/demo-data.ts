// The demo rows for D1 (worker/db/demo.ts): every table module below worker/db/ that exports
// `demo`, its rows read from the fixtures folders, and its statements written out as SQL for
// `wrangler d1 execute` (seed.ts). The worker tests store the same rows through the D1 binding
// (vitest.config.mts passes them, tests/setup/worker-state.ts stores them).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { D1Database } from '@cloudflare/workers-types'
import { tsImport } from 'tsx/esm/api'
import { type DemoFile, type DemoRows, type DemoTable, demoRowsOf } from '../worker/db/demo.ts'
import { ROOT } from './wrangler.ts'

const DB_DIR = join(ROOT, 'worker', 'db')

/** Every table module's `demo`, by module name (`site-users`). */
export async function demoTables(): Promise<Record<string, DemoTable<unknown>>> {
  const tables: Record<string, DemoTable<unknown>> = {}
  for (const file of readdirSync(DB_DIR)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    // tsx's loader: vitest.config.mts calls this from plain Node, which cannot import TypeScript.
    const module = (await tsImport(pathToFileURL(join(DB_DIR, file)).href, import.meta.url)) as {
      demo?: DemoTable<unknown>
    }
    if (module.demo !== undefined) tables[file.slice(0, -'.ts'.length)] = module.demo
  }
  return tables
}

function* jsonFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* jsonFiles(path)
    else if (entry.name.endsWith('.json')) yield path
  }
}

/** Every JSON file below the fixtures folders, parsed; one that does not parse throws with its name. */
function readDemoFiles(dirs: string[]): DemoFile[] {
  return dirs.flatMap((dir) =>
    [...jsonFiles(resolve(ROOT, dir))].sort().map((file) => {
      const path = relative(resolve(ROOT, dir), file).split(sep).join('/')
      try {
        return { path, data: JSON.parse(readFileSync(file, 'utf8')) as unknown }
      } catch (error) {
        throw new Error(`${dir}/${path} is not valid JSON: ${(error as Error).message}`)
      }
    }),
  )
}

/** The demo rows of every table in the fixtures folders (kv-fixtures/ first, then the others). */
export async function readDemoRows(dirs: string[]): Promise<DemoRows[]> {
  return demoRowsOf(await demoTables(), readDemoFiles(dirs))
}

const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? '1' : '0'
  return `'${String(value).replaceAll("'", "''")}'`
}

/**
 * A stand-in for the D1 binding that writes what the statements would run as SQL text, each
 * `?` replaced by its bound value as a literal. Only prepare and bind: what a demo's statements use.
 */
function sqlWriter(): D1Database {
  const statement = (sql: string, values: unknown[]) => ({
    bind: (...bound: unknown[]) => statement(sql, bound),
    toString: () => {
      let at = 0
      const text = sql.replace(/\?/g, () => literal(values[at++]))
      if (at !== values.length) throw new Error(`${values.length} values bound to ${at} placeholders: ${sql}`)
      return `${text.replace(/\s*\n\s*/g, ' ').trim()};`
    },
  })
  return { prepare: (sql: string) => statement(sql, []) } as unknown as D1Database
}

/** The SQL that stores every demo row, for `wrangler d1 execute --file`. */
export async function demoSql(rows: DemoRows[], now = Date.now()): Promise<string> {
  const tables = await demoTables()
  const db = sqlWriter()
  const lines = rows.flatMap(({ table, rows }) => tables[table]?.statements(db, rows, now) ?? []).map(String)
  return `${lines.join('\n')}\n`
}
