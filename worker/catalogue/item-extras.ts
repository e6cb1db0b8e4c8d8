/**
 * What an item page shows from D1 beside its KV record: a product's reviews (the first page,
 * filled in, and the summary), where simple liking is on, the likes stored here added to
 * the item's published count, and where our own comments are on, the first page of the item's
 * thread with the visible count, which stands for the record's `publicCommentCount` (the comment
 * link prints the number of comments a reader can actually read).
 *
 * A page render reads no D1 (issue 26: D1 is a region away from most visitors): it reads KV
 * copies of those rows, one per item (`kvKey.itemExtras`: the item's newest reviews, their
 * tally, its likes, its comment thread's first page and count) and one per store (`kvKey.storeReviews`: the store's newest reviews, which
 * fill a product's first page, and the store's tally). Whatever changes the rows writes the
 * copies again from D1 before the page turns over: a like (actions/like-item.ts), a comment or
 * its hiding (actions/write-comment.ts), the editor's review moderation (editor/records-reviews.ts). A copy that is missing (an item no page has
 * shown since it was published or seeded) is read from D1 this once and stored; one older than
 * `COPY_REFRESH_MS` is served and written again from D1 after the response (`waitUntil`), which
 * heals a copy whose write failed or rows changed elsewhere (seeding, an import). An isolate
 * shows an item's copy it read up to `HELD_DATA_MS` ago without reading it again (never longer
 * than it trusts the content version, so not at all where that is 0), and forgets every such
 * copy when one is written again here or a page is forgotten (app.ts): a product page in
 * demand costs no KV read per view (issue 26), and a like shows at once where it was made.
 * docs/caching.md, "Reviews and likes".
 *
 * A failed read is logged and the page renders without it (storefront.md section 8: review
 * failures are silent for the visitor).
 */

import { COMMENTS_VISIBLE_STATE } from '../../shared/index'
import { type CommentDigest, commentDigest } from '../db/item-comments'
import { storedLikeCount } from '../db/item-likes'
import {
  type ProductPageReviews,
  productPageReviews,
  type ReviewDigest,
  reviewDigest,
} from '../db/product-reviews'
import type { Env, Tenant } from '../env'
import { HELD_DATA_MS, SettledCache, versionLifetimeMs } from '../runtime/isolate-cache'
import { logError } from '../runtime/log'
import { type Item, kvKey, type Site } from './records'

export interface ItemExtras {
  item: Item
  productReviews: ProductPageReviews | null
  /** The first page of the item's own comment thread, where our own comments are shown; else null. */
  comments: CommentDigest | null
}

/** How old a copy may get before a page that shows it writes it again from D1 (after the response). */
export const COPY_REFRESH_MS = 5 * 60_000

interface ItemCopy {
  at: number
  likes: number
  reviews: ReviewDigest
  comments: CommentDigest
}

interface StoreCopy {
  at: number
  reviews: ReviewDigest
}

type Bindings = Pick<Env, 'CATALOG' | 'DB' | 'CONTENT_VERSION_SECONDS'>
type Copy = ItemCopy | StoreCopy

async function itemCopyFromD1(db: D1Database, siteId: string, itemId: string): Promise<ItemCopy> {
  const [reviews, likes, comments] = await Promise.all([
    reviewDigest(db, siteId, itemId),
    storedLikeCount(db, siteId, itemId),
    commentDigest(db, siteId, itemId),
  ])
  return { at: Date.now(), likes, reviews, comments }
}

async function storeCopyFromD1(db: D1Database, siteId: string): Promise<StoreCopy> {
  return { at: Date.now(), reviews: await reviewDigest(db, siteId) }
}

/** Our own copy as stored, or null when it is missing or not of our shape (it is then written anew). */
async function readCopy<T extends Copy>(kv: KVNamespace, key: string): Promise<T | null> {
  const copy = await kv.get<T>(key, 'json')
  const valid =
    copy !== null &&
    typeof copy.at === 'number' &&
    Array.isArray(copy.reviews?.reviews) &&
    typeof copy.reviews.tally?.count === 'number' &&
    // An item's copy from before comments were kept is written anew.
    (!('likes' in copy) || Array.isArray((copy as ItemCopy).comments?.threads))
  return valid ? copy : null
}

/** Writes a copy, trying once more when KV refuses the first write. */
async function writeCopy(kv: KVNamespace, key: string, copy: Copy): Promise<void> {
  const value = JSON.stringify(copy)
  try {
    await kv.put(key, value)
  } catch {
    await kv.put(key, value)
  }
}

/** What a copy shows (all but the time it was made), to tell whether a rewrite changed it. */
function shown(copy: Copy | null): string {
  return copy === null ? '' : JSON.stringify({ ...copy, at: 0 })
}

/**
 * Writes the copies of an item (and of its store's reviews with `store`) again from D1, after
 * its rows changed; answers whether what they show changed. Throws when D1 or KV fails (a like
 * is stored all the same; the copy heals within `COPY_REFRESH_MS` of a view).
 */
