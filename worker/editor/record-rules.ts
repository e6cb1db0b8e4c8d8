/**
 * What a save accepts (400 naming the field otherwise), before anything is stored: a title, a
 * URL slug the storefront accepts and no other record of its collection uses, tags and
 * categories within platform.md section 9's lengths, links the storefront accepts, and rich
 * text sanitised (sanitize.ts). Fields the editor does not own are kept as they are live (ids,
 * like and comment counts), and the URL follows from the slug. Everything else is checked by the
 * storefront's own schemas when the site is published.
 */
import type { Context } from 'hono'
import {
  EDITOR_LIMITS,
  EDITOR_TEXT,
  type EditorRecord,
  fillText,
  ProductType,
  type RecordAnswer,
} from '../../shared/index'
import { followedLinkSchema, linkSchema, RECORD_TYPE, siteSchema } from '../catalogue/records'
import { InputError } from '../http/body'
import { sanitizeBody } from './blocks'
import type { EditorAppEnv } from './env'
import { isSlug, type ParsedKey } from './keys'
import { collectionSummaries, currentCollection, itemSummaries } from './model'
import { notExpected, refuse, refuseLink } from './refusals'
import { sanitizeRichText } from './sanitize'
import { mergeSite } from './site-sections'
import { checkNavigationSection, checkSettingsSection, checkStoreSection } from './site-settings'

function termList(value: unknown, field: 'tags' | 'categories'): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.some((term) => typeof term !== 'string')) notExpected(field, value)
  const max = field === 'tags' ? EDITOR_LIMITS.tagLength : EDITOR_LIMITS.categoryLength
  const tagType = field === 'tags' ? 'tag' : 'category'
  const terms: string[] = []
  for (const raw of value as string[]) {
    const term = raw.trim()
    if (term === '') continue
    if (term.length > max) refuse(field, fillText(EDITOR_TEXT.termTooLong, { tagType, max }))
    if (terms.some((known) => known.toLowerCase() === term.toLowerCase()))
      refuse(field, fillText(EDITOR_TEXT.termExists, { tagType }))
    terms.push(term)
  }
  if (terms.length > EDITOR_LIMITS.termsPerItem) notExpected(field, terms.length)
  return terms
}

function checkLink(value: unknown, field: string, schema = linkSchema): void {
  if (value === undefined || value === '') return
  if (typeof value !== 'string' || !schema.safeParse(value).success) refuseLink(field)
}

/** Rich text sanitised; a body's code, markdown and chart blocks made again from their data (blocks.ts). */
async function richText(value: unknown, field: string, max: number, embedOrigins: readonly string[]) {
  if (value === undefined) return undefined
  if (typeof value !== 'string') notExpected(field, typeof value)
  if (value.length > max) notExpected(field, `${value.length} characters`)
  return field === 'excerpt'
    ? sanitizeRichText(value, embedOrigins)
    : sanitizeBody(value, field, embedOrigins)
}

/** The codes of platform.md section 3, paywall (5) included: the storefront shows it unsold. */
const PRODUCT_TYPES: ReadonlySet<number> = new Set(Object.values(ProductType))

/** The record to store as the draft, or an `InputError` naming the field. */
export async function checkRecord(
  c: Context<EditorAppEnv>,
  key: ParsedKey,
  incoming: EditorRecord,
  answer: RecordAnswer,
): Promise<EditorRecord> {
  const current = answer.draft?.record ?? answer.live
  if (current === null) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const siteId = c.get('tenant').siteId
  if (key.kind === 'site') return checkSite(c, current, incoming)
  const embedOrigins = c.get('tenant').site.website.security?.embedOrigins ?? []
  const record: EditorRecord = { ...incoming, id: current.id }
  const title = String(record.title ?? '').trim()
  if (title === '') refuse('title', EDITOR_TEXT.titleRequired)
  if (title.length > EDITOR_LIMITS.titleLength) notExpected('title', `${title.length} characters`)
  record.title = title
  const slug = String(record.urlId ?? '')
  if (!isSlug(slug)) refuse('urlId', fillText(EDITOR_TEXT.invalidPageUrl, { val: slug }))

  if (key.kind === 'collection') {
    if (current.fullUrl === '/') {
      record.fullUrl = '/'
      record.urlId = current.urlId
    } else {
      // Items are stored under their collection's slug: a collection with items keeps its own.
      const hasItems = Array.isArray(current.itemSlugs) && current.itemSlugs.length > 0
      if (hasItems && slug !== current.urlId) refuse('urlId', EDITOR_TEXT.collectionSlugFixed)
      const others = (await collectionSummaries(c.env, siteId)).filter((s) => s.slug !== key.collection)
      if (others.some((s) => s.slug === slug || s.fullUrl === `/${slug}`))
        refuse('urlId', fillText(EDITOR_TEXT.slugTaken, { val: slug }))
      record.fullUrl = `/${slug}`
    }
    // The items and their order are the items' own business (publishing keeps them).
    record.itemSlugs = current.itemSlugs ?? []
    record.type = current.type
    record.typeName = current.typeName
    const main = await richText(record.mainContent, 'mainContent', EDITOR_LIMITS.bodyLength, embedOrigins)
    if (main !== undefined) record.mainContent = main
    delete record.private
    return record
  }

  const collection = await currentCollection(c.env, siteId, key.collection)
  if (collection === null) throw new InputError(EDITOR_TEXT.unableToLocateContent, {}, 404)
  const siblings = (await itemSummaries(c.env, siteId, key.collection))?.items ?? []
  if (siblings.some((item) => item.id !== String(current.id) && item.slug === slug))
    refuse('urlId', fillText(EDITOR_TEXT.slugTaken, { val: slug }))
  const base = String(collection.fullUrl ?? `/${key.collection}`)
  record.fullUrl = `${base === '/' ? '' : base}/${slug}`
  record.collectionId = String(collection.id)
  record.recordType = current.recordType
  record.addedOn = current.addedOn
  for (const owned of ['likeCount', 'publicCommentCount'] as const) {
    if (current[owned] === undefined) delete record[owned]
    else record[owned] = current[owned]
  }
  // Status owns these: publishing sets them from the draft's status.
  delete record.private
  if (typeof current.publishOn === 'number') record.publishOn = current.publishOn
  else delete record.publishOn
  record.tags = termList(record.tags, 'tags')
  record.categories = termList(record.categories, 'categories')
  if (typeof record.excerpt === 'string' && record.excerpt.length > EDITOR_LIMITS.excerptLength)
    notExpected('excerpt', `${record.excerpt.length} characters`)
  const body = await richText(record.body, 'body', EDITOR_LIMITS.bodyLength, embedOrigins)
  if (body !== undefined) record.body = body
  const excerpt = await richText(record.excerpt, 'excerpt', EDITOR_LIMITS.excerptLength, embedOrigins)
  if (excerpt !== undefined) record.excerpt = excerpt
  checkLink(record.externalLink, 'externalLink', followedLinkSchema)
  const image = record.mainImage as { assetUrl?: unknown } | undefined
  if (image !== undefined && image !== null) {
    if (image.assetUrl === '' || image.assetUrl === undefined) delete record.mainImage
    else checkLink(image.assetUrl, 'mainImage.assetUrl')
  }
  if (record.recordType === RECORD_TYPE.event) checkEvent(record)
  const structured = record.structuredContent as { productType?: unknown } | undefined
  if (structured !== undefined && !PRODUCT_TYPES.has(Number(structured.productType)))
    notExpected('structuredContent.productType', structured.productType)
  return record
}

