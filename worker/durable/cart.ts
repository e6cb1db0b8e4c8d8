import { DurableObject } from 'cloudflare:workers'
import {
  CART_TEXT,
  checkAddToCart,
  checkEntryQuantity,
  QUANTITY_INPUT,
  type RuleVariant,
} from '../../shared/index'
import { randomId } from '../crypto/encoding'
import type { Env } from '../env'

/** One line of a cart as stored. */
export interface StoredEntry {
  id: string
  itemId: string
  sku: string
  quantity: number
  /** JSON text of the additional-fields answers, or null. */
  additionalFields: string | null
  added: number
}

/** A cart as stored: the ids, its state and its lines in the order they were added. */
export interface StoredCart {
  id: string
  siteId: string
  created: number
  isPurchased: boolean
  orderId: string | null
  entries: StoredEntry[]
  /** The shopper's shipping location, option and discount codes (issue 25); priced by commerce/pricing.ts. */
  choice: StoredChoice
}

export interface StoredChoice {
  location: { country: string; region: string; postalCode: string } | null
  optionId: string | null
  codes: string[]
}

const NO_CHOICE: StoredChoice = { location: null, optionId: null, codes: [] }

/** What the worker knows about the variant being added or changed: its type and live stock. */
export interface EntryStock {
  productType: number
  variant: RuleVariant
}

/** Whether a checkout may take the cart, and why not. */
export type CheckoutLock =
  | { ok: true }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'paid'; orderId: string }
  /** `since`: when the holder took the cart (epoch ms). */
  | { ok: false; reason: 'in-checkout'; orderId: string; since: number }

export type CartChange =
  /** `replayed`: an add whose idempotency key this cart had seen: nothing was added now. */
  | { ok: true; cart: StoredCart; entryId: string; replayed?: boolean }
  | { ok: false; message: string; status: 400 | 404 | 409 | 422 }

/** An add's idempotency key and what it asked for (the entry as the worker normalised it). */
export interface AddKey {
  key: string
  request: string
  /** How long the cart remembers it: `ADD_KEY_LIFETIME_MS` unless told. */
  lifetimeMs?: number
}

/** How long a cart remembers an add's idempotency key (draft-ietf-httpapi-idempotency-key-header §2.6: the server says). */
export const ADD_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000
/** The refusal of a key that this cart saw with another request. */
export const KEY_REUSED = 'key-reused'

function newEntryId(): string {
  return randomId(9)
}

/**
 * One shopping cart (docs/architecture.md, "What is strongly consistent"), addressed by the tenant's
 * site id and the id in the visitor's HttpOnly cart cookie (`siteId/cartId`): the same id under
 * another tenant names another, empty object, so a cart id is useless anywhere else. Every add,
 * change and removal is one synchronous step over SQLite, checked with the shared add-to-cart
 * rules against the live stock the worker read (the order's reservation checks stock again).
 *
 * An add may carry an idempotency key (issue 19): the cart keeps each key with the request and
 * the entry it added for `ADD_KEY_LIFETIME_MS` (or the key's own lifetime), in the same
 * synchronous step as the add, so a retry with the key adds nothing and answers that entry, and
 * the key sent with another request is refused (422).
 */
