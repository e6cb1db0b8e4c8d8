/**
 * Security headers on every response, set in one place: a Content-Security-Policy that lets a
 * page run only the site's own scripts (plus the third-party providers the tenant configures),
 * style itself only with its own stylesheets and the inline style block it declares by hash
 * (so a cached page stays valid), load images and media from the site and the hosts its records
 * name, and be framed only by the site itself (plus origins the tenant allows); and
 * `nosniff`, `strict-origin-when-cross-origin` and a Permissions-Policy that turns off what a
 * storefront does not use.
 *
 * Pages report the hash of their inline style block in `INLINE_STYLE_HASHES`; this middleware
 * folds it into the policy and drops the header.
 */
import type { MiddlewareHandler } from 'hono'
import { COMMENT_SERVICE_NAME, commentServiceOrigins } from '../../shared/index'
import type { AppEnv, Tenant } from '../env'
import { INLINE_STYLE_HASHES } from '../http/headers'
import { AFTERPAY_ORIGIN, installmentsShown } from '../providers/installment-terms'
import { SettledCache } from '../runtime/isolate-cache'

/** What a third-party provider needs, by kind of source. */
export interface ProviderOrigins {
  script?: readonly string[]
  frame?: readonly string[]
  connect?: readonly string[]
  img?: readonly string[]
  style?: readonly string[]
  font?: readonly string[]
}

/**
 * Providers a tenant can configure, and the origins each needs. Features that add a provider
 * (captcha, payments, pixels) list it here; `providerOrigins` picks those the tenant uses.
 */
export const KNOWN_PROVIDERS: Readonly<Record<string, ProviderOrigins>> = {
  recaptcha: {
    script: ['https://www.google.com', 'https://www.gstatic.com'],
    frame: ['https://www.google.com'],
  },
  stripe: {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
  'meta-pixel': { script: ['https://connect.facebook.net'], img: ['https://www.facebook.com'] },
  // A site's Typekit Kit (`theme.typekitKitId`): its stylesheet, which imports p.typekit.net's, and the fonts.
  typekit: {
    style: ['https://use.typekit.net', 'https://p.typekit.net'],
    font: ['https://use.typekit.net', 'https://p.typekit.net'],
  },
  // The installment dialog frames the provider's modal page after fetching it (a redirect from
  // routes/installment-modal.ts lands there): only on sites that show installments.
  afterpay: { frame: [AFTERPAY_ORIGIN], connect: [AFTERPAY_ORIGIN] },
  'google-tag': {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://www.google-analytics.com'],
    img: ['https://www.google-analytics.com'],
  },
}

/** Features a storefront never uses; `payment` stays with the site for a payment sheet. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'payment=(self)',
  'fullscreen=(self)',
].join(', ')

function originsOf(tenant: Tenant | undefined): {
  providers: ProviderOrigins[]
  media: readonly string[]
  embed: readonly string[]
} {
  const security = tenant?.site.website.security
  const names = [
    ...(security?.providers ?? []),
    ...(tenant?.site.theme?.typekitKitId ? ['typekit'] : []),
    ...(installmentsShown(tenant?.site) ? ['afterpay'] : []),
  ]
  const providers = names
    .map((name) => KNOWN_PROVIDERS[name])
    .filter((p): p is ProviderOrigins => p !== undefined)
  // A comment service's thread (`disqusShortname`, issue 24): its origins on this site's pages only.
  const shortname = tenant?.site.website.disqusShortname
  if (shortname && COMMENT_SERVICE_NAME.test(shortname)) providers.push(commentServiceOrigins(shortname))
  return { providers, media: security?.mediaOrigins ?? [], embed: security?.embedOrigins ?? [] }
}

/** The policy for a response of `tenant` (none for an unknown host) with these inline style hashes. */
export function contentSecurityPolicy(tenant: Tenant | undefined, styleHashes: readonly string[]): string {
  const { providers, media, embed } = originsOf(tenant)
  const from = (kind: keyof ProviderOrigins) => providers.flatMap((p) => p[kind] ?? [])
  const sources = (...list: (string | readonly string[])[]) => [...new Set(list.flat())].join(' ')
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", from('script'))}`,
    `style-src ${sources("'self'", styleHashes, from('style'))}`,
    // The gallery's ratio variables and the form summaries' reference markup use style="".
    "style-src-attr 'unsafe-inline'",
    `img-src ${sources("'self'", 'data:', media, from('img'))}`,
    `media-src ${sources("'self'", media)}`,
    `font-src ${sources("'self'", 'data:', from('font'))}`,
    `connect-src ${sources("'self'", from('connect'))}`,
    `frame-src ${sources("'self'", from('frame'))}`,
    `frame-ancestors ${sources("'self'", embed)}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * Each tenant's policy per content version and style hashes, kept by the isolate: a page-cache
 * hit would otherwise build the same string again on every view (issue 26).
 */
const policies = new SettledCache<string>(2_000)

function policyFor(tenant: Tenant | undefined, hashes: string): string {
  const list = hashes.split(' ').filter(Boolean)
  if (tenant === undefined) return contentSecurityPolicy(undefined, list)
  const key = `${tenant.siteId}\u0000${tenant.version}\u0000${hashes}`
  return policies.get(key) ?? policies.set(key, contentSecurityPolicy(tenant, list))
}

/** Sets the security headers on every response below it. */
export function secureHeaders(): MiddlewareHandler<AppEnv> {
  return async function secureHeaders(c, next) {
    await next()
    const headers = c.res.headers
    const hashes = headers.get(INLINE_STYLE_HASHES) ?? ''
    headers.delete(INLINE_STYLE_HASHES)
    headers.set('Content-Security-Policy', policyFor(c.get('tenant'), hashes))
    headers.set('X-Content-Type-Options', 'nosniff')
    // A personal page asks for none (its URL can carry an order id or a token).
    if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  }
}
