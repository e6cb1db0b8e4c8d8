/**
 * The admin API's records: collections and items, their drafts, statuses, creation, duplication
 * and deletion (shared/editing/api.ts has the shapes). Every handler sits below `editorSession()`.
 */
import { type Context, Hono } from 'hono'
import {
  type ContentStatus,
  canEdit,
  canPublish,
  EDITOR_LIMITS,
  EDITOR_TEXT,
  type EditorRecord,
  fillText,
  isLiveStatus,
  type RecordAnswer,
  transitionRight,
} from '../../shared/index'
import { hex, randomBytes } from '../crypto/encoding'
import { InputError, jsonBody } from '../http/body'
import * as z from '../runtime/zod'
import { refusedUnless } from './access'
import { type DraftWrite, discardDraft, forgetDraft, writeDraft } from './drafts'
import type { EditorAppEnv } from './env'
import { collectionKey, isSlug, itemKey, type ParsedKey, parseKey, slugify } from './keys'
import { type Area, collectionSummaries, currentCollection, itemSummaries, recordAnswer } from './model'
import { checkRecord } from './record-rules'
import { mayEditSite } from './site-sections'
import { siteTimeZone, zonedTimeToEpoch } from './time'

export const recordRoutes = new Hono<EditorAppEnv>()

/** A new record or variant id: 24 hex digits (the storefront's ids start with a letter or digit). */
export function newRecordId(): string {
  return hex(randomBytes(12))
}

/** The largest record a save reads (a long page with its rich text). */
const MAX_RECORD_BYTES = 512 * 1024

type C = Context<EditorAppEnv>

function keyParam(c: C): { key: string; parsed: ParsedKey } {
  const key = decodeURIComponent(c.req.param('key') ?? '')
  const parsed = parseKey(key)
  if (parsed === null) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  return { key, parsed }
}

async function answerOr404(c: C, key: string): Promise<RecordAnswer> {
  const answer = await recordAnswer(c.env, c.get('tenant'), key)
  if (answer === null) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  return answer
}

function conflict(c: C, answer: RecordAnswer | null) {
  return c.json(
    {
      message: fillText(EDITOR_TEXT.conflict, {
        kind: answer?.kind === 'collection' ? 'page' : answer?.kind === 'site' ? 'navigation' : 'item',
      }),
      conflict: {
        theirs: answer?.draft ?? null,
        live: answer?.live ?? null,
        revision: answer?.revision ?? 0,
      },
    },
    409,
  )
}

/** The status a record shows now (its draft's, else its live one). */
function statusOf(answer: RecordAnswer): ContentStatus {
  if (answer.draft?.needsReview) return 'review'
  return answer.draft?.status ?? answer.liveStatus
}

recordRoutes.get('/collections', async (c) => {
  return c.json({ collections: await collectionSummaries(c.env, c.get('tenant').siteId) })
})

recordRoutes.get('/collections/:slug/items', async (c) => {
  const slug = c.req.param('slug')
  if (!isSlug(slug)) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const answer = await itemSummaries(c.env, c.get('tenant').siteId, slug)
  if (answer === null) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const status = c.req.query('status')
  const items = status
    ? answer.items.filter((item) => (item.needsReview ? 'review' : item.status) === status)
    : answer.items
  return c.json({ collection: answer.collection, items })
})

recordRoutes.get('/records/:key{.+}', async (c) => {
  const { key } = keyParam(c)
  return c.json(await answerOr404(c, key))
})

const COLLECTION_TYPES: Readonly<Record<string, number>> = {
  page: 10,
  blog: 1,
  events: 1,
  products: 13,
  gallery: 15,
}

const createSchema = z.object({
  title: z
    .string()
    .check(z.trim(), z.minLength(1, EDITOR_TEXT.titleRequired), z.maxLength(EDITOR_LIMITS.titleLength)),
  slug: z.optional(z.string()),
  typeName: z.optional(z.string()),
})

