/**
 * The editor's admin API under `/config/api/` (served by the editor's Worker, worker/editor/):
 * the shapes both sides agree on. Records travel as the storefront's own JSON records (a
 * collection, an item: worker/catalogue/records.ts), typed loosely here because the browser
 * does not load the zod schemas; the server validates every body.
 *
 * Every call: the site user's session cookie; writes also `X-XSRF-Token` (from `GET session`),
 * `X-CSRF-Token` (the crumb cookie) and a same-origin request. Answers are `private, no-store`.
 * A refusal is `{ message, field? }` with 400 (a bad body; `field` names it), 401 (no session),
 * 403 (the role may not), 404, 409 (a stale save: `conflict`), 422 (publish refused: `problems`).
 */
import type { Capabilities } from './roles'
import type { ContentStatus } from './statuses'

/** A record the editor edits: a collection (a page, a blog, a shop…) or one of its items. */
/** `site`: the site record's navigation (the editor's Navigation screen). */
export type RecordKind = 'collection' | 'item' | 'site'

/**
 * A record's key: `site` (the site record: its navigation), `collection:<slug>` or
 * `item:<collection slug>/<item slug>`, by the slugs it
 * had when it was created or last published (a draft may change its slug; the key stays until
 * the next publish). In URLs: `/config/api/records/<key>` with the key URI-encoded.
 */
export type RecordKey = string

export type EditorRecord = Record<string, unknown> & { id: string; title: string; urlId: string }

export interface SessionAnswer {
  user: { id: string; email: string; displayName: string; roles: number[] }
  /** False: signed in, but no role that opens the editor ("no access" screen). */
  access: boolean
  capabilities: Capabilities
  /** Send as `X-XSRF-Token` on every write. */
  xsrfToken: string
  site: {
    id: string
    title: string
    timeZone: string
    currency: string
    /** The storefront's own origin, for "View site" and Web Address links. */
    origin: string
    editorsCanPublish: boolean
    /** The content version that is live. */
    version: string
  }
}

export interface CollectionSummary {
  key: RecordKey
  slug: string
  title: string
  /** page, blog, events, products, gallery, form. */
  typeName: string
  fullUrl: string
  /** 'products' for a shop's collections, else 'content'. */
  area: 'content' | 'products'
  status: ContentStatus
  hasDraft: boolean
  needsReview: boolean
  itemCount: number
  draftCount: number
}

export interface CollectionsAnswer {
  collections: CollectionSummary[]
}

export interface ItemSummary {
  key: RecordKey
  id: string
  slug: string
  title: string
  fullUrl: string
  recordType: number
  status: ContentStatus
  /** Unpublished changes wait in a draft. */
  hasDraft: boolean
  needsReview: boolean
  /** Scheduled: epoch milliseconds. */
  publishOn?: number
  /** Epoch milliseconds of the last change (draft or publish). */
  updatedAt: number
  mainImageUrl?: string
  /** Products: the first variant's price in minor units, and the store's currency. */
  priceCents?: number
}

export interface ItemsAnswer {
  collection: CollectionSummary
  items: ItemSummary[]
}

export interface DraftState {
  /** The draft record: what the editor shows and saves. */
  record: EditorRecord
  status: ContentStatus
  needsReview: boolean
  /** Scheduled: epoch milliseconds. */
  publishOn?: number
  /** Staged for deletion at the next publish. */
  deleted: boolean
  /** Increases with each save; a save names the revision it was made from. */
  revision: number
  updatedBy: string
  updatedAt: number
}

export interface RecordAnswer {
  key: RecordKey
  kind: RecordKind
  area: 'content' | 'products'
  /** What is live now (KV), or null for a record never published. */
  live: EditorRecord | null
  liveStatus: ContentStatus
  draft: DraftState | null
  /**
   * The revision an edit of this record starts from: the draft's, or 0 when there is none. Send it
   * back as `baseRevision`: a save from a stale revision is refused with 409.
   */
  revision: number
}

/** `PUT /config/api/records/<key>`: save a draft (autosave and Save). */
export interface SaveDraftBody {
  record: EditorRecord
  baseRevision: number
}

/** 409 of a stale save: the other editor's version beside yours; nothing was stored. */
export interface ConflictAnswer {
  message: string
  conflict: { theirs: DraftState | null; live: EditorRecord | null; revision: number }
}

/** `POST /config/api/records/<key>/status`. */
export interface StatusBody {
  to: ContentStatus
  /** Scheduled: an ISO date-time in the site's time zone (`2026-12-01T09:00`), or epoch ms. */
  publishOn?: number | string
  baseRevision: number
}

/** `POST /config/api/collections` (a page or a collection) and `POST /config/api/records/<collection key>/items`. */
export interface CreateBody {
  title: string
  slug?: string
  /** Collections: page, blog, events, products, gallery. */
  typeName?: string
}

export interface FieldChange {
  field: string
  live: unknown
  draft: unknown
}

export interface Change {
  key: RecordKey
  kind: RecordKind
  area: 'content' | 'products'
  title: string
  status: ContentStatus
  liveStatus: ContentStatus
  needsReview: boolean
  deleted: boolean
  /** A record that was never published. */
  isNew: boolean
  fields: FieldChange[]
  updatedBy: string
  updatedAt: number
  /** Whether the signed-in user may publish this change. */
  canPublish: boolean
}

export interface ChangesAnswer {
  changes: Change[]
}

/** `POST /config/api/publish`: every change the user may publish, or those named. */
export interface PublishBody {
  keys?: RecordKey[]
}

export interface PublishProblem {
  key: RecordKey
  title: string
  field: string
  message: string
}

export interface PublishAnswer {
  version: string
  published: RecordKey[]
}

/** 422 of a refused publish: nothing was published. */
export interface PublishRefusal {
  message: string
  problems: PublishProblem[]
}

export interface Revision {
  version: string
  publishedAt: number
  publishedBy: string
  keys: RecordKey[]
  /** A rollback names the version it restored. */
  restoredFrom?: string
}

export interface RevisionsAnswer {
  revisions: Revision[]
}

export type TermType = 'tag' | 'category'

export interface TermsAnswer {
  terms: { name: string; count: number }[]
}

/** `POST /config/api/terms`: rename one, merge several into one, or remove one. */
export type TermsBody =
  | { type: TermType; action: 'rename'; from: string; to: string }
  | { type: TermType; action: 'merge'; from: string[]; to: string }
  | { type: TermType; action: 'remove'; name: string }

export interface TermsChangeAnswer {
  /** The items whose drafts now carry the change. */
  updated: RecordKey[]
}

/** `GET /config/api/link-targets`: the link editor's Page tab. */
export interface LinkTarget {
  /** A record id: stored as `data-ref` so a renamed slug keeps working. */
  id: string
  title: string
  fullUrl: string
  kind: RecordKind
}

export interface LinkTargetsAnswer {
  targets: LinkTarget[]
}

/** A navigation link as the Navigation screen edits it (the site record's `navigation`). */
export interface NavigationLink {
  title: string
  /** A site path, an http(s) URL, `mailto:` or `tel:`. */
  url: string
  /** A page link: the page's record id, so the link follows a renamed page. */
  ref?: string
}

/** Refusals: `field` names the field of a 400 or 422. */
export interface ErrorAnswer {
  message: string
  field?: string
}
