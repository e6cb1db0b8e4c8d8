/**
 * D1 access to `site_user_sessions` (worker/migrations/0004_sessions_analytics.sql): one row per
 * sign-in, revoked on sign-out. A session is live while it is neither revoked nor expired and
 * its site user still exists; the live session comes back with the site user's current roles.
 */
import { ROLES_COLUMN, rolesOf, type SiteUser } from './site-users'

export interface NewSession {
  id: string
  siteId: string
  siteUserId: string
  /** Epoch milliseconds. */
  createdAt: number
  expiresAt: number
}

export async function insertSession(db: D1Database, session: NewSession): Promise<void> {
  await db
    .prepare(
      'INSERT INTO site_user_sessions (id, site_id, site_user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(session.id, session.siteId, session.siteUserId, session.createdAt, session.expiresAt)
    .run()
}

/**
 * Stores a session under an id derived from a sign-in's idempotency key unless it is stored
 * already, and answers the session as stored: a retried sign-in finds the first one's row.
 */
export async function insertSessionOnce(
  db: D1Database,
  session: NewSession,
): Promise<{ siteUserId: string; expiresAt: number; revokedAt: number | null }> {
  const [, found] = await db.batch([
    db
      .prepare(
        `INSERT INTO site_user_sessions (id, site_id, site_user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
      )
      .bind(session.id, session.siteId, session.siteUserId, session.createdAt, session.expiresAt),
    db
      .prepare(
        'SELECT site_user_id, expires_at, revoked_at FROM site_user_sessions WHERE id = ? AND site_id = ?',
      )
      .bind(session.id, session.siteId),
  ])
  const row = found?.results[0] as { site_user_id: string; expires_at: number; revoked_at: number | null }
  return { siteUserId: row.site_user_id, expiresAt: row.expires_at, revokedAt: row.revoked_at }
}

interface LiveSessionRow {
  id: string
  site_id: string
  email: string
  display_name: string
  roles: string | null
}

/** The site user of a live session of this site, with their roles now; null otherwise. */
export async function liveSessionUser(
  db: D1Database,
  siteId: string,
  sessionId: string,
  now = Date.now(),
): Promise<Omit<SiteUser, 'passwordHash'> | null> {
  const row = await db
    .prepare(
      `SELECT u.id, u.site_id, u.email, u.display_name, ${ROLES_COLUMN}
       FROM site_user_sessions s JOIN site_users u ON u.id = s.site_user_id
       WHERE s.id = ? AND s.site_id = ? AND u.site_id = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    )
    .bind(sessionId, siteId, siteId, now)
    .first<LiveSessionRow>()
  if (row === null) return null
  return {
    id: row.id,
    siteId: row.site_id,
    email: row.email,
    displayName: row.display_name,
    roles: rolesOf(row.roles),
  }
}

/** Ends a session (sign-out); a second sign-out changes nothing. */
export async function revokeSession(db: D1Database, siteId: string, sessionId: string, now = Date.now()) {
  await db
    .prepare(
      'UPDATE site_user_sessions SET revoked_at = ? WHERE id = ? AND site_id = ? AND revoked_at IS NULL',
    )
    .bind(now, sessionId, siteId)
    .run()
}
