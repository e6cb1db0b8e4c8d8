import type { Env } from './env'
import type { Site } from './records'

/** The tenant a request belongs to, resolved once by `resolveTenant`. */
export interface Tenant {
  siteId: string
  site: Site
  /** Content version from `site:<id>:version`. */
  version: string
  hostname: string
  /** Scheme, host and port the visitor used: the base of canonical and sitemap URLs. */
  origin: string
}

/** Hono's environment for this app: plain types, no generated route typing. */
export interface AppEnv {
  Bindings: Env
  Variables: { tenant: Tenant }
}
