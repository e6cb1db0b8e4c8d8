/**
 * D1 access to `site_users` and `site_user_roles` (worker/migrations/0004_sessions_analytics.sql):
 * a tenant's site users, their password hashes and their website roles. Every query names the
 * site: one tenant never reads another's accounts.
 */
import type { DemoTable } from './demo'

export interface SiteUser {
  id: string
  siteId: string
  email: string
  displayName: string
  passwordHash: string
  /** Website role numbers (platform.md section 6), ascending. */
  roles: number[]
}

/** A site user to store (demo seeding, tests, and sign-up once it exists). */
export type NewSiteUser = Omit<SiteUser, 'roles'> & { roles: readonly number[] }

interface SiteUserRow {
  id: string
  site_id: string
  email: string
  display_name: string
  password_hash: string
  roles: string | null
}

/** Emails are compared as written but case-insensitively: stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** The roles of site user `u` as one column, `roles`: '8,10', or null for none. */
export const ROLES_COLUMN =
  '(SELECT group_concat(role) FROM (SELECT role FROM site_user_roles r WHERE r.site_user_id = u.id ORDER BY role)) AS roles'

/** The `roles` column read back as numbers. */
export function rolesOf(column: string | null): number[] {
  return column ? column.split(',').map(Number) : []
}

const SELECT_USER = `SELECT u.id, u.site_id, u.email, u.display_name, u.password_hash, ${ROLES_COLUMN} FROM site_users u`

function toSiteUser(row: SiteUserRow): SiteUser {
  return {
    id: row.id,
    siteId: row.site_id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    roles: rolesOf(row.roles),
  }
}

/** The site's user with this email, with their roles; null when there is none. */
export async function findSiteUserByEmail(
  db: D1Database,
  siteId: string,
  email: string,
): Promise<SiteUser | null> {
  const row = await db
    .prepare(`${SELECT_USER} WHERE u.site_id = ? AND u.email = ?`)
    .bind(siteId, normalizeEmail(email))
    .first<SiteUserRow>()
  return row === null ? null : toSiteUser(row)
}

/**
 * Stores a site user with their roles, replacing one with the same id (seeding twice changes
 * nothing). One batch: the user and their roles are written together or not at all.
 */
export async function putSiteUser(db: D1Database, user: NewSiteUser, now = Date.now()): Promise<void> {
  await db.batch(siteUserStatements(db, user, now))
}

/** The statements of `putSiteUser`: the user replaced by id, then their roles. */
function siteUserStatements(db: D1Database, user: NewSiteUser, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO site_users (id, site_id, email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET site_id = excluded.site_id, email = excluded.email,
           display_name = excluded.display_name, password_hash = excluded.password_hash`,
      )
      .bind(user.id, user.siteId, normalizeEmail(user.email), user.displayName, user.passwordHash, now),
    db.prepare('DELETE FROM site_user_roles WHERE site_user_id = ?').bind(user.id),
    ...user.roles.map((role) =>
      db.prepare('INSERT INTO site_user_roles (site_user_id, role) VALUES (?, ?)').bind(user.id, role),
    ),
  ]
}

/**
 * The demo tenants' site users (`d1/site-users.json` below a fixtures folder): an array of
 * `{ id, siteId, email, displayName, roles, passwordHash }`, the hash made by
 * `scripts/hash-password.ts`. The README lists each one's password.
 */
export const demo: DemoTable<NewSiteUser> = {
  files: /^d1\/site-users\.json$/,
  rows: ({ data }) => data as NewSiteUser[],
  statements: (db, users, now) => users.flatMap((user) => siteUserStatements(db, user, now)),
}