export class CartObject extends DurableObject<Env> {
  private readonly sql: SqlStorage

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.sql = ctx.storage.sql
    this.sql.exec(`CREATE TABLE IF NOT EXISTS cart (
      one INTEGER PRIMARY KEY CHECK (one = 1), id TEXT NOT NULL, site_id TEXT NOT NULL,
      created INTEGER NOT NULL, is_purchased INTEGER NOT NULL DEFAULT 0, order_id TEXT)`)
    // The order whose checkout holds the cart: one checkout at a time, so two tabs cannot pay it twice.
    const columns = this.sql.exec<{ name: string }>('PRAGMA table_info(cart)').toArray()
    if (!columns.some((column) => column.name === 'checkout_order')) {
      this.sql.exec('ALTER TABLE cart ADD COLUMN checkout_order TEXT')
      this.sql.exec('ALTER TABLE cart ADD COLUMN checkout_since INTEGER')
    }
    // Issue 25: the shopper's shipping location, option and codes, JSON of StoredChoice.
    if (!columns.some((column) => column.name === 'choice'))
      this.sql.exec('ALTER TABLE cart ADD COLUMN choice TEXT')
    this.sql.exec(`CREATE TABLE IF NOT EXISTS entries (
      id TEXT PRIMARY KEY, item_id TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL,
      additional_fields TEXT, added INTEGER NOT NULL)`)
    this.sql.exec(`CREATE TABLE IF NOT EXISTS add_keys (
      key TEXT PRIMARY KEY, request TEXT NOT NULL, entry_id TEXT NOT NULL, expires INTEGER NOT NULL)`)
    this.sql.exec('CREATE INDEX IF NOT EXISTS add_keys_expires ON add_keys (expires)')
  }

  /** What an add with a key seen before answers: that add's entry, or the refusal of another request. */
  private earlierAdd(idempotency: AddKey, now: number): CartChange | null {
    this.sql.exec('DELETE FROM add_keys WHERE expires <= ?', now)
    const seen = this.sql
      .exec<{ request: string; entry_id: string }>(
        'SELECT request, entry_id FROM add_keys WHERE key = ?',
        idempotency.key,
      )
      .toArray()[0]
    if (seen === undefined) return null
    if (seen.request !== idempotency.request) return { ok: false, message: KEY_REUSED, status: 422 }
    return { ok: true, cart: this.read() as StoredCart, entryId: seen.entry_id, replayed: true }
  }

  private read(): StoredCart | null {
    const row = this.sql
      .exec<{
        id: string
        site_id: string
        created: number
        is_purchased: number
        order_id: string | null
        choice: string | null
      }>('SELECT id, site_id, created, is_purchased, order_id, choice FROM cart')
      .toArray()[0]
    if (row === undefined) return null
    const entries = this.sql
      .exec<{
        id: string
        item_id: string
        sku: string
        quantity: number
        additional_fields: string | null
        added: number
      }>('SELECT id, item_id, sku, quantity, additional_fields, added FROM entries ORDER BY added, id')
      .toArray()
      .map((e) => ({
        id: e.id,
        itemId: e.item_id,
        sku: e.sku,
        quantity: e.quantity,
        additionalFields: e.additional_fields,
        added: e.added,
      }))
    return {
      id: row.id,
      siteId: row.site_id,
      created: row.created,
      isPurchased: row.is_purchased === 1,
      orderId: row.order_id,
      entries,
      choice: row.choice === null ? NO_CHOICE : (JSON.parse(row.choice) as StoredChoice),
    }
  }

  /** The cart, or null when nothing was ever added to it. */
  snapshot(siteId: string): StoredCart | null {
    const cart = this.read()
    return cart !== null && cart.siteId === siteId ? cart : null
  }

  private unitsOf(sku: string, except: string | null): number {
    return (
      this.sql
        .exec<{ n: number | null }>(
          'SELECT SUM(quantity) AS n FROM entries WHERE sku = ? AND id IS NOT ?',
          sku,
          except,
        )
        .one().n ?? 0
    )
  }

  /**
   * Adds units of a variant: to the entry with the same variant and answers, else as a new
   * entry. Refused when the stock does not cover what the cart would then hold. Creates the
   * cart on its first add. With a key seen before, adds nothing (see the class comment); the
   * key is looked up before stock, since the units it added are in the cart now.
   */
  addEntry(
    siteId: string,
    cartId: string,
    entry: { itemId: string; sku: string; quantity: number; additionalFields: string | null },
    stock: EntryStock,
    idempotency: AddKey | null = null,
  ): CartChange {
    const existing = this.read()
    if (existing !== null && (existing.siteId !== siteId || existing.isPurchased))
      return { ok: false, message: 'cart-closed', status: 409 }
    const now = Date.now()
    const earlier = idempotency === null ? null : this.earlierAdd(idempotency, now)
    if (earlier !== null) return earlier
    const check = checkAddToCart(
      { productType: stock.productType, variants: [stock.variant], options: [] },
      { variant: stock.variant, quantity: entry.quantity, inCart: this.unitsOf(entry.sku, null) },
    )
    if (!check.ok) return check
    const same = this.sql
      .exec<{ id: string; quantity: number }>(
        'SELECT id, quantity FROM entries WHERE item_id = ? AND sku = ? AND additional_fields IS ?',
        entry.itemId,
        entry.sku,
        entry.additionalFields,
      )
      .toArray()[0]
    // A line holds at most 9,999 units however it got there (repeated adds included).
    if ((same?.quantity ?? 0) + check.quantity > QUANTITY_INPUT.max)
      return { ok: false, message: CART_TEXT.quantityRange, status: 400 }
    if (existing === null)
      this.sql.exec('INSERT INTO cart (one, id, site_id, created) VALUES (1, ?, ?, ?)', cartId, siteId, now)
    let entryId: string
    if (same) {
      entryId = same.id
      this.sql.exec('UPDATE entries SET quantity = quantity + ? WHERE id = ?', check.quantity, entryId)
    } else {
      entryId = newEntryId()
      this.sql.exec(
        'INSERT INTO entries (id, item_id, sku, quantity, additional_fields, added) VALUES (?, ?, ?, ?, ?, ?)',
        entryId,
        entry.itemId,
        entry.sku,
        check.quantity,
        entry.additionalFields,
        now,
      )
    }
    if (idempotency !== null)
      this.sql.exec(
        'INSERT INTO add_keys (key, request, entry_id, expires) VALUES (?, ?, ?, ?)',
        idempotency.key,
        idempotency.request,
        entryId,
        now + (idempotency.lifetimeMs ?? ADD_KEY_LIFETIME_MS),
      )
    return { ok: true, cart: this.read() as StoredCart, entryId }
  }

  private openEntry(siteId: string, entryId: string): StoredEntry | null {
    const cart = this.snapshot(siteId)
    if (cart === null || cart.isPurchased) return null
    return cart.entries.find((e) => e.id === entryId) ?? null
  }

  /** A new quantity for an entry, covered by stock together with the cart's other entries of that variant. */
  setQuantity(siteId: string, entryId: string, quantity: number, stock: EntryStock): CartChange {
    const entry = this.openEntry(siteId, entryId)
    if (entry === null) return { ok: false, message: 'no-entry', status: 404 }
    const others = this.unitsOf(entry.sku, entryId)
    const available = stock.variant.unlimited
      ? stock.variant
      : { ...stock.variant, qtyInStock: Math.max(0, (stock.variant.qtyInStock ?? 0) - others) }
    const check = checkEntryQuantity(stock.productType, available, quantity)
    if (!check.ok) return check
    this.sql.exec('UPDATE entries SET quantity = ? WHERE id = ?', check.quantity, entryId)
    return { ok: true, cart: this.read() as StoredCart, entryId }
  }

  removeEntry(siteId: string, entryId: string): CartChange {
    const entry = this.openEntry(siteId, entryId)
    if (entry === null) return { ok: false, message: 'no-entry', status: 404 }
    this.sql.exec('DELETE FROM entries WHERE id = ?', entryId)
    return { ok: true, cart: this.read() as StoredCart, entryId }
  }

  /** Replaces an entry's additional-fields answers (already validated by the worker). */
  setAdditionalFields(siteId: string, entryId: string, additionalFields: string | null): CartChange {
    const entry = this.openEntry(siteId, entryId)
    if (entry === null) return { ok: false, message: 'no-entry', status: 404 }
    this.sql.exec('UPDATE entries SET additional_fields = ? WHERE id = ?', additionalFields, entryId)
    return { ok: true, cart: this.read() as StoredCart, entryId }
  }

  /**
   * Changes the shopper's shipping location, option or codes (already checked by the worker);
   * refused on a cart never filled or already paid.
   */
  setChoice(siteId: string, change: Partial<StoredChoice>): StoredCart | null {
    const cart = this.snapshot(siteId)
    if (cart === null || cart.isPurchased) return null
    const next: StoredChoice = { ...cart.choice, ...change }
    this.sql.exec('UPDATE cart SET choice = ?', JSON.stringify(next))
    return { ...cart, choice: next }
  }

  /**
   * A checkout of `orderId` takes the cart: refused while another order's checkout holds it
   * (`replacing` names one the caller found failed, which may be taken over) or once the cart
   * is paid. A repeat by the same order is answered as the first.
   */
  beginCheckout(siteId: string, orderId: string, replacing: string | null = null): CheckoutLock {
    const cart = this.snapshot(siteId)
    if (cart === null) return { ok: false, reason: 'empty' }
    if (cart.isPurchased) return { ok: false, reason: 'paid', orderId: cart.orderId ?? '' }
    const lock = this.sql
      .exec<{ o: string | null; since: number | null }>(
        'SELECT checkout_order AS o, checkout_since AS since FROM cart',
      )
      .one()
    if (lock.o !== null && lock.o !== orderId && lock.o !== replacing)
      return { ok: false, reason: 'in-checkout', orderId: lock.o, since: lock.since ?? 0 }
    if (lock.o !== orderId)
      this.sql.exec('UPDATE cart SET checkout_order = ?, checkout_since = ?', orderId, Date.now())
    return { ok: true }
  }

  /** The checkout of `orderId` ended without payment: the cart is free for another. */
  endCheckout(siteId: string, orderId: string): void {
    if (this.snapshot(siteId) === null) return
    this.sql.exec(
      'UPDATE cart SET checkout_order = NULL, checkout_since = NULL WHERE checkout_order = ?',
      orderId,
    )
  }

  /** The order went through: the cart is closed and names its order (a repeat is harmless). */
  markPurchased(siteId: string, orderId: string): boolean {
    const cart = this.snapshot(siteId)
    if (cart === null) return false
    if (cart.isPurchased) return cart.orderId === orderId
    this.sql.exec(
      'UPDATE cart SET is_purchased = 1, order_id = ?, checkout_order = NULL, checkout_since = NULL',
      orderId,
    )
    return true
  }
}
