// What analytics may keep (issue 18): order ids, checkout tokens, gift-card codes and other
// secret-bearing query parameters are scrubbed from every event (worker/analytics/scrub.ts), and
// the cart is named by an id derived from its HttpOnly cookie (worker/analytics/cart-id.ts).
import { describe, expect, it } from 'vitest'
import { isSecretName, scrubEventData, scrubText } from '../../worker/analytics/scrub'
import { newCartId, publicCartId } from '../../worker/commerce/cart-session'
import { newGiftCardCode } from '../../worker/commerce/order-states'

const ORDER = 'ord_0123456789abcdef01234567'

describe('scrubText', () => {
  it('Should name an order confirmation path by its pattern, not its order id', () => {
    expect(scrubText(`/commerce/orders/${ORDER}`)).toBe('/commerce/orders/{orderId}')
    expect(scrubText(`https://aurora.localhost/commerce/orders/${ORDER}?access=zz#top`)).toBe(
      'https://aurora.localhost/commerce/orders/{orderId}#top',
    )
  })

  it('Should redact an order id anywhere else, URL-encoded or in upper case', () => {
    expect(scrubText(`Order ${ORDER} failed`)).toBe('Order ord_[redacted] failed')
    expect(scrubText(`GET %2Fcommerce%2Forders%2F${ORDER}`)).toBe('GET %2Fcommerce%2Forders%2Ford_[redacted]')
    // A path inside a parameter is read as one.
    expect(scrubText(`next=%2Fcommerce%2Forders%2F${ORDER}`)).toBe(
      'next=%2Fcommerce%2Forders%2F%7BorderId%7D',
    )
    expect(scrubText(ORDER.toUpperCase().replace('ORD_', 'ord_'))).toBe('ord_[redacted]')
  })

  for (const name of ['cartToken', 'access', 'token', 'key', 'code', 'crumb', 'CartToken', 'TOKEN']) {
    it(`Should drop the ${name} query parameter and keep the others`, () => {
      expect(scrubText(`/checkout?${name}=s3cr3t.v4lue&step=2`)).toBe('/checkout?step=2')
      expect(scrubText(`/checkout?step=2&${name}=s3cr3t`)).toBe('/checkout?step=2')
      expect(scrubText(`https://aurora.localhost/checkout?a=1&${name}=x&b=2#f`)).toBe(
        'https://aurora.localhost/checkout?a=1&b=2#f',
      )
    })
  }

  it('Should drop the question mark when no parameter is left', () => {
    expect(scrubText('/checkout?cartToken=abc')).toBe('/checkout')
    expect(scrubText('https://aurora.localhost/commerce/subscription?cartToken=abc#x')).toBe(
      'https://aurora.localhost/commerce/subscription#x',
    )
  })

  it('Should scrub a bare query string (page_query_params) and leave a harmless one as it is', () => {
    expect(scrubText('cartToken=eyJhbGciOi.eyJzdWIi.sig&utm_source=mail')).toBe('utm_source=mail')
    expect(scrubText('cartToken=abc')).toBe('')
    expect(scrubText('page=2&q=tea')).toBe('page=2&q=tea')
  })

  it('Should drop secret parameters of a URL encoded inside another parameter', () => {
    expect(scrubText('/sign-in?next=%2Fcheckout%3FcartToken%3Dabc%26step%3D2')).toBe(
      '/sign-in?next=%2Fcheckout%3Fstep%3D2',
    )
  })

  it('Should drop secret parameters from a URL inside a message or a stack', () => {
    expect(scrubText('Failed to load /checkout?cartToken=abc at line 3')).toBe(
      'Failed to load /checkout at line 3',
    )
  })

  it('Should redact a gift-card code as the checkout makes them, and leave slugs alone', () => {
    const code = newGiftCardCode()
    expect(scrubText(`Your gift card ${code} is ready`)).toBe('Your gift card [redacted] is ready')
    expect(scrubText(`/commerce/gift-card?redeem=${code}`)).toBe('/commerce/gift-card?redeem=[redacted]')
    expect(scrubText('/blog/stay-warm-camp-gear')).toBe('/blog/stay-warm-camp-gear')
    // 0, 1, I and O are not in the codes' alphabet.
    expect(scrubText('AB10-CDEF-GHJK-LMNP')).toBe('AB10-CDEF-GHJK-LMNP')
  })

  it('Should leave text without secrets exactly as it was', () => {
    for (const text of [
      '/apparel/ridgeline-flannel-shirt',
      '/search?q=tea&page=2',
      'Ridgeline Flannel Shirt',
      '',
    ]) {
      expect(scrubText(text)).toBe(text)
    }
  })
})

describe('isSecretName', () => {
  it('Should know the names that carry secrets, in any case and as a last word', () => {
    for (const name of [
      'cartToken',
      'access',
      'xsrfToken',
      'captchaKey',
      'idempotencyKey',
      'access_token',
      'api-key',
      'client_secret',
    ])
      expect(isSecretName(name), name).toBe(true)
    for (const name of ['page', 'q', 'utm_source', 'monkey', 'keyword', 'currency_code', 'pagePath'])
      expect(isSecretName(name), name).toBe(false)
  })
})

describe('scrubEventData', () => {
  it('Should scrub every string at any depth and drop properties named like secrets', () => {
    const data = {
      pagePath: `/commerce/orders/${ORDER}`,
      count: 3,
      flag: true,
      nothing: null,
      referrer: 'https://aurora.localhost/checkout?cartToken=abc&step=2',
      customInfo: { token: 'abc', notes: [`see ${ORDER}`, { url: '/x?key=1' }] },
    }
    expect(scrubEventData(data)).toEqual({
      pagePath: '/commerce/orders/{orderId}',
      count: 3,
      flag: true,
      nothing: null,
      referrer: 'https://aurora.localhost/checkout?step=2',
      customInfo: { notes: ['see ord_[redacted]', { url: '/x' }] },
    })
  })

  it('Should change nothing the second time', () => {
    const once = scrubEventData({
      a: `/commerce/orders/${ORDER}?token=1`,
      b: newGiftCardCode(),
      c: `x ${ORDER}`,
    })
    expect(scrubEventData(once)).toEqual(once)
  })

  it('Should drop what is nested deeper than any event goes, instead of failing', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 10_000; i++) deep = [deep]
    expect(() => scrubEventData({ deep })).not.toThrow()
  })
})

describe('publicCartId, the cart’s id in analytics and the cart API', () => {
  it('Should name a cart by a stable id that is not the cookie’s value and differs per site', async () => {
    const cartId = newCartId()
    const id = await publicCartId('aurora', cartId)
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(id).not.toBe(cartId)
    expect(await publicCartId('aurora', cartId)).toBe(id)
    expect(await publicCartId('kissa', cartId)).not.toBe(id)
    expect(await publicCartId('aurora', newCartId())).not.toBe(id)
  })

  it('Should be base64url of the first 16 bytes of SHA-256 of cart-public|site|cart', async () => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('cart-public|aurora|abc'))
    const expected = btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 16)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    expect(await publicCartId('aurora', 'abc')).toBe(expected)
  })
})
