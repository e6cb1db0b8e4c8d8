/** The editor Worker's bindings: the storefront's (same KV, D1, queues) and its own. */
import type { Capabilities } from '../../shared/index'
import type { SiteUserSession } from '../auth/site-user'
import type { AppEnv, Env } from '../env'
import type { PublisherObject } from './publisher'

/** A queued editor job: the delayed purge of a site's cached pages after a publish. */
export interface PurgeJob {
  kind: 'purge'
  siteId: string
  version: string
  /** `Cache-Tag`s to purge (page-cache.ts `cacheTags`). */
  tags: string[]
}

export interface EditorEnv extends Env {
  /** One publisher per site (worker/editor/publisher.ts): publishes, rollbacks and schedules, one at a time. */
  PUBLISHER: DurableObjectNamespace<PublisherObject>
  /** Delayed jobs (the purge after KV's propagation delay). */
  EDITOR_QUEUE?: Queue<PurgeJob>
  /** `local` (default: logged only) or `cloudflare` (the zone's purge-by-tag call). */
  CACHE_PURGE_PROVIDER?: string
  /** The zone whose cache the purge clears (production). */
  CLOUDFLARE_ZONE_ID?: string
  /** A token allowed to purge that zone's cache (a wrangler secret). */
  CLOUDFLARE_API_TOKEN?: string
}

/** The signed-in editor below `editorSession()`. */
export interface EditorUser extends SiteUserSession {
  capabilities: Capabilities
}

export interface EditorAppEnv {
  Bindings: EditorEnv
  Variables: AppEnv['Variables'] & { editor: EditorUser }
}
