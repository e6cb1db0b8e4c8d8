// The Workers pool's main module: the storefront's entry, and the site editor's Worker on
// `/config*` (production routes those paths to the editor's own Worker; the storefront forwards
// them over its `EDITOR` service binding, which vitest.config.mts points back at this module).
// Both run against the same real bindings.

import type { EditorEnv } from '../../worker/editor/env'
import editor, { EDITOR_QUEUES, editorQueue } from '../../worker/editor/index'
import type { Env } from '../../worker/env'
import storefront from '../../worker/index'

export { PublisherObject } from '../../worker/editor/index'
export * from '../../worker/index'

function isEditorPath(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return pathname === '/config' || pathname.startsWith('/config/')
}

export default {
  ...storefront,
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    return isEditorPath(request)
      ? Promise.resolve(editor.fetch(request as never, env as EditorEnv, ctx))
      : storefront.fetch(request, env, ctx)
  },
  queue(batch: MessageBatch<never>, env: Env): Promise<void> {
    return (EDITOR_QUEUES as readonly string[]).includes(batch.queue)
      ? editorQueue(batch, env as EditorEnv)
      : storefront.queue(batch, env)
  },
}
