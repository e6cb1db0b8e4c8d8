import { exports } from 'cloudflare:workers'
import { CHECKOUT_ADDRESS } from '../fixtures/checkout-address'
import { newCrumb } from './visitor'

/** One visitor of one tenant: a crumb of its own and a cookie jar, as a browser keeps them. */
export class Shopper {
  readonly cookies = new Map<string, string>()

  constructor(
    readonly host: string,
    crumb: string | null = Shopper.newCrumb(),
  ) {
    if (crumb !== null) this.cookies.set('crumb', crumb)
  }

  /** A crumb the worker signed (tests/worker/visitor.ts). */
  static newCrumb(): string {
    return newCrumb()
  }

  get crumb(): string {
    return this.cookies.get('crumb') ?? ''
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** How requests reach the worker: the real one unless a test routes them through other bindings. */
  send: (request: Request) => Promise<Response> = (request) => exports.default.fetch(request)

  /** Sends a request with the jar's cookies and keeps what the response sets (max-age 0 clears). */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader())
    const response = await this.send(
      new Request(`http://${this.host}${path}`, { redirect: 'manual', ...init, headers }),
    )
    for (const cookie of response.headers.getAll('Set-Cookie')) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (/max-age=0/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** A JSON API call from a script: with the crumb header unless told otherwise. */
  api(method: string, path: string, body?: unknown, options: { crumb?: boolean; raw?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.crumb !== false) headers['X-CSRF-Token'] = this.crumb
    return this.fetch(path, {
      method,
      headers,
      body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    })
  }

  add(itemId: string, sku: string, quantity: unknown = 1, additionalFields?: string | null) {
    return this.api('POST', '/api/commerce/shopping-cart/entries', {
      itemId,
      sku,
      quantity,
      additionalFields,
    })
  }

  /** A plain HTML form post from the tenant's own page. */
  form(path: string, fields: Record<string, string>) {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${this.host}` },
      body: new URLSearchParams(fields).toString(),
    })
  }

  /** Opens checkout and sends the form with `values` (the test card unless told). */
  async checkout(values: Partial<Record<string, string>> = {}, key?: string): Promise<Response> {
    const page = await this.fetch('/checkout')
    const html = await page.text()
    const idempotencyKey =
      key ?? /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? 'missing-key-000000'
    return this.form('/checkout', { ...ADDRESS, idempotencyKey, ...values } as Record<string, string>)
  }
}

export const ADDRESS = { email: 'ada@example.com', ...CHECKOUT_ADDRESS }

export const AXE = { itemId: 'aurora-item-0047', sku: 'AO-AX' }
export const FLANNEL = { itemId: 'aurora-item-0002' }
