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

/** A queued editor job: check a completed upload and make it the file's content (files-job.ts). */
export interface FileJob {
  kind: 'file'
  siteId: string
  fileId: string
  uploadId: string
}

/** What the editor's queue carries. */
export type EditorJob = PurgeJob | FileJob

export interface EditorEnv extends Env {
  /** One publisher per site (worker/editor/publisher.ts): publishes, rollbacks and schedules, one at a time. */
  PUBLISHER: DurableObjectNamespace<PublisherObject>
  /** Jobs: the purge after KV's propagation delay, a file's processing. */
  EDITOR_QUEUE?: Queue<EditorJob>
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
