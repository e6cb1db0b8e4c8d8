import type { SessionClaims } from './auth/tokens'
import type { Catalog } from './catalog'
import type { Env } from './env'
import type { SiteUserSession } from './middleware/site-user'
import type { Site } from './records'
import type { PageActionResult } from './routes/page-posts'

/** The tenant a request belongs to, resolved once by `resolveTenant`. */
export interface Tenant {
  siteId: string
  site: Site
  /** Content version from `site:<id>:version`. */
  version: string
  hostname: string
  /**
   * Scheme, host and port of the tenant's canonical URLs: `https://` and its primary domain when
   * the site record names one, else what the visitor used (without a trailing dot).
   */
  origin: string
}

/** Hono's environment for this app: plain types, no generated route typing. */
export interface AppEnv {
  Bindings: Env
  Variables: {
    tenant: Tenant
    /** The request's reader of its tenant's records. */
    catalog: Catalog
    /** The visitor's crumb (middleware/crumb.ts): from the cookie, or new on this response. */
    crumb: string
    /** Whether the crumb came with the request (a valid cookie) rather than minted for this response. */
    knownVisitor: boolean
    /** What a plain HTML form post to this page did (routes/page-posts.ts); unset on GET. */
    pageAction?: PageActionResult
    /** The site-user cookie's verified token, once read (middleware/site-user.ts). */
    siteUserToken: SessionClaims | 'expired' | 'invalid' | null
    /** The signed-in site user below `requireSiteUser()` / `requireSiteUserRole()`. */
    siteUser: SiteUserSession
  }
}
