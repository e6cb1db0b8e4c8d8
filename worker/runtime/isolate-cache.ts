/**
 * Per-isolate caches, and the one rule every cache in this worker follows:
 *
 *   A cache holds SETTLED VALUES, never promises.
 *
 * workerd ties I/O (KV, fetch, Durable Object calls) to the request that started it. A promise
 * of one request's read, handed to another request, never settles once the first request ends
 * early (a HEAD whose body is discarded, a visitor who leaves mid-stream), and the second
 * request hangs. So a miss reads for itself and stores what it got; two concurrent misses each
 * read (KV reads are cheap and idempotent); nobody awaits anyone else's work. Keys carry the
 * tenant's content version wherever the value can change with a publish.
 */
export class SettledCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()

  /**
   * `capacity` bounds the isolate's memory (the oldest entry goes first); `ttlMs` bounds how long
   * an entry is trusted when its key carries no version (a host's tenant).
   */
  constructor(
    private readonly capacity: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
  ) {}

  private entry(key: string): { value: V; expires: number } | undefined {
    const entry = this.entries.get(key)
    if (entry !== undefined && entry.expires <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  get(key: string): V | undefined {
    return this.entry(key)?.value
  }

  /** Stores a value that is already settled (never a promise: see the rule above). */
  set(key: string, value: V): V {
    if (value instanceof Promise) throw new TypeError('SettledCache holds settled values, never promises')
    if (!this.entries.has(key) && this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs })
    return value
  }

  /** The cached value, or `read()`'s once it settles (a failed read is not remembered). */
  async getOrRead(key: string, read: () => Promise<V>): Promise<V> {
    const hit = this.entry(key)
    if (hit !== undefined) return hit.value
    return this.set(key, await read())
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

/**
 * How long an isolate trusts a tenant's content version before reading it again: the version
 * read was most of a page-cache hit's cost (issue 26). A publish made through this isolate (a
 * local run forwards `/config` to the editor: app.ts) forgets every version at once, so it shows
 * on the next view; elsewhere a publish shows within this lifetime after KV has carried the new
 * version (docs/caching.md, "Publishing and purging"). `CONTENT_VERSION_SECONDS` sets it; 0
 * reads it on every request and keeps nothing (the worker tests, which write versions to KV
 * directly as a publish does; the editor's preview, whose KV answers a version of its own).
 * Used by middleware/tenant.ts, and by catalogue/item-extras.ts, which holds nothing without it.
 */
const VERSION_SECONDS = 5

export function versionLifetimeMs(env: { CONTENT_VERSION_SECONDS?: string }): number {
  const seconds = Number(env.CONTENT_VERSION_SECONDS ?? VERSION_SECONDS)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : VERSION_SECONDS * 1000
}

/**
 * The longest an isolate shows data it read earlier instead of reading it again, where the data
 * carries no content version: an item's copy of its likes, reviews and comments
 * (catalogue/item-extras.ts). A page rendered from such data is never stored when the page was
 * forgotten after the data could have been read (middleware/page-cache.ts looks this far back).
 */
export const HELD_DATA_MS = 2000
