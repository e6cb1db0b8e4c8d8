/**
 * TEST ONLY: a signed token that stands in for a signed-in site user until site-user sessions
 * exist (branch `sessions`). It is read only when `TEST_SITE_USER_SECRET` is set, which only
 * the worker tests do (vitest.config.mts); wrangler.toml never sets it, so in development and
 * production this always answers null and every owner call is a 401.
 *
 * The token: `Authorization: Bearer <JWT>`, HS256 with that secret, audience `site:<siteId>`
 * (a token for one tenant is nothing to another), `sub` the user id, `roles` the website role
 * codes (platform.md section 6).
 */
import type { Context } from 'hono'
import { jwtVerify } from 'jose'
import type { AppEnv } from '../context'

export interface SiteUser {
  id: string
  /** Website role codes: ADMIN 1, STORE_MANAGER 8, ... */
  roles: readonly number[]
}

/** The test token's site user, or null (no secret configured, no token, or a bad one). */
export async function testOnlySiteUser(c: Context<AppEnv>): Promise<SiteUser | null> {
  const secret = c.env.TEST_SITE_USER_SECRET
  const header = c.req.header('Authorization')
  if (!secret || !header?.startsWith('Bearer ')) return null
  try {
    const { payload } = await jwtVerify(header.slice('Bearer '.length), new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      audience: `site:${c.var.tenant.siteId}`,
    })
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((r) => typeof r === 'number') : []
    return typeof payload.sub === 'string' ? { id: payload.sub, roles } : null
  } catch {
    return null
  }
}
