import { exports } from 'cloudflare:workers'

/** A GET to the worker as a browser on `host` would send it. */
export function visit(host: string, path = '/', init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://${host}${path}`, init))
}

/** The demo tenants of kv-fixtures/, with what each must show. */
export const DEMO_TENANTS = [
  { host: 'aurora.localhost', siteId: 'aurora', title: 'Aurora Outfitters', lang: 'en-US', currency: 'USD' },
  { host: 'kissa.localhost', siteId: 'kissa', title: 'Kissa Tea', lang: 'ja-JP', currency: 'JPY' },
  { host: 'journal.localhost', siteId: 'journal', title: 'Field Journal', lang: 'en-US', currency: 'USD' },
] as const
