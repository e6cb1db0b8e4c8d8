/**
 * Owner-only calls (the restock sign-up lists and sends, storefront.md section 7): a signed-in
 * site user with the ADMIN or STORE_MANAGER website role. No user is a 401, another role a 403.
 *
 * `currentSiteUser` is the one seam where the site-user session is read. Until sessions land
 * (branch `sessions`) it reads the test-only token of test-site-user.ts, which nothing outside
 * the worker tests can present; the session check replaces that line.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { WebsiteRole } from '../../templates/shared'
import type { AppEnv } from '../context'
import { type SiteUser, testOnlySiteUser } from './test-site-user'

const OWNER_ROLES: ReadonlySet<number> = new Set([WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER])

/** The signed-in site user of the request, or null. */
export function currentSiteUser(c: Context<AppEnv>): Promise<SiteUser | null> {
  return testOnlySiteUser(c)
}

/** Lets through only a signed-in ADMIN or STORE_MANAGER of this site. */
export function requireStoreOwner(): MiddlewareHandler<AppEnv> {
  return async function requireStoreOwner(c, next) {
    const user = await currentSiteUser(c)
    if (user === null) return c.json({ message: 'Sign in as the store’s owner or manager to do this.' }, 401)
    if (!user.roles.some((role) => OWNER_ROLES.has(role))) {
      return c.json({ message: 'Only the store’s administrators and store managers can do this.' }, 403)
    }
    await next()
  }
}
