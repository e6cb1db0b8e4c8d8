import { DurableObject } from 'cloudflare:workers'
import type { Env } from '../env'

/** A variant's published stock, as the catalog of one content version states it. */
export interface StockSeed {
  sku: string
  itemId: string
  unlimited: boolean
  qtyInStock: number
}

/** A variant's live stock: what can still be bought. */
export interface StockLevel {
  sku: string
  unlimited: boolean
  qtyInStock: number
}

export interface StockLine {
  sku: string
  quantity: number
}

export type ReserveResult =
  | { ok: true }
  | { ok: false; sku: string; available: number }
  /** `key` already holds stock or was committed: a repeated submit of the same order. */
  | { ok: false; duplicate: true }

export type CommitResult = { ok: true } | { ok: false; sku: string }

/** A discount code with a usage limit (issue 25): its uses are held and counted like stock. */
export interface CouponLimit {
  code: string
  limit: number
}

/** The reservation line of one use of a code: `coupon:<CODE>`, beside the order's stock lines. */
export const COUPON_SKU_PREFIX = 'coupon:'

/** A reservation left by a checkout that never finished frees its units after this long. */
export const RESERVATION_TTL_MS = 15 * 60 * 1000

/**
 * Stock of one tenant (docs/architecture.md, "What is strongly consistent"): one object per site id,
 * SQLite storage. Each variant row holds the quantity the catalog published, the content
 * version that published it and the units sold since; live stock is published − sold −
 * reserved. A variant is seeded from the catalog the first time it is asked about; when a newer
 * content version arrives (a republish), its quantity replaces the row and the sold count starts
 * again from 0: after a republish the stock is the published quantity minus the units sold since
 * that version was published. An older version seen after a newer one (a stale KV read) is
 * ignored.
 *
 * Every method is synchronous over `ctx.storage.sql` (no `await` between read and write), so
 * two shoppers racing for the last unit can never both get it (PLATFORM-NOTES, runtime rules).
 */
