/**
 * The browser's side of the commerce API: the crumb sent as `X-CSRF-Token`, and each refusal
 * turned into the words the shopper reads (storefront.md section 8): a crumb failure is 'Your
 * session has expired…' (or 'Please enable cookies…' with cookies off), a 429 'Please try again
 * in a few seconds.', anything else the server's message.
 */

import type { CartEntryView, ShoppingCart } from '../../shared/index'
import { COMMERCE_TEXT, COOKIE } from '../../shared/index'
import { type CartLineDetail, dispatchIslandEvent, ISLAND_EVENT } from '../constants'
import { readPageCookie } from './cookies'

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string }

/** The sentence for a refused call. */
export function refusalMessage(
  status: number,
  body: { crumbFail?: boolean; message?: string } | null,
): string {
  if (body?.crumbFail)
    return navigator.cookieEnabled ? COMMERCE_TEXT.sessionExpired : COMMERCE_TEXT.enableCookies
  if (status === 429) return COMMERCE_TEXT.tryAgainShortly
  return body?.message ?? COMMERCE_TEXT.tryAgainShortly
}

/** Calls the API with the crumb (and any other `headers`); never throws. */
export async function callApi<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'X-CSRF-Token': readPageCookie(COOKIE.visitor),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json().catch(() => null)) as
      | (T & { crumbFail?: boolean; message?: string })
      | null
    if (response.ok && json !== null) return { ok: true, data: json }
    return { ok: false, status: response.status, message: refusalMessage(response.status, json) }
  } catch {
    return { ok: false, status: 0, message: COMMERCE_TEXT.tryAgainShortly }
  }
}

/** Tells the page (the pill cart) the cart's new count. */
export function announceCart(totalQuantity: number): void {
  dispatchIslandEvent(document, ISLAND_EVENT.cartChange, { totalQuantity })
}

/**
 * Tells the tracking script a line was added or removed (CommerceShopping_AddToCart and
 * _RemoveFromCart), with the cart's id and count after the change.
 */
export function announceCartLine(
  change: 'add' | 'remove',
  cart: ShoppingCart,
  line: Omit<CartLineDetail, 'cartId' | 'cartQuantity'>,
): void {
  const name = change === 'add' ? ISLAND_EVENT.addToCart : ISLAND_EVENT.removeFromCart
  dispatchIslandEvent(document, name, { ...line, cartId: cart.id, cartQuantity: cart.totalQuantity })
}

/** A cart page entry as a changed line of `quantity` units (the cart page knows its title and type). */
export function entryLine(
  entry: CartEntryView,
  quantity: number,
): Omit<CartLineDetail, 'cartId' | 'cartQuantity'> {
  return {
    itemId: entry.itemId,
    sku: entry.chosenVariant.sku,
    quantity,
    variant: {
      sku: entry.chosenVariant.sku,
      attributes: entry.chosenVariant.attributes,
      priceMoney: entry.unitPrice,
    },
    title: entry.title,
    productType: entry.productType,
  }
}
