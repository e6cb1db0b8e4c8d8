// The Workers pool's main module: the storefront's page Worker, its API Worker on `/api*` and
// `/_operator*` (with the storefront's queues and the cron), and the site editor's Worker on
// `/config*` (production routes those paths to their own Workers; the page Worker forwards them
// over its `API` and `EDITOR` service bindings, which vitest.config.mts points back at this
// module). All run against the same real bindings.

import api from '../../worker/api-worker/index'
import type { EditorEnv } from '../../worker/editor/env'
import editor, { EDITOR_QUEUES, editorQueue } from '../../worker/editor/index'
import type { Env } from '../../worker/env'
import storefront from '../../worker/index'

export { PublisherObject } from '../../worker/editor/index'
export * from '../../worker/index'

function isApiPath(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/_operator/')
}

function isEditorPath(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return pathname === '/config' || pathname.startsWith('/config/')
}

export default {
  scheduled: api.scheduled,
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (isEditorPath(request)) return Promise.resolve(editor.fetch(request as never, env as EditorEnv, ctx))
    return isApiPath(request) ? api.fetch(request, env, ctx) : storefront.fetch(request, env, ctx)
  },
  queue(batch: MessageBatch<never>, env: Env): Promise<void> {
    return (EDITOR_QUEUES as readonly string[]).includes(batch.queue)
      ? editorQueue(batch, env as EditorEnv)
      : api.queue(batch, env)
  },
}
