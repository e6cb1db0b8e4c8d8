/**
 * The editor Worker's entry (its own deployment: worker/editor/wrangler.toml), on every site's
 * `/config*` routes: the admin API, previews, the editor app's HTML (its bundle is served from
 * this Worker's static assets under /config/assets/), the site publishers, and the delayed cache
 * purges, and the connections queue (Zapier's deliveries, the connected mailing list). The
 * storefront's bundle holds none of it.
 */
import type { ConnectionMessage } from '../env'
import { parkDeadLetterBatch } from '../queues/dead-letters'
import { CONNECTIONS_DEAD_LETTER_QUEUE, CONNECTIONS_QUEUE } from '../queues/names'
import { logError } from '../runtime/log'
import { editorApp } from './app'
import { connectionsBatch } from './connections-queue'
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

/** The queues this Worker consumes (worker/editor/wrangler.toml). */
export const EDITOR_QUEUES = ['editor-jobs', CONNECTIONS_QUEUE, CONNECTIONS_DEAD_LETTER_QUEUE] as const

/** Each queue's batches to their consumer: editor jobs, connections, and connections' dead letters. */
export async function editorQueue(batch: MessageBatch<unknown>, env: EditorEnv): Promise<void> {
  if (batch.queue === CONNECTIONS_QUEUE)
    return connectionsBatch(batch as MessageBatch<ConnectionMessage>, env)
  if (batch.queue === CONNECTIONS_DEAD_LETTER_QUEUE) return parkDeadLetterBatch(batch, env)
  return editorJobs(batch as MessageBatch<EditorJob>, env)
}

export default {
  fetch: (request, env, ctx) => editorApp.fetch(request, env, ctx),
  queue: editorQueue,
} satisfies ExportedHandler<EditorEnv, unknown>
