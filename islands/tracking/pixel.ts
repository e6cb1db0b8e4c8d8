/**
 * The pixel hook (storefront.md section 7): pixel events (add to cart, search, newsletter
 * sign-up, product view, account creation) pushed onto a `dataLayer`-style array the
 * merchant's tag manager reads, `window[website.pixelHook.queue]`. Off unless the site turns it
 * on; nothing is loaded from a third party.
 */
import type { TrackingContext } from './contract'

export type PixelEvent = 'add_to_cart' | 'search' | 'newsletter_sign_up' | 'product_view' | 'account_creation'

export type Pixel = (event: PixelEvent, data?: Record<string, unknown>) => void

/** The page's pixel: pushes onto the queue, or does nothing when the hook is off. */
export function pixelHook(context: TrackingContext): Pixel {
  const name = context.pixelQueue
  if (name === null) return () => {}
  const host = window as unknown as Record<string, unknown>
  const existing = host[name]
  const queue: unknown[] = Array.isArray(existing) ? existing : []
  host[name] = queue
  return (event, data = {}) => {
    queue.push({ event, ...data })
  }
}
