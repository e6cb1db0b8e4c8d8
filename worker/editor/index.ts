/**
 * The editor Worker's entry (its own deployment: worker/editor/wrangler.toml), on every site's
 * `/config*` routes: the admin API, previews, the editor app's HTML (its bundle is served from
 * this Worker's static assets under /config/assets/), the site publishers, and the delayed cache
 * purges. The storefront's bundle holds none of it.
 */
import { logError } from '../runtime/log'
import { editorApp } from './app'
import type { EditorEnv, EditorJob } from './env'
import { processFile } from './files-job'
import { purge } from './purge'

export { PublisherObject } from './publisher'

/** The editor's queue: purges and file processing; a job that throws is delivered again later. */
export async function editorJobs(batch: MessageBatch<EditorJob>, env: EditorEnv): Promise<void> {
  for (const message of batch.messages) {
    try {
      if (message.body.kind === 'file') await processFile(env, message.body)
      else await purge(env, message.body)
      message.ack()
    } catch (error) {
      logError('editor-job-failed', { kind: message.body.kind, message: String(error) })
      message.retry({ delaySeconds: message.body.kind === 'file' ? 5 : 30 })
    }
  }
}

export default {
  fetch: (request, env, ctx) => editorApp.fetch(request, env, ctx),
  queue: editorJobs,
} satisfies ExportedHandler<EditorEnv, EditorJob>
