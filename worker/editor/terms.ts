/**
 * The tag and category manager: every term with its item count; rename one, merge several into
 * one, or remove one. A change becomes a draft of every affected item (published with the rest),
 * each stored only if nobody saved that item in between.
 */
import { Hono } from 'hono'
import {
  EDITOR_LIMITS,
  EDITOR_TEXT,
  type EditorRecord,
  fillText,
  type RecordKey,
  type TermType,
} from '../../shared/index'
import type { Tenant } from '../env'
import { InputError, jsonBody } from '../http/body'
import * as z from '../runtime/zod'
import { refusedUnless } from './access'
import { draftStateOf, writeDraft } from './drafts'
import type { EditorAppEnv, EditorEnv } from './env'
import { collectionEntries, collectionSummaries, type ItemEntry, liveStatusOf } from './model'

export const termRoutes = new Hono<EditorAppEnv>()

const FIELD: Readonly<Record<TermType, 'tags' | 'categories'>> = { tag: 'tags', category: 'categories' }

interface ItemTerms {
  key: RecordKey
  terms: string[]
  record: EditorRecord
  entry: ItemEntry
}

/** Every item's terms of one type, as the editor holds them (its draft, else what is live). */
async function itemsWithTerms(env: EditorEnv, tenant: Tenant, type: TermType): Promise<ItemTerms[]> {
  const out: ItemTerms[] = []
  for (const collection of await collectionSummaries(env, tenant.siteId)) {
    const held = await collectionEntries(env, tenant.siteId, collection.slug)
    for (const entry of held?.entries ?? []) {
      const record = draftStateOf(entry.row)?.record ?? entry.live
      const terms = record?.[FIELD[type]]
      if (record && Array.isArray(terms))
        out.push({ key: entry.key, terms: terms.map(String), record, entry })
    }
  }
  return out
}

const typeSchema = z.object({ type: z.enum(['tag', 'category']) })

termRoutes.get('/terms', async (c) => {
  const { type } = typeSchema.safeParse(c.req.query()).data ?? { type: 'tag' as const }
  const counts = new Map<string, number>()
  for (const item of await itemsWithTerms(c.env, c.get('tenant'), type))
    for (const term of item.terms) counts.set(term, (counts.get(term) ?? 0) + 1)
  const terms = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return c.json({ terms })
})

const name = z.string().check(z.trim(), z.minLength(1))
const termsSchema = z.discriminatedUnion('action', [
  z.object({ type: z.enum(['tag', 'category']), action: z.literal('rename'), from: name, to: name }),
  z.object({
    type: z.enum(['tag', 'category']),
    action: z.literal('merge'),
    from: z.array(name).check(z.minLength(2)),
    to: name,
  }),
  z.object({ type: z.enum(['tag', 'category']), action: z.literal('remove'), name }),
])

termRoutes.post('/terms', async (c) => {
  const refused = refusedUnless(c, c.get('editor').capabilities.manageTerms)
  if (refused) return refused
  const body = await jsonBody(c, termsSchema)
  const tagType = body.type
  const max = tagType === 'tag' ? EDITOR_LIMITS.tagLength : EDITOR_LIMITS.categoryLength
  const items = await itemsWithTerms(c.env, c.get('tenant'), tagType)
  const known = new Set(items.flatMap((item) => item.terms))
  const from = body.action === 'remove' ? [body.name] : body.action === 'rename' ? [body.from] : body.from
  const to = body.action === 'remove' ? null : body.to
  if (to !== null) {
    if (to.length > max)
      throw new InputError(fillText(EDITOR_TEXT.termTooLong, { tagType, max }), { to: 'too long' })
    if (body.action === 'rename' && known.has(to) && to !== body.from)
      throw new InputError(fillText(EDITOR_TEXT.termExists, { tagType }), { to: 'exists' })
  }
  const updated: RecordKey[] = []
  for (const item of items) {
    if (!item.terms.some((term) => from.includes(term))) continue
    const draft = draftStateOf(item.entry.row)
    const terms: string[] = []
    for (const term of item.terms) {
      const next = from.includes(term) ? to : term
      if (next !== null && !terms.includes(next)) terms.push(next)
    }
    const record: EditorRecord = { ...item.record, [FIELD[tagType]]: terms }
    const stored = await writeDraft(
      c.env.DB,
      c.get('tenant').siteId,
      item.key,
      {
        kind: 'item',
        record,
        status:
          draft?.status ??
          (item.entry.live ? liveStatusOf(item.entry.live) : (item.entry.row?.status ?? 'draft')),
        needsReview: draft?.needsReview ?? false,
        publishOn: draft?.publishOn ?? null,
        deleted: false,
        updatedBy: c.get('editor').user.email,
      },
      item.entry.row?.revision ?? 0,
    )
    if (stored) updated.push(item.key)
  }
  return c.json({ updated })
})
