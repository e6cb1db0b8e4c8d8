/**
 * Purging a site's pages from the zone's cache after a publish. The content version already
 * turns every page over in our own page cache (its keys carry the version); this clears the
 * copies Cloudflare's cache in front of the Worker may hold, by the site's `Cache-Tag`
 * (page-cache.ts `cacheTags`). It runs as a queued job delayed by KV's propagation time (60 s),
 * so no data center re-caches the old page from a KV read that has not seen the publish yet.
 *
 * Providers (`CACHE_PURGE_PROVIDER`): `local` (default) logs the purge it would make;
 * `cloudflare` calls the zone's purge-by-tag API with `CLOUDFLARE_ZONE_ID` and the secret
 * `CLOUDFLARE_API_TOKEN`.
 */
import { fileCacheTag } from '../../shared/index'
import { cacheTags } from '../middleware/page-cache'
import { logInfo } from '../runtime/log'
import type { EditorEnv, PurgeJob } from './env'

/** Seconds KV may take to show a write everywhere. */
export const KV_PROPAGATION_SECONDS = 60

export async function queuePurge(env: EditorEnv, siteId: string, version: string): Promise<void> {
  if (env.EDITOR_QUEUE === undefined) return
  const job: PurgeJob = { kind: 'purge', siteId, version, tags: cacheTags(siteId).split(',') }
  await env.EDITOR_QUEUE.send(job, { delaySeconds: KV_PROPAGATION_SECONDS })
}

/**
 * Purges the zone's copies of one file (`/s/<id>/…` and its widths) after a replace or delete, at
 * once: the file's bytes are in R2 already, which every edge reads directly.
 */
export async function queueFilePurge(env: EditorEnv, siteId: string, fileId: string, version: number) {
  if (env.EDITOR_QUEUE === undefined) return
  const job: PurgeJob = {
    kind: 'purge',
    siteId,
    version: String(version),
    tags: [fileCacheTag(siteId, fileId)],
  }
  await env.EDITOR_QUEUE.send(job)
}

/** Runs one purge job; throws (the queue retries) when the provider refuses. */
export async function purge(env: EditorEnv, job: PurgeJob, send: typeof fetch = fetch): Promise<void> {
  if (env.CACHE_PURGE_PROVIDER !== 'cloudflare') {
    logInfo('cache-purge', { siteId: job.siteId, version: job.version, tags: job.tags, provider: 'local' })
    return
  }
  if (!env.CLOUDFLARE_ZONE_ID || !env.CLOUDFLARE_API_TOKEN)
    throw new Error(
      'CACHE_PURGE_PROVIDER is cloudflare but CLOUDFLARE_ZONE_ID or CLOUDFLARE_API_TOKEN is missing',
    )
  const response = await send(
    `https://api.cloudflare.com/client/v4/zones/${env.CLOUDFLARE_ZONE_ID}/purge_cache`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: job.tags }),
    },
  )
  if (!response.ok) throw new Error(`Cache purge for ${job.siteId} failed: HTTP ${response.status}`)
}
