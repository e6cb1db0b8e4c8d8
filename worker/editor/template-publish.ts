/**
 * The templates' part of a publish (publish.ts, step 1): each pending template draft the user may
 * publish (`editTemplates`) becomes the tenant's source in KV and its compiled form beside it, as
 * seeding stores them (kv-fixtures/compile.mjs: `site:<id>:template:<name>` and `…:compiled`,
 * the engine's `compile` of the source as JSON); a draft that restores the built-in default
 * deletes both keys. A template that does not compile is refused with each of the engine's
 * errors at its line and column; one that ran past the render budget when it was saved
 * (rendered then against its page's data: templates-api.ts) is refused with the engine's reason.
 */
import { TEMPLATES_TEXT } from '../../shared/editing-areas'
import {
  type Capabilities,
  type Change,
  fillText,
  type PublishProblem,
  type RecordKey,
} from '../../shared/index'
import { compile } from '../../templates/index'
import { kvKey } from '../catalogue/records'
import type { DraftRow } from './drafts'
import type { EditorEnv } from './env'
import type { KvWrite, SettledDraft } from './publish'
import { builtInSource, lineColumn, overrideSource, templateDraftOf, templateOfKey } from './template-drafts'

export interface TemplatePlan {
  keys: RecordKey[]
  writes: KvWrite[]
  drafts: SettledDraft[]
  problems: PublishProblem[]
}

/** The engine's errors of a source as publish problems: `field` is `line:column`. */
export function compileProblems(key: RecordKey, name: string, source: string): PublishProblem[] {
  return compile(source).errors.map((error) => {
    const { line, column } = lineColumn(source, error.offset ?? 0)
    return {
      key,
      title: name,
      field: `${line}:${column}`,
      message: fillText(TEMPLATES_TEXT.compileFailed, { message: error.message }),
    }
  })
}

/** Plans the writes of the template drafts among `rows` (those named in `keys`, or all). */
export async function planTemplates(
  env: EditorEnv,
  siteId: string,
  rows: readonly DraftRow[],
  capabilities: Capabilities,
  keys: readonly RecordKey[] | undefined,
  preview: boolean,
): Promise<TemplatePlan> {
  const plan: TemplatePlan = { keys: [], writes: [], drafts: [], problems: [] }
  if (!preview && !capabilities.editTemplates) return plan
  for (const row of rows) {
    const name = templateOfKey(row.record_key)
    const draft = templateDraftOf(row)
    if (name === null || draft === null || (keys !== undefined && !keys.includes(row.record_key))) continue
    const key = row.record_key
    plan.keys.push(key)
    plan.drafts.push({ key, revision: row.revision, to: key, keep: false, status: 'published' })
    if (draft.source !== null) {
      plan.problems.push(...compileProblems(key, name, draft.source))
      if (draft.budget?.stopped)
        plan.problems.push({
          key,
          title: name,
          field: TEMPLATES_TEXT.budgetField,
          message: fillText(TEMPLATES_TEXT.budgetExceeded, {
            path: draft.budget.path,
            message: draft.budget.stopped,
          }),
        })
    }
    const sourceKey = kvKey.template(siteId, name)
    const compiledKey = kvKey.compiledTemplate(siteId, name)
    const [sourceBefore, compiledBefore] = await Promise.all([
      env.CATALOG.get(sourceKey, 'text'),
      env.CATALOG.get(compiledKey, 'text'),
    ])
    const compiled = draft.source === null ? null : JSON.stringify(compile(draft.source).code)
    if (sourceBefore !== draft.source)
      plan.writes.push({ key: sourceKey, before: sourceBefore, after: draft.source })
    if (compiledBefore !== compiled)
      plan.writes.push({ key: compiledKey, before: compiledBefore, after: compiled })
  }
  return plan
}

/** A template draft in Review Changes: its source against the live one; null for any other row. */
export async function templateChange(
  env: EditorEnv,
  siteId: string,
  row: DraftRow,
  capabilities: Capabilities,
): Promise<Change | null> {
  const name = templateOfKey(row.record_key)
  const draft = templateDraftOf(row)
  if (name === null || draft === null) return null
  const own = await overrideSource(env, siteId, name)
  return {
    key: row.record_key,
    kind: 'site',
    area: 'content',
    title: fillText(TEMPLATES_TEXT.changeTitle, { name }),
    status: 'published',
    liveStatus: 'published',
    needsReview: false,
    deleted: false,
    isNew: own === null,
    fields: [
      { field: 'source', live: own ?? builtInSource(name), draft: draft.source ?? builtInSource(name) },
    ],
    updatedBy: draft.updatedBy,
    updatedAt: draft.updatedAt,
    canPublish: capabilities.editTemplates,
  }
}
