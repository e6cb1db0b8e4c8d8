/**
 * The add-to-cart rules (storefront.md section 5, "Add to cart"), one module for the worker and
 * the browser: the island checks a choice before it calls the cart API, the API checks the same
 * call again with the same functions and answers with the same words. Plain data in, a message
 * (or null) out; nothing here reads the DOM or storage.
 */
import { ProductType, QUANTITY_INPUT } from '../enumerations'
import { CART_TEXT } from '../text/cart'
import { COMMERCE_TEXT, selectOptionsMessage } from '../text/commerce'

/** A variant as the rules read it (the catalog's variant, or the island's `data-variants` entry). */
export interface RuleVariant {
  readonly id?: string
  readonly sku?: string
  readonly attributes?: Readonly<Record<string, string>>
  readonly unlimited?: boolean
  readonly qtyInStock?: number
}

/** What is known about the product being added. */
export interface RuleProduct {
  readonly productType: number
  readonly variants: readonly RuleVariant[]
  /** Option names in display order (`variantOptionOrdering`); empty for a single variant. */
  readonly options: readonly string[]
}

/** A refusal: the message the shopper reads and the HTTP status the API answers with. */
interface RuleFailure {
  readonly ok: false
  readonly message: string
  readonly status: 400 | 404 | 409
}

type QuantityResult = { readonly ok: true; readonly quantity: number } | RuleFailure

const fail = (message: string, status: RuleFailure['status'] = 400): RuleFailure => ({
  ok: false,
  message,
  status,
})

/** A quantity as typed: plain decimal digits, an optional sign and fraction. */
const DECIMAL = /^[+-]?\d{1,16}(\.\d{1,16})?$/

/**
 * The quantity as typed (a string from the input, a number from JSON): a number
 * ('Quantity must be a number.'), whole ('Quantity must be a whole number'), 1 to 9999.
 */
export function parseQuantity(raw: unknown): QuantityResult {
  const text = typeof raw === 'string' ? raw.trim() : ''
  // Plain decimal notation only: `Number()` would also read '0x10' as 16, '1e3' as 1000, '' as 0.
  const value = typeof raw === 'number' ? raw : DECIMAL.test(text) ? Number(text) : Number.NaN
  if (!Number.isFinite(value)) return fail(COMMERCE_TEXT.quantityNotNumber)
  if (!Number.isInteger(value)) return fail(COMMERCE_TEXT.quantityNotWhole)
  if (value < QUANTITY_INPUT.min || value > QUANTITY_INPUT.max) return fail(CART_TEXT.quantityRange)
  return { ok: true, quantity: value }
}

/** Whether a product type never runs out (storefront.md section 4: digital and gift cards). */
export function isAlwaysInStock(productType: number): boolean {
  return productType === ProductType.DIGITAL || productType === ProductType.GIFT_CARD
}

/** Units of a variant that can still be bought; `Infinity` when unlimited. */
function availableUnits(productType: number, variant: RuleVariant): number {
  if (isAlwaysInStock(productType) || variant.unlimited === true) return Number.POSITIVE_INFINITY
  return Math.max(0, variant.qtyInStock ?? 0)
}

/**
 * The message for options left unselected: 'Please select the Size option.', the two-option
 * form, the list form; a gift card's denomination has its own sentence. Null when all are chosen.
 */
export function unselectedOptionsError(
  product: RuleProduct,
  chosen: Readonly<Record<string, string>>,
): string | null {
  const missing = product.options.filter((name) => !chosen[name])
  if (missing.length === 0) return null
  if (product.productType === ProductType.GIFT_CARD) return COMMERCE_TEXT.giftCardDenomination
  return selectOptionsMessage(missing)
}

/** The variant whose attributes are exactly the chosen values. */
export function variantForChoice(
  product: RuleProduct,
  chosen: Readonly<Record<string, string>>,
): RuleVariant | undefined {
  if (product.variants.length === 1 && product.options.length === 0) return product.variants[0]
  return product.variants.find((variant) => {
    const attributes = variant.attributes ?? {}
    const names = Object.keys(attributes)
    return names.length === product.options.length && names.every((name) => attributes[name] === chosen[name])
  })
}

interface AddCheck {
  /** The variant being added (by the shopper's choice on the page, by sku in the API). */
  readonly variant: RuleVariant | undefined
  /** The quantity as typed. */
  readonly quantity: unknown
  /** Units of that variant the cart already holds. */
  readonly inCart: number
}

/**
 * The variant exists ('Sorry, that item variant is unavailable…'), the quantity is valid, and
 * the stock covers what the cart would then hold ('Sorry, we do not have enough of that item
 * available.'). Options are checked before this (`unselectedOptionsError`) where the shopper
 * chooses them.
 */
export function checkAddToCart(
  product: RuleProduct,
  check: AddCheck,
): { readonly ok: true; readonly variant: RuleVariant; readonly quantity: number } | RuleFailure {
  const { variant } = check
  if (variant === undefined) return fail(COMMERCE_TEXT.variantUnavailable)
  const quantity = parseQuantity(check.quantity)
  if (!quantity.ok) return quantity
  if (check.inCart + quantity.quantity > availableUnits(product.productType, variant))
    return fail(COMMERCE_TEXT.notEnoughStock, 409)
  return { ok: true, variant, quantity: quantity.quantity }
}

/**
 * A new quantity for an entry already in the cart (the cart page): valid, and covered by stock.
 */
export function checkEntryQuantity(
  productType: number,
  variant: RuleVariant,
  quantity: unknown,
): QuantityResult {
  const parsed = parseQuantity(quantity)
  if (!parsed.ok) return parsed
  if (parsed.quantity > availableUnits(productType, variant)) return fail(COMMERCE_TEXT.notEnoughStock, 409)
  return parsed
}

/**
 * Installments in the cart and checkout (storefront.md section 5): offered only when every
 * item is a physical product; an empty or missing cart is not eligible.
 */
export function isCartInstallmentEligible(
  entries: readonly { readonly productType: number }[] | null | undefined,
): boolean {
  return (
    entries !== null &&
    entries !== undefined &&
    entries.length > 0 &&
    entries.every((entry) => entry.productType === ProductType.PHYSICAL)
  )
}