/** A slug no record of `taken` uses: `base`, else `base-2`, `base-3`… */
function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

function newDraft(c: C, kind: 'collection' | 'item', record: EditorRecord): DraftWrite {
  return {
    kind,
    record,
    status: 'draft',
    needsReview: false,
    publishOn: null,
    deleted: false,
    updatedBy: c.get('editor').user.email,
  }
}

recordRoutes.post('/collections', async (c) => {
  const body = await jsonBody(c, createSchema)
  const typeName = body.typeName ?? 'page'
  if (COLLECTION_TYPES[typeName] === undefined)
    throw new InputError(fillText(EDITOR_TEXT.notExpectedOption, { val: typeName }), { typeName: 'unknown' })
  const area: Area = typeName === 'products' ? 'products' : 'content'
  const refused = refusedUnless(c, canEdit(c.get('editor').capabilities, area))
  if (refused) return refused
  const existing = await collectionSummaries(c.env, c.get('tenant').siteId)
  const wanted = body.slug ? body.slug : slugify(body.title)
  if (!isSlug(wanted)) {
    const message = fillText(EDITOR_TEXT.invalidPageUrl, { val: wanted })
    throw new InputError(message, { slug: message })
  }
  const slug = freeSlug(wanted, new Set(existing.map((collection) => collection.slug)))
  const record: EditorRecord = {
    id: newRecordId(),
    urlId: slug,
    title: body.title,
    fullUrl: `/${slug}`,
    type: COLLECTION_TYPES[typeName],
    typeName,
    itemSlugs: [],
    ...(typeName === 'page' ? { mainContent: '' } : {}),
  }
  const key = collectionKey(slug)
  if (!(await writeDraft(c.env.DB, c.get('tenant').siteId, key, newDraft(c, 'collection', record), 0)))
    return conflict(c, await recordAnswer(c.env, c.get('tenant'), key))
  return c.json(await answerOr404(c, key), 201)
})

/** A new item of a collection: the fields its kind of page needs, and the store's currency. */
function newItemRecord(c: C, collection: EditorRecord, title: string, slug: string): EditorRecord {
  const now = Date.now()
  const base = {
    id: newRecordId(),
    collectionId: String(collection.id),
    urlId: slug,
    title,
    fullUrl: `${collection.fullUrl === '/' ? '' : String(collection.fullUrl)}/${slug}`,
    excerpt: '',
    body: '',
    addedOn: now,
    tags: [],
    categories: [],
  }
  switch (collection.typeName) {
    case 'products': {
      const currency = c.get('tenant').site.storeSettings?.selectedCurrency ?? 'USD'
      const zero = { currency, value: '0.00' }
      return {
        ...base,
        recordType: 11,
        structuredContent: {
          productType: 1,
          variantOptionOrdering: [],
          variants: [
            {
              id: newRecordId(),
              sku: `SKU-${newRecordId().slice(0, 8).toUpperCase()}`,
              attributes: {},
              price: 0,
              salePrice: 0,
              priceMoney: zero,
              salePriceMoney: zero,
              onSale: false,
              unlimited: false,
              qtyInStock: 0,
            },
          ],
        },
      }
    }
    case 'events':
      return {
        ...base,
        recordType: 12,
        startDate: now + 7 * 86_400_000,
        endDate: now + 7 * 86_400_000 + 7_200_000,
      }
    case 'gallery':
      return { ...base, recordType: 2 }
    default:
      return { ...base, recordType: 1 }
  }
}

async function takenItemSlugs(c: C, collectionSlug: string): Promise<Set<string>> {
  const summaries = await itemSummaries(c.env, c.get('tenant').siteId, collectionSlug)
  return new Set((summaries?.items ?? []).flatMap((item) => [item.slug, parseKey(item.key)?.slug ?? '']))
}

