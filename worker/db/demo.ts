/**
 * Demo rows for D1: a table module (worker/db/<table>.ts) that has demo data exports `demo`, a
 * `DemoTable`. `npm start` / `npm run seed` (scripts/seed.ts, through scripts/demo-data.ts) and
 * the worker tests (tests/setup/worker-state.ts) find every such export, read its fixture files
 * from kv-fixtures/ (and tests/fixtures/kv), and store the rows with the module's own
 * statements: a table's SQL is written once, in its module and its migration.
 */
// The module form of the D1 types: scripts/ (Node) read this file too, without the worker's globals.
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/** One parsed fixture file: its path below the fixtures folder (`d1/site-users.json`) and its JSON. */
export interface DemoFile {
  path: string
  data: unknown
}

export interface DemoTable<Row> {
  /** The fixture files (paths below a fixtures folder) that hold this table's rows. */
  files: RegExp
  /** The rows of one such file. */
  rows(file: DemoFile): Row[]
  /**
   * The statements that store every demo row (of all the fixtures folders together), replacing
   * what an earlier seeding stored: seeding twice changes nothing.
   */
  statements(db: D1Database, rows: Row[], now: number): D1PreparedStatement[]
}

/** The demo rows of one table module, as the tests' binding carries them. */
export interface DemoRows {
  /** The module's file name below worker/db/, without `.ts`. */
  table: string
  rows: unknown[]
}

/** Each table's rows in `files`, for the tables whose `files` match any. */
export function demoRowsOf(tables: Record<string, DemoTable<unknown>>, files: DemoFile[]): DemoRows[] {
  return Object.entries(tables)
    .map(([table, demo]) => ({
      table,
      rows: files.filter((file) => demo.files.test(file.path)).flatMap((file) => demo.rows(file)),
    }))
    .filter(({ rows }) => rows.length > 0)
}