const PLACE_LENGTH = 200
const COORDINATES = { mapLat: 90, mapLng: 180 } as const

/**
 * An event's when and where (platform.md section 3): both times, the end after the start, the
 * place's lines within 200 characters, the map's coordinates on the globe. Empty lines are dropped.
 */
function checkEvent(record: EditorRecord): void {
  for (const field of ['startDate', 'endDate'] as const)
    if (typeof record[field] !== 'number' || !Number.isInteger(record[field]))
      refuse(field, EDITOR_TEXT.eventTimeRequired)
  if ((record.endDate as number) <= (record.startDate as number))
    refuse('endDate', EDITOR_TEXT.eventEndsBeforeStart)
  if (record.location === undefined || record.location === null) {
    delete record.location
    return
  }
  if (typeof record.location !== 'object' || Array.isArray(record.location))
    notExpected('location', record.location)
  const location: Record<string, unknown> = { ...(record.location as Record<string, unknown>) }
  for (const field of ['addressTitle', 'addressLine1', 'addressLine2', 'addressCountry'] as const) {
    const value = location[field]
    if (value === undefined) continue
    if (typeof value !== 'string') notExpected(`location.${field}`, value)
    const line = (value as string).trim()
    if (line.length > PLACE_LENGTH)
      refuse(`location.${field}`, fillText(EDITOR_TEXT.eventPlaceTooLong, { max: PLACE_LENGTH }))
    if (line === '') delete location[field]
    else location[field] = line
  }
  for (const [field, max] of Object.entries(COORDINATES)) {
    const value = location[field]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > max)
      refuse(`location.${field}`, fillText(EDITOR_TEXT.eventCoordinate, { min: -max, max }))
  }
  record.location = location
}

/** The value at `path` in `record`, for a refusal's `{val}`. */
function valueAt(record: unknown, path: readonly PropertyKey[]): unknown {
  let value = record
  for (const step of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[step]
  return value
}

/**
 * A site record save (site-sections.ts): the changed sections the role may edit, each checked,
 * the whole checked by the storefront's own schema so that what is saved can be published.
 */
function checkSite(c: Context<EditorAppEnv>, current: EditorRecord, incoming: EditorRecord): EditorRecord {
  const merged = mergeSite(current, incoming, c.get('editor').capabilities)
  if ('refused' in merged)
    throw new InputError(EDITOR_TEXT.notAllowed, { [merged.refused]: EDITOR_TEXT.notAllowed }, 403)
  // Each changed section field by field (site-settings.ts), with the Settings screen's words.
  let record = merged.record
  if (merged.changed.includes('navigation')) {
    const { footerNavigation: _footer, ...rest } = record
    record = { ...rest, ...checkNavigationSection(record) } as EditorRecord
  }
  if (merged.changed.includes('settings'))
    record = { ...record, website: checkSettingsSection(record.website, undefined) }
  if (merged.changed.includes('store') && record.storeSettings !== undefined)
    record = { ...record, storeSettings: checkStoreSection(record.storeSettings, undefined) }
  const parsed = siteSchema.safeParse(record)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const field = issue?.path.join('.') ?? 'website'
    const message =
      issue?.code === 'invalid_value'
        ? fillText(EDITOR_TEXT.notExpectedOption, { val: String(valueAt(record, issue.path)) })
        : `${field}: ${issue?.message ?? EDITOR_TEXT.somethingWentWrong}`
    refuse(field, message)
  }
  return record
}