export class InventoryObject extends DurableObject<Env> {
  private readonly sql: SqlStorage

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.sql = ctx.storage.sql
    this.sql.exec(`CREATE TABLE IF NOT EXISTS versions (version TEXT PRIMARY KEY, seen INTEGER NOT NULL)`)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS stock (
      sku TEXT PRIMARY KEY, item_id TEXT NOT NULL, unlimited INTEGER NOT NULL,
      published INTEGER NOT NULL, version TEXT NOT NULL, sold INTEGER NOT NULL DEFAULT 0)`)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS reservations (
      key TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL, created INTEGER NOT NULL,
      PRIMARY KEY (key, sku))`)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS committed (key TEXT PRIMARY KEY, at INTEGER NOT NULL)`)
    // Uses of discount codes by paid orders; a use in checkout is a reservation line (COUPON_SKU_PREFIX).
    this.sql.exec(`CREATE TABLE IF NOT EXISTS coupon_uses (code TEXT PRIMARY KEY, used INTEGER NOT NULL)`)
  }

  /** Uses of a code left: its limit less the paid uses and those held by checkouts under way. */
  private couponLeft(code: string, limit: number): number {
    const row = this.sql
      .exec<{ used: number; held: number }>(
        `SELECT COALESCE((SELECT used FROM coupon_uses WHERE code = ?), 0) AS used,
           (SELECT COALESCE(SUM(quantity), 0) FROM reservations WHERE sku = ?) AS held`,
        code,
        `${COUPON_SKU_PREFIX}${code}`,
      )
      .one()
    return limit - row.used - row.held
  }

  /** The codes of `limits` with no use left (the cart shows them as used up). */
  usedUpCoupons(limits: CouponLimit[]): string[] {
    this.dropExpired(Date.now())
    return limits.filter((entry) => this.couponLeft(entry.code, entry.limit) <= 0).map((entry) => entry.code)
  }

  /** Order in which versions were first seen: later is newer. */
  private versionRank(version: string): number {
    const row = this.sql
      .exec<{ seen: number }>('SELECT seen FROM versions WHERE version = ?', version)
      .toArray()[0]
    if (row) return row.seen
    const next = (this.sql.exec<{ m: number | null }>('SELECT MAX(seen) AS m FROM versions').one().m ?? 0) + 1
    this.sql.exec('INSERT INTO versions (version, seen) VALUES (?, ?)', version, next)
    return next
  }

  /** Brings each seeded variant's row up to `version` (see the class comment). */
  private seed(seeds: readonly StockSeed[], version: string): void {
    const rank = this.versionRank(version)
    for (const seed of seeds) {
      const row = this.sql
        .exec<{ version: string }>('SELECT version FROM stock WHERE sku = ?', seed.sku)
        .toArray()[0]
      if (row === undefined) {
        this.sql.exec(
          'INSERT INTO stock (sku, item_id, unlimited, published, version, sold) VALUES (?, ?, ?, ?, ?, 0)',
          seed.sku,
          seed.itemId,
          seed.unlimited ? 1 : 0,
          seed.qtyInStock,
          version,
        )
      } else if (row.version !== version && this.versionRank(row.version) < rank) {
        this.sql.exec(
          'UPDATE stock SET item_id = ?, unlimited = ?, published = ?, version = ?, sold = 0 WHERE sku = ?',
          seed.itemId,
          seed.unlimited ? 1 : 0,
          seed.qtyInStock,
          version,
          seed.sku,
        )
      }
    }
  }

  private dropExpired(now: number): void {
    this.sql.exec('DELETE FROM reservations WHERE created < ?', now - RESERVATION_TTL_MS)
  }

  private level(sku: string): StockLevel | null {
    const row = this.sql
      .exec<{ unlimited: number; published: number; sold: number; reserved: number }>(
        `SELECT unlimited, published, sold,
           (SELECT COALESCE(SUM(quantity), 0) FROM reservations WHERE reservations.sku = stock.sku) AS reserved
         FROM stock WHERE sku = ?`,
        sku,
      )
      .toArray()[0]
    if (row === undefined) return null
    return {
      sku,
      unlimited: row.unlimited === 1,
      qtyInStock: Math.max(0, row.published - row.sold - row.reserved),
    }
  }

  /** Live stock of the seeded variants, in the seeds' order. */
  stock(seeds: StockSeed[], version: string): StockLevel[] {
    this.seed(seeds, version)
    this.dropExpired(Date.now())
    return seeds.map((seed) => this.level(seed.sku) ?? { sku: seed.sku, unlimited: false, qtyInStock: 0 })
  }

  /**
   * Holds every line's units under `key` (the order), all or none: the first line short of
   * stock is answered and nothing is held. A key that already holds or was committed is a
   * repeated submit of the same order, answered `duplicate` (so it is charged once).
   */
  reserve(
    key: string,
    lines: StockLine[],
    seeds: StockSeed[],
    version: string,
    /** The limits of the `coupon:` lines among `lines`; a code not named here has none. */
    limits: CouponLimit[] = [],
  ): ReserveResult {
    this.seed(seeds, version)
    const now = Date.now()
    this.dropExpired(now)
    return this.ctx.storage.transactionSync((): ReserveResult => {
      const taken =
        this.sql.exec('SELECT 1 FROM reservations WHERE key = ? LIMIT 1', key).toArray().length > 0 ||
        this.sql.exec('SELECT 1 FROM committed WHERE key = ?', key).toArray().length > 0
      if (taken) return { ok: false, duplicate: true }
      const wanted = new Map<string, number>()
      for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity)
      for (const [sku, quantity] of wanted) {
        if (sku.startsWith(COUPON_SKU_PREFIX)) {
          const code = sku.slice(COUPON_SKU_PREFIX.length)
          const limit = limits.find((entry) => entry.code === code)?.limit
          const left = limit === undefined ? quantity : this.couponLeft(code, limit)
          if (left < quantity) return { ok: false, sku, available: Math.max(0, left) }
          continue
        }
        const level = this.level(sku)
        if (level === null) return { ok: false, sku, available: 0 }
        if (!level.unlimited && level.qtyInStock < quantity)
          return { ok: false, sku, available: level.qtyInStock }
      }
      for (const [sku, quantity] of wanted)
        this.sql.exec(
          'INSERT INTO reservations (key, sku, quantity, created) VALUES (?, ?, ?, ?)',
          key,
          sku,
          quantity,
          now,
        )
      return { ok: true }
    })
  }

  /**
   * The units of a charged order become sold, once: a repeat is answered as the first. They are
   * what `key` holds; when its reservation is gone (it expired while the order waited to be
   * finished), the lines are taken from live stock now, all or none, and never beyond it: short
   * of stock, nothing is sold and the first short line is answered (the order is refunded).
   */
  commit(key: string, lines: StockLine[]): CommitResult {
    return this.ctx.storage.transactionSync((): CommitResult => {
      if (this.sql.exec('SELECT 1 FROM committed WHERE key = ?', key).toArray().length > 0)
        return { ok: true }
      let held = this.sql
        .exec<{ sku: string; quantity: number }>('SELECT sku, quantity FROM reservations WHERE key = ?', key)
        .toArray()
      if (held.length === 0) {
        const wanted = new Map<string, number>()
        for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity)
        for (const [sku, quantity] of wanted) {
          // A paid order keeps its code even past the limit: the charge already happened.
          if (sku.startsWith(COUPON_SKU_PREFIX)) continue
          const level = this.level(sku)
          if (level === null || (!level.unlimited && level.qtyInStock < quantity)) return { ok: false, sku }
        }
        held = [...wanted].map(([sku, quantity]) => ({ sku, quantity }))
      }
      for (const { sku, quantity } of held) {
        if (sku.startsWith(COUPON_SKU_PREFIX))
          this.sql.exec(
            `INSERT INTO coupon_uses (code, used) VALUES (?, ?)
             ON CONFLICT (code) DO UPDATE SET used = used + excluded.used`,
            sku.slice(COUPON_SKU_PREFIX.length),
            quantity,
          )
        else this.sql.exec('UPDATE stock SET sold = sold + ? WHERE sku = ?', quantity, sku)
      }
      this.sql.exec('DELETE FROM reservations WHERE key = ?', key)
      this.sql.exec('INSERT OR IGNORE INTO committed (key, at) VALUES (?, ?)', key, Date.now())
      return { ok: true }
    })
  }

  /** Frees what `key` held (a declined card, a checkout that never charged); committed units stay sold. */
  release(key: string): void {
    this.sql.exec('DELETE FROM reservations WHERE key = ?', key)
  }

  /** What `key` holds or sold, for checks: 'held', 'committed' or 'none'. */
  holding(key: string): 'held' | 'committed' | 'none' {
    if (this.sql.exec('SELECT 1 FROM committed WHERE key = ?', key).toArray().length > 0) return 'committed'
    return this.sql.exec('SELECT 1 FROM reservations WHERE key = ? LIMIT 1', key).toArray().length > 0
      ? 'held'
      : 'none'
  }
}