recordRoutes.post('/records/:key{.+}/items', async (c) => {
  const { parsed } = keyParam(c)
  if (parsed.kind !== 'collection') throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const collection = await currentCollection(c.env, c.get('tenant').siteId, parsed.collection)
  if (collection === null || collection.typeName === 'page' || collection.typeName === 'form')
    throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const area: Area = collection.typeName === 'products' ? 'products' : 'content'
  const refused = refusedUnless(c, canEdit(c.get('editor').capabilities, area))
  if (refused) return refused
  const body = await jsonBody(c, createSchema)
  const summaries = await itemSummaries(c.env, c.get('tenant').siteId, parsed.collection)
  const count = summaries?.items.length ?? 0
  const max = area === 'products' ? EDITOR_LIMITS.productsPerCollection : EDITOR_LIMITS.itemsPerCollection
  if (count >= max)
    throw new InputError(
      fillText(area === 'products' ? EDITOR_TEXT.tooManyProducts : EDITOR_TEXT.tooManyItems, { max }),
    )
  const wanted = body.slug ? body.slug : slugify(body.title)
  if (!isSlug(wanted)) {
    const message = fillText(EDITOR_TEXT.invalidPageUrl, { val: wanted })
    throw new InputError(message, { slug: message })
  }
  const slug = freeSlug(wanted, await takenItemSlugs(c, parsed.collection))
  const key = itemKey(parsed.collection, slug)
  const record = newItemRecord(c, collection, body.title, slug)
  if (!(await writeDraft(c.env.DB, c.get('tenant').siteId, key, newDraft(c, 'item', record), 0)))
    return conflict(c, await recordAnswer(c.env, c.get('tenant'), key))
  return c.json(await answerOr404(c, key), 201)
})

recordRoutes.post('/records/:key{.+}/duplicate', async (c) => {
  const { key, parsed } = keyParam(c)
  const answer = await answerOr404(c, key)
  const refused = refusedUnless(c, canEdit(c.get('editor').capabilities, answer.area))
  if (refused) return refused
  const source = answer.draft?.record ?? answer.live
  if (source === null || parsed.kind === 'site')
    throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const title = `${source.title} (copy)`.slice(0, EDITOR_LIMITS.titleLength)
  if (parsed.kind === 'collection') {
    if (source.typeName !== 'page') throw new InputError(EDITOR_TEXT.notAllowed, {}, 422)
    const taken = new Set((await collectionSummaries(c.env, c.get('tenant').siteId)).map((s) => s.slug))
    const slug = freeSlug(`${parsed.collection}-copy`, taken)
    const record = { ...source, id: newRecordId(), urlId: slug, title, fullUrl: `/${slug}`, itemSlugs: [] }
    const copyKey = collectionKey(slug)
    await writeDraft(c.env.DB, c.get('tenant').siteId, copyKey, newDraft(c, 'collection', record), 0)
    return c.json(await answerOr404(c, copyKey), 201)
  }
  const collection = await currentCollection(c.env, c.get('tenant').siteId, parsed.collection)
  const taken = await takenItemSlugs(c, parsed.collection)
  const slug = freeSlug(`${String(source.urlId)}-copy`, taken)
  const base = String(collection?.fullUrl ?? `/${parsed.collection}`)
  const structured = source.structuredContent as { variants?: Record<string, unknown>[] } | undefined
  const record: EditorRecord = {
    ...source,
    id: newRecordId(),
    urlId: slug,
    title,
    fullUrl: `${base === '/' ? '' : base}/${slug}`,
    addedOn: Date.now(),
    likeCount: 0,
    publicCommentCount: 0,
    ...(structured?.variants
      ? {
          structuredContent: {
            ...structured,
            variants: structured.variants.map((variant) => ({
              ...variant,
              id: newRecordId(),
              sku: `${String(variant.sku ?? 'SKU')}-COPY`.slice(0, 64),
            })),
          },
        }
      : {}),
  }
  delete record.publishOn
  delete record.private
  const copyKey = itemKey(parsed.collection, slug)
  await writeDraft(c.env.DB, c.get('tenant').siteId, copyKey, newDraft(c, 'item', record), 0)
  return c.json(await answerOr404(c, copyKey), 201)
})

