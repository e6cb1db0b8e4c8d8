/**
 * D1 access to Zapier's API keys and REST hooks (worker/migrations/0011_connections.sql). A key
 * is found by its SHA-256 alone (never stored itself); revoking one removes the hooks it made.
 */

export const ZAPIER_EVENTS = ['form_submission', 'order', 'restock_signup'] as const
export type ZapierEvent = (typeof ZAPIER_EVENTS)[number]

export interface ApiKeyRow {
  id: string
  prefix: string
  createdAt: number
  createdBy: string
  lastUsedAt: number | null
}

export interface HookRow {
  id: string
  keyId: string
  event: ZapierEvent
  targetUrl: string
  createdAt: number
}

export async function insertApiKey(
  db: D1Database,
  siteId: string,
  key: ApiKeyRow & { keyHash: string },
): Promise<void> {
  await db
    .prepare(
      'INSERT INTO zapier_api_keys (id, site_id, key_hash, prefix, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(key.id, siteId, key.keyHash, key.prefix, key.createdAt, key.createdBy)
    .run()
}

/** The site's keys that still work, oldest first. */
export async function apiKeysOf(db: D1Database, siteId: string): Promise<ApiKeyRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, prefix, created_at, created_by, last_used_at FROM zapier_api_keys
       WHERE site_id = ? AND revoked_at IS NULL ORDER BY created_at, id`,
    )
    .bind(siteId)
    .all<{
      id: string
      prefix: string
      created_at: number
      created_by: string
      last_used_at: number | null
    }>()
  return results.map((row) => ({
    id: row.id,
    prefix: row.prefix,
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
  }))
}

/** The working key of this site with this hash (its id), noting that it was used; null otherwise. */
export async function findWorkingApiKey(db: D1Database, siteId: string, keyHash: string, now: number) {
  const row = await db
    .prepare(
      `UPDATE zapier_api_keys SET last_used_at = ?3
       WHERE site_id = ?1 AND key_hash = ?2 AND revoked_at IS NULL RETURNING id`,
    )
    .bind(siteId, keyHash, now)
    .first<{ id: string }>()
  return row?.id ?? null
}

/** Revokes a key and removes the hooks it subscribed; false when the site has no such working key. */
export async function revokeApiKey(db: D1Database, siteId: string, keyId: string, now: number) {
  const [revoked] = await db.batch([
    db
      .prepare(
        'UPDATE zapier_api_keys SET revoked_at = ? WHERE site_id = ? AND id = ? AND revoked_at IS NULL',
      )
      .bind(now, siteId, keyId),
    db.prepare('DELETE FROM zapier_hooks WHERE site_id = ? AND key_id = ?').bind(siteId, keyId),
  ])
  return (revoked?.meta.changes ?? 0) > 0
}

export async function insertHook(db: D1Database, siteId: string, hook: HookRow): Promise<void> {
  await db
    .prepare(
      'INSERT INTO zapier_hooks (id, site_id, key_id, event, target_url, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(hook.id, siteId, hook.keyId, hook.event, hook.targetUrl, hook.createdAt)
    .run()
}

/** Removes a hook; true when the site had it. */
export async function deleteHook(db: D1Database, siteId: string, hookId: string): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM zapier_hooks WHERE site_id = ? AND id = ?')
    .bind(siteId, hookId)
    .run()
  return result.meta.changes > 0
}

function hookOf(row: {
  id: string
  key_id: string
  event: string
  target_url: string
  created_at: number
}): HookRow {
  return {
    id: row.id,
    keyId: row.key_id,
    event: row.event as ZapierEvent,
    targetUrl: row.target_url,
    createdAt: row.created_at,
  }
}

/** The hooks subscribed to an event (or every hook of the site). */
export async function hooksOf(db: D1Database, siteId: string, event?: ZapierEvent): Promise<HookRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, key_id, event, target_url, created_at FROM zapier_hooks
       WHERE site_id = ?1 AND (?2 IS NULL OR event = ?2) ORDER BY created_at, id`,
    )
    .bind(siteId, event ?? null)
    .all<{ id: string; key_id: string; event: string; target_url: string; created_at: number }>()
  return results.map(hookOf)
}

export async function hookById(db: D1Database, siteId: string, hookId: string): Promise<HookRow | null> {
  const row = await db
    .prepare(
      'SELECT id, key_id, event, target_url, created_at FROM zapier_hooks WHERE site_id = ? AND id = ?',
    )
    .bind(siteId, hookId)
    .first<{ id: string; key_id: string; event: string; target_url: string; created_at: number }>()
  return row === null ? null : hookOf(row)
}
