/**
 * Templates as the editor holds them: every page template and partial of the site (the tenant's
 * own source from KV, `site:<id>:template:<name>`, else the built-in default), and their drafts.
 * A draft lives in `editor_drafts` beside the records' (drafts.ts: the same revision rule, the
 * same 409), keyed `template:<name>`; the table's `kind` knows only site, collection and item,
 * and a template is part of the site, so its row is of kind `site`. The row's record is
 * `{ id, title, urlId, source, budget }`: `source` null restores the built-in default.
 */
import type { BudgetUse, TemplateDraft, TemplateKind } from '../../shared/editing-areas'
import { TEMPLATE_KEY_PREFIX } from '../../shared/editing-areas'
import type { EditorRecord } from '../../shared/index'
import { compile, DEFAULT_PARTIALS, DEFAULT_TEMPLATES, type TemplateError } from '../../templates/index'
import { kvKey } from '../catalogue/records'
import { type DraftRow, draftRow, draftRows, writeDraft } from './drafts'
import type { EditorEnv } from './env'

/** A template's name and kind, or null for a name that is neither a page template nor a partial. */
export function templateKind(name: string): TemplateKind | null {
  if (Object.hasOwn(DEFAULT_TEMPLATES, name)) return 'page'
  if (Object.hasOwn(DEFAULT_PARTIALS, name)) return 'partial'
  return null
}

export function templateNames(): { name: string; kind: TemplateKind }[] {
  return [
    ...Object.keys(DEFAULT_TEMPLATES).map((name) => ({ name, kind: 'page' as const })),
    ...Object.keys(DEFAULT_PARTIALS).map((name) => ({ name, kind: 'partial' as const })),
  ]
}

export function builtInSource(name: string): string {
  return (
    (DEFAULT_TEMPLATES as Record<string, string>)[name] ??
    (DEFAULT_PARTIALS as Record<string, string>)[name] ??
    ''
  )
}

export const templateKey = (name: string): string => `${TEMPLATE_KEY_PREFIX}${name}`

/** The template a draft key names, or null for any other key. */
export function templateOfKey(key: string): string | null {
  if (!key.startsWith(TEMPLATE_KEY_PREFIX)) return null
  const name = key.slice(TEMPLATE_KEY_PREFIX.length)
  return templateKind(name) === null ? null : name
}

/** The tenant's own live source of a template, or null when the built-in one renders. */
export function overrideSource(env: EditorEnv, siteId: string, name: string): Promise<string | null> {
  return env.CATALOG.get(kvKey.template(siteId, name), 'text')
}

interface TemplateRecord {
  source: string | null
  budget: BudgetUse | null
}

/** The draft a template row holds, or null once published (or discarded). */
export function templateDraftOf(row: DraftRow | null): TemplateDraft | null {
  if (row === null || row.record === null) return null
  const record = JSON.parse(row.record) as Partial<TemplateRecord>
  return {
    source: typeof record.source === 'string' ? record.source : null,
    budget: record.budget ?? null,
    revision: row.revision,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  }
}

export function templateRow(env: EditorEnv, siteId: string, name: string): Promise<DraftRow | null> {
  return draftRow(env.DB, siteId, templateKey(name))
}

/** Every template row of the site (pending or not). */
export function templateRows(env: EditorEnv, siteId: string): Promise<DraftRow[]> {
  return draftRows(env.DB, siteId, TEMPLATE_KEY_PREFIX)
}

/** Stores a template draft made from `baseRevision`; false when someone saved in between. */
export function writeTemplateDraft(
  env: EditorEnv,
  siteId: string,
  name: string,
  draft: TemplateRecord,
  by: string,
  baseRevision: number,
): Promise<boolean> {
  const key = templateKey(name)
  const record = { id: key, title: name, urlId: name, ...draft } as EditorRecord
  return writeDraft(
    env.DB,
    siteId,
    key,
    {
      kind: 'site',
      record,
      status: 'published',
      needsReview: false,
      publishOn: null,
      deleted: false,
      updatedBy: by,
    },
    baseRevision,
  )
}

/** 1-based line and column of a source offset. */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)))
  const lines = before.split('\n')
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 }
}

/** The engine's compile errors of a source: the same compile kv-fixtures/compile.mjs runs. */
export function compileErrors(source: string): TemplateError[] {
  return compile(source).errors
}