const saveSchema = z.object({
  // The site record has no title or slug; collections and items are checked for both (record-rules.ts).
  record: z.looseObject({ id: z.string(), title: z.optional(z.string()), urlId: z.optional(z.string()) }),
  baseRevision: z.number().check(z.int(), z.minimum(0)),
})

recordRoutes.put('/records/:key{.+}', async (c) => {
  const { key, parsed } = keyParam(c)
  const body = await jsonBody(c, saveSchema, MAX_RECORD_BYTES)
  const answer = await answerOr404(c, key)
  // The site record is checked section by section (site-sections.ts).
  const capabilities = c.get('editor').capabilities
  const refused = refusedUnless(
    c,
    parsed.kind === 'site' ? mayEditSite(capabilities) : canEdit(capabilities, answer.area),
  )
  if (refused) return refused
  if (answer.revision !== body.baseRevision) return conflict(c, answer)
  const record = await checkRecord(c, parsed, body.record as EditorRecord, answer)
  const draft = answer.draft
  const write: DraftWrite = {
    kind: parsed.kind,
    record,
    status: draft?.status ?? answer.liveStatus,
    needsReview: draft?.needsReview ?? false,
    publishOn: draft?.publishOn ?? null,
    deleted: false,
    updatedBy: c.get('editor').user.email,
  }
  if (!(await writeDraft(c.env.DB, c.get('tenant').siteId, key, write, body.baseRevision)))
    return conflict(c, await recordAnswer(c.env, c.get('tenant'), key))
  return c.json(await answerOr404(c, key))
})

const statusSchema = z.object({
  to: z.enum(['draft', 'review', 'scheduled', 'private', 'published']),
  publishOn: z.optional(z.union([z.number().check(z.int()), z.string()])),
  baseRevision: z.number().check(z.int(), z.minimum(0)),
})

const STATUS_LABEL: Readonly<Record<ContentStatus, string>> = {
  draft: EDITOR_TEXT.statusDraft,
  review: EDITOR_TEXT.statusNeedsReview,
  scheduled: EDITOR_TEXT.statusScheduled,
  private: EDITOR_TEXT.statusPrivate,
  published: EDITOR_TEXT.statusPublished,
}

