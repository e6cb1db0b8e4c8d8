/**
 * Content predicates: record, collection and slice types, background sources, gallery options,
 * promoted blocks, folders and events. Most families are generated from the platform
 * enumerations in constants.ts, so a new code there is a new predicate here.
 */
import {
  BackgroundSource,
  CollectionType,
  FolderBehavior,
  GalleryOption,
  PROMOTED_BLOCK_TYPES,
  RecordType,
  SliceType,
} from '../../../shared/enumerations'
import { asBoolean, asNumber, asString, child, isObject, isTruthy, MISSING, walk } from '../../../shared/json'
import { isRegExpSpace } from '../../../shared/strings'
import { type AnyPredicate, definePredicate, type Plugin, type Scope } from '../../registry'

type Test = (scope: Scope) => boolean
const is = (test: Test): AnyPredicate => definePredicate({ test: (_args, scope) => test(scope) })

/** A field of the current value. */
const field = (scope: Scope, name: string) => child(scope.node(), name)

/** `UPPER_SNAKE` enumeration key to the predicate spelling `upper-snake`. */
const kebab = (key: string) => key.toLowerCase().replace(/_/g, '-')

const hasImage = (v: unknown) => isTruthy(child(v, 'mainImageId')) || isTruthy(child(v, 'systemDataId'))

const predicates: Record<string, AnyPredicate> = {}

// Record types: `text?`, `store-item?`, ... and `undefined?` for the code -1. The promoted
// kinds (image, quote, link, video, gallery) also hold for an item promoting that block type.
const PROMOTED_RECORDS: Readonly<Record<string, string>> = {
  IMAGE: 'image',
  QUOTE: 'quote',
  LINK: 'link',
  VIDEO: 'video',
  GALLERY: 'gallery',
}
const recordTypes: [string, number][] = [['UNDEFINED', -1], ...Object.entries(RecordType)]
for (const [key, code] of recordTypes) {
  const promoted = PROMOTED_RECORDS[key]
  predicates[`${kebab(key)}?`] =
    promoted === undefined
      ? is((s) => asNumber(field(s, 'recordType')) === code)
      : is(
          (s) =>
            asNumber(field(s, 'recordType')) === code || asString(field(s, 'promotedBlockType')) === promoted,
        )
}
predicates['external-video?'] = predicates['video?'] as AnyPredicate

// `promotedMAP?`, `promotedEMBED?`, ...: the item promotes that block type.
for (const type of PROMOTED_BLOCK_TYPES)
  predicates[`promoted${type.toUpperCase()}?`] = is((s) => asString(field(s, 'promotedBlockType')) === type)

// `background-source-upload?`, ...
for (const [key, code] of Object.entries(BackgroundSource))
  predicates[`background-source-${kebab(key)}?`] = is((s) => asNumber(field(s, 'backgroundSource')) === code)

/**
 * Gallery options are read from the `options` in scope. A predicate holds only for an option
 * that is set: the platform defaults (design grid, auto-crop on, ...) are what the editor
 * stores, and the reference engine does not apply them at render time.
 */
const galleryOption = (s: Scope, name: string) => child(s.resolve(['options']), name)

function gallerySelect(option: string, values: readonly string[]): void {
  for (const value of values)
    predicates[`gallery-${option}-${value}?`] = is((s) => {
      const v = galleryOption(s, option)
      return v !== MISSING && asString(v) === value
    })
}
gallerySelect('design', GalleryOption.design.values)
gallerySelect('meta-position', GalleryOption.metaPosition.values)
gallerySelect('active-alignment', GalleryOption.activeAlignment.values)

const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const
for (const flag of GALLERY_FLAGS)
  predicates[`gallery-${flag}?`] = is((s) => asBoolean(galleryOption(s, flag)))

/** Text left after stripping markup and all whitespace (zero-width and no-break spaces too). */
/**
 * Whether `html` has visible text: a character outside its tags that is neither whitespace
 * (`\s`) nor a zero-width space. What stripping the tags and then the invisible characters
 * would leave, found without building either string.
 */
