/** Review Changes: every draft against its live version, field by field (a template: its source). */
import {
  type Capabilities,
  type Change,
  type ContentStatus,
  canPublish,
  EDITOR_TEXT,
  type EditorRecord,
  type FieldChange,
} from '../../shared/index'
import { draftRows, draftStateOf } from './drafts'
import type { EditorEnv } from './env'
import { liveKvKey, parseKey } from './keys'
import { areaOfCollection, currentCollection, liveStatusOf, readLive } from './model'
import { changedSections, mayPublishSite } from './site-sections'
import { templateChange } from './template-publish'

const MAX_FIELDS = 60
/** Fields only the storefront changes, or that follow from others. */
const IGNORED = new Set(['likeCount', 'publicCommentCount', 'fullUrl', 'collectionId', 'itemSlugs'])

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Leaf differences between two values, by path (`structuredContent.variants.0.price`). */
export function fieldChanges(
  live: unknown,
  draft: unknown,
  path = '',
  out: FieldChange[] = [],
): FieldChange[] {
  if (out.length >= MAX_FIELDS) return out
  if (JSON.stringify(live) === JSON.stringify(draft)) return out
  const bothObjects = isPlainObject(live) && isPlainObject(draft)
  const bothArraysOfObjects =
    Array.isArray(live) && Array.isArray(draft) && [...live, ...draft].every((v) => isPlainObject(v))
  if ((bothObjects || bothArraysOfObjects) && path.split('.').length < 4) {
    const a = live as Record<string, unknown>
    const b = draft as Record<string, unknown>
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (path === '' && IGNORED.has(name)) continue
      fieldChanges(a[name], b[name], path === '' ? name : `${path}.${name}`, out)
    }
    return out
  }
  out.push({ field: path || '(record)', live: live ?? null, draft: draft ?? null })
  return out
}

export async function changesOf(
  env: EditorEnv,
  siteId: string,
  capabilities: Capabilities,
): Promise<Change[]> {
  const rows = (await draftRows(env.DB, siteId)).filter((row) => row.record !== null)
  return Promise.all(
    rows.map(async (row) => {
      const template = await templateChange(env, siteId, row, capabilities)
      if (template !== null) return template
      const parsed = parseKey(row.record_key)
      const draft = draftStateOf(row) as NonNullable<ReturnType<typeof draftStateOf>>
      const live = parsed ? await readLive(env.CATALOG, liveKvKey(siteId, parsed)) : null
      const collection =
        parsed?.kind === 'item' ? await currentCollection(env, siteId, parsed.collection) : draft.record
      const area = areaOfCollection(collection)
      const liveStatus: ContentStatus = live === null ? 'draft' : liveStatusOf(live)
      const fields = row.deleted === 1 ? [] : fieldChanges(live ?? {}, draft.record)
      if (draft.status !== liveStatus)
        fields.unshift({ field: 'status', live: liveStatus, draft: draft.status })
      if (draft.status === 'scheduled' && draft.publishOn !== undefined)
        fields.push({
          field: 'publishOn',
          live: (live as EditorRecord | null)?.publishOn ?? null,
          draft: draft.publishOn,
        })
      return {
        key: row.record_key,
        kind: row.kind,
        area,
        title: row.kind === 'site' ? siteChangeTitle(live, draft.record) : String(draft.record.title),
        status: draft.status,
        liveStatus,
        needsReview: draft.needsReview,
        deleted: draft.deleted,
        isNew: live === null,
        fields,
        updatedBy: draft.updatedBy,
        updatedAt: draft.updatedAt,
        canPublish:
          row.kind === 'site'
            ? mayPublishSite(live, draft.record, capabilities)
            : canPublish(capabilities, area),
      }
    }),
  )
}

const SECTION_TITLES = {
  navigation: EDITOR_TEXT.navigationTitle,
  design: EDITOR_TEXT.designTitle,
  settings: EDITOR_TEXT.settingsTitle,
  store: EDITOR_TEXT.storeSettingsTitle,
} as const

/** A site draft's title in Review Changes: the sections it changes ("Navigation, Design"). */
function siteChangeTitle(live: EditorRecord | null, draft: EditorRecord): string {
  const names = changedSections(live, draft).map((section) => SECTION_TITLES[section.name])
  return names.length === 0 ? EDITOR_TEXT.navigationTitle : names.join(', ')
}