export async function refreshCopies(
  env: Bindings,
  siteId: string,
  itemId: string,
  options: { store: boolean },
): Promise<boolean> {
  const kv = env.CATALOG
  const itemKey = kvKey.itemExtras(siteId, itemId)
  const storeKey = kvKey.storeReviews(siteId)
  const [before, storeBefore, item, store] = await Promise.all([
    readCopy<ItemCopy>(kv, itemKey).catch(() => null),
    options.store ? readCopy<StoreCopy>(kv, storeKey).catch(() => null) : null,
    itemCopyFromD1(env.DB, siteId, itemId),
    options.store ? storeCopyFromD1(env.DB, siteId) : null,
  ])
  await Promise.all([writeCopy(kv, itemKey, item), store ? writeCopy(kv, storeKey, store) : null])
  forgetHeldCopies()
  return shown(before) !== shown(item) || (store !== null && shown(storeBefore) !== shown(store))
}

/**
 * The item's copy written again after a like or a comment changed its rows. The write is already
 * stored, so a failure here is logged, not answered: the copy heals within `COPY_REFRESH_MS` of a
 * view. `part` names what changed in the log line.
 */
export async function refreshItemCopy(
  env: Bindings,
  siteId: string,
  itemId: string,
  part: string,
): Promise<void> {
  await refreshCopies(env, siteId, itemId, { store: false }).catch(failed(part, siteId))
}

/**
 * The store's copy per tenant and content version, kept by the isolate for a minute (settled
 * values, isolate-cache.ts): only moderation changes it outside a heal, and moderation turns the
 * content version over after writing it, so a product page reads one copy from KV, not two.
 */
const STORE_COPY_TTL_MS = 60_000
const storeCopies = new SettledCache<StoreCopy>(1000, STORE_COPY_TTL_MS)

/** Item copies this isolate read, per tenant, content version and item, each shown for `HELD_DATA_MS`. */
const heldCopies = new SettledCache<ItemCopy>(2000, HELD_DATA_MS)

/** Forgets every item copy the isolate holds: a like or a comment changed one (here, or through the API Worker). */
export function forgetHeldCopies(): void {
  heldCopies.clear()
}

/**
 * A copy for a page: the stored one (written again after the response once older than
 * `COPY_REFRESH_MS`), or, when there is none yet, D1's rows, stored after the response. With
 * `kept`, the isolate's settled copy under that key stands for the stored one.
 */
async function copyFor<T extends Copy>(
  env: Bindings,
  key: string,
  fromD1: () => Promise<T>,
  waitUntil: (work: Promise<unknown>) => void,
  log: { siteId: string; part: string },
  kept?: { cache: SettledCache<T>; key: string },
): Promise<T | null> {
  const known = kept?.cache.get(kept.key)
  const stored = known ?? (await readCopy<T>(env.CATALOG, key).catch(() => null))
  const write = (copy: T) => writeCopy(env.CATALOG, key, copy).catch(failed(log.part, log.siteId))
  if (stored !== null) {
    if (Date.now() - stored.at > COPY_REFRESH_MS) {
      // The next view reads the rewritten copy from KV.
      kept?.cache.delete(kept.key)
      waitUntil(fromD1().then(write, failed(log.part, log.siteId)))
    } else if (known === undefined) kept?.cache.set(kept.key, stored)
    return stored
  }
  const fresh = await fromD1().catch(failed(log.part, log.siteId))
  if (fresh !== null) waitUntil(write(fresh))
  return fresh
}

export async function itemExtras(
  env: Bindings,
  tenant: Tenant,
  item: Item,
  isProduct: boolean,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<ItemExtras> {
  const { siteId } = tenant
  const liking = tenant.site.website.simpleLikingEnabled
  const commenting = ownCommentsShown(tenant.site, item)
  if (!isProduct && !liking && !commenting) return { item, productReviews: null, comments: null }
  const [own, store] = await Promise.all([
    copyFor(
      env,
      kvKey.itemExtras(siteId, item.id),
      () => itemCopyFromD1(env.DB, siteId, item.id),
      waitUntil,
      {
        siteId,
        part: 'item-extras',
      },
      versionLifetimeMs(env) >= HELD_DATA_MS
        ? { cache: heldCopies, key: `${siteId}\u0000${tenant.version}\u0000${item.id}` }
        : undefined,
    ),
    isProduct
      ? copyFor(
          env,
          kvKey.storeReviews(siteId),
          () => storeCopyFromD1(env.DB, siteId),
          waitUntil,
          { siteId, part: 'store-reviews' },
          { cache: storeCopies, key: `${siteId}\u0000${tenant.version}` },
        )
      : null,
  ])
  const reviews = isProduct && own && store ? productPageReviews(item.id, own.reviews, store.reviews) : null
  const comments = commenting && own ? own.comments : null
  let shown = liking && own ? { ...item, likeCount: item.likeCount + own.likes } : item
  if (comments !== null) shown = { ...shown, publicCommentCount: comments.count }
  return { item: shown, productReviews: reviews, comments }
}

/**
 * Whether an item page shows our own comment thread (storefront.md section 4, "Comments"): the
 * site has comments on and no third-party service, and the item's comment state is on or it
 * has public comments.
 */
export function ownCommentsShown(
  site: Site,
  item: Pick<Item, 'commentState' | 'publicCommentCount'>,
): boolean {
  const { website } = site
  return (
    website.commentsEnabled &&
    !website.disqusShortname &&
    (item.commentState === COMMENTS_VISIBLE_STATE || item.publicCommentCount > 0)
  )
}

function failed(part: string, siteId: string) {
  return (error: unknown): null => {
    logError('item-extras-failed', { siteId, part, message: String(error) })
    return null
  }
}