function hasVisibleText(html: string): boolean {
  let inTag = false
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i)
    if (c === 60) inTag = true
    else if (c === 62) inTag = false
    else if (!inTag && c !== 0x200b && !isRegExpSpace(c)) return true
  }
  return false
}

/** `excerpt?`: the item's excerpt (its `html`, or a plain string) has visible text. */
function hasExcerpt(s: Scope): boolean {
  const excerpt = field(s, 'excerpt')
  const html = child(excerpt, 'html')
  return hasVisibleText(typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '')
}

/** `current-type? name`: the slide's `currentType` is the named slice type. */
const currentType = definePredicate({
  prepare: (args) => {
    const key = Object.keys(SliceType).find((k) => kebab(k) === args[0])
    return key === undefined ? null : SliceType[key as keyof typeof SliceType]
  },
  test: (code: number | null, s) => code !== null && (asNumber(field(s, 'currentType')) | 0) === code,
})

/** `collectionTypeNameEquals? name`: the `typeName` in scope is exactly `name`. */
const collectionTypeNameEquals = definePredicate({
  prepare: (args) => (args.length === 0 ? null : (args[0] as string)),
  test: (name: string | null, s) => name !== null && asString(s.resolve(['typeName'])) === name,
})

/** The collection's type (or the value's own type when it is the collection). */
function collectionTypeIs(s: Scope, code: number): boolean {
  const collection = field(s, 'collection')
  const type = child(collection === MISSING ? s.node() : collection, 'type')
  return type !== MISSING && asNumber(type) === code
}

Object.assign(predicates, {
  'calendar-view?': is((s) => asBoolean(s.resolve(['calendarView']))),
  'child-images?': is((s) => {
    const items = field(s, 'items')
    return Array.isArray(items) && items.length > 0 && hasImage(items[0])
  }),
  // A folder link is clickable when it opens an index or redirects, or has no behaviour set.
  'clickable?': is((s) => {
    const behavior = s.resolve(['folderBehavior'])
    if (behavior === MISSING) return true
    const code = asNumber(behavior)
    return code === FolderBehavior.INDEX || code === FolderBehavior.REDIRECT
  }),
  'collection?': is((s) => isTruthy(field(s, 'collection'))),
  'collection-page?': is((s) => {
    const type = walk(s.node(), ['collection', 'type'])
    return type !== MISSING && asNumber(type) === CollectionType.PAGE
  }),
  'collection-template-page?': is((s) => collectionTypeIs(s, CollectionType.TEMPLATE_PAGE)),
  'collectionTypeNameEquals?': collectionTypeNameEquals,
  'current-type?': currentType,
  'excerpt?': is(hasExcerpt),
  'external-link?': is((s) => isTruthy(field(s, 'externalLink'))),
  'folder?': is((s) => isTruthy(walk(s.node(), ['collection', 'folder']))),
  'gallery-meta?': is(
    (s) => isTruthy(galleryOption(s, 'controls')) || isTruthy(galleryOption(s, 'indicators')),
  ),
  'has-multiple?': is((s) => {
    const v = s.node()
    return Array.isArray(v) ? v.length > 1 : isObject(v) && Object.keys(v).length > 1
  }),
  // A collection page is an index when it is a folder whose behaviour is index.
  'index?': is((s) => {
    const collection = field(s, 'collection')
    if (!isObject(collection)) return false
    const behavior = child(collection, 'folderBehavior')
    return isTruthy(child(collection, 'folder')) && behavior === FolderBehavior.INDEX
  }),
  'location?': is((s) => {
    const location = field(s, 'location')
    return child(location, 'mapLat') !== MISSING && child(location, 'mapLng') !== MISSING
  }),
  'main-image?': is((s) => hasImage(s.node())),
  'passthrough?': is((s) => isTruthy(field(s, 'passthrough')) && asString(field(s, 'sourceUrl')) !== ''),
  'redirect?': is((s) => asNumber(field(s, 'folderBehavior')) === FolderBehavior.REDIRECT),
  'serviceNameEmail?': is((s) => asString(field(s, 'serviceName')) === 'email'),
  'show-past-events?': is((s) => asString(field(s, 'showPastOrUpcomingEvents')) === 'past'),
})

export const contentPredicates: Plugin = { name: 'content-predicates', predicates }
