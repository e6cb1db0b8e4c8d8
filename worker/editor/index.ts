/**
 * The editor Worker's entry (its own deployment: worker/editor/wrangler.toml), on every site's
 * `/config*` routes: the admin API, previews, the editor app's HTML (its bundle is served from
 * this Worker's static assets under /config/assets/), the site publishers, and the delayed cache
 * purges. The storefront's bundle holds none of it.
 */
import { editorApp } from './app'
import type { EditorEnv, PurgeJob } from './env'
import { purgeBatch } from './purge'

export { PublisherObject } from './publisher'

export default {
  fetch: (request, env, ctx) => editorApp.fetch(request, env, ctx),
  queue: (batch, env) => purgeBatch(batch, env),
} satisfies ExportedHandler<EditorEnv, PurgeJob>