recordRoutes.post('/records/:key{.+}/status', async (c) => {
  const { key, parsed } = keyParam(c)
  const body = await jsonBody(c, statusSchema)
  const answer = await answerOr404(c, key)
  if (answer.revision !== body.baseRevision) return conflict(c, answer)
  const from = statusOf(answer)
  const capabilities = c.get('editor').capabilities
  // Submitting a change to a live record for review: its status stays, the change waits.
  const submitsLiveChange =
    body.to === 'review' && isLiveStatus(answer.draft?.status ?? answer.liveStatus) && answer.draft !== null
  // Pages are live or not: Scheduled and Private apply to items.
  const forItemsOnly =
    parsed.kind === 'site' ||
    (parsed.kind === 'collection' && (body.to === 'scheduled' || body.to === 'private'))
  const right = submitsLiveChange ? 'edit' : forItemsOnly ? null : transitionRight(from, body.to)
  if (right === null)
    throw new InputError(
      fillText(EDITOR_TEXT.transitionNotAllowed, { from: STATUS_LABEL[from], to: STATUS_LABEL[body.to] }),
      { to: 'not allowed' },
    )
  const allowed =
    right === 'edit' ? canEdit(capabilities, answer.area) : canPublish(capabilities, answer.area)
  const refused = refusedUnless(c, allowed)
  if (refused) return refused
  let publishOn: number | null = null
  if (body.to === 'scheduled') {
    const zone = siteTimeZone(c.get('tenant').site.website)
    publishOn =
      typeof body.publishOn === 'number' ? body.publishOn : zonedTimeToEpoch(body.publishOn ?? '', zone)
    if (publishOn === null) throw new InputError(EDITOR_TEXT.scheduleInPast, { publishOn: 'missing' })
    if (publishOn <= Date.now()) throw new InputError(EDITOR_TEXT.scheduleInPast, { publishOn: 'past' })
  }
  const record = answer.draft?.record ?? answer.live
  if (record === null) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  // Sending a live record's change back from review keeps the record live: only the review ends.
  const withdrawsLiveChange =
    body.to === 'draft' && answer.draft?.needsReview === true && isLiveStatus(answer.draft.status)
  const keepsStatus = submitsLiveChange || withdrawsLiveChange
  const write: DraftWrite = {
    kind: parsed.kind,
    record,
    status: keepsStatus ? (answer.draft?.status ?? answer.liveStatus) : body.to,
    needsReview: body.to === 'review',
    publishOn,
    deleted: false,
    updatedBy: c.get('editor').user.email,
  }
  if (!(await writeDraft(c.env.DB, c.get('tenant').siteId, key, write, body.baseRevision)))
    return conflict(c, await recordAnswer(c.env, c.get('tenant'), key))
  return c.json(await answerOr404(c, key))
})

recordRoutes.delete('/records/:key{.+}', async (c) => {
  const { key, parsed } = keyParam(c)
  if (parsed.kind === 'site') throw new InputError(EDITOR_TEXT.notAllowed, {}, 422)
  const answer = await answerOr404(c, key)
  const refused = refusedUnless(c, canEdit(c.get('editor').capabilities, answer.area))
  if (refused) return refused
  const revision = c.req.query('revision') === undefined ? answer.revision : Number(c.req.query('revision'))
  if (revision !== answer.revision) return conflict(c, answer)
  if (answer.live === null) {
    if (!(await forgetDraft(c.env.DB, c.get('tenant').siteId, key, revision))) return conflict(c, answer)
    return c.json({ deleted: key, published: false })
  }
  if (
    parsed.kind === 'collection' &&
    (answer.live.fullUrl === '/' ||
      (Array.isArray(answer.live.itemSlugs) && answer.live.itemSlugs.length > 0))
  )
    throw new InputError(EDITOR_TEXT.notAllowed, {}, 422)
  const write: DraftWrite = {
    kind: parsed.kind,
    record: answer.draft?.record ?? answer.live,
    status: answer.draft?.status ?? answer.liveStatus,
    needsReview: false,
    publishOn: null,
    deleted: true,
    updatedBy: c.get('editor').user.email,
  }
  if (!(await writeDraft(c.env.DB, c.get('tenant').siteId, key, write, revision))) return conflict(c, answer)
  return c.json(await answerOr404(c, key))
})

recordRoutes.delete('/drafts/:key{.+}', async (c) => {
  const { key, parsed } = keyParam(c)
  const answer = await answerOr404(c, key)
  const capabilities = c.get('editor').capabilities
  const refused = refusedUnless(
    c,
    parsed.kind === 'site' ? mayEditSite(capabilities) : canEdit(capabilities, answer.area),
  )
  if (refused) return refused
  if (answer.draft === null) return c.json({ discarded: key })
  const revision = c.req.query('revision') === undefined ? answer.revision : Number(c.req.query('revision'))
  const done =
    answer.live === null
      ? await forgetDraft(c.env.DB, c.get('tenant').siteId, key, revision)
      : await discardDraft(c.env.DB, c.get('tenant').siteId, key, revision, c.get('editor').user.email)
  if (!done) return conflict(c, await recordAnswer(c.env, c.get('tenant'), key))
  return c.json({ discarded: key })
})
