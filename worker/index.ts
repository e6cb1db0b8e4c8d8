/** Worker entry: pages and APIs over HTTP, analytics from the queue, and the Durable Objects. */
import { app } from './app'
import type { AnalyticsMessage, Env } from './env'
import { storeAnalyticsBatch } from './queues/analytics'

export { CartObject } from './durable/cart'
export { InventoryObject } from './durable/inventory'

/**
 * HEAD is answered by the GET code path with the body cancelled (RFC 9110 §9.3.2: the same
 * headers, no content). Cancelling stops a streamed page at once, so nothing keeps rendering
 * for a body nobody reads.
 */
async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== 'HEAD') return app.fetch(request, env, ctx)
  const response = await app.fetch(new Request(request, { method: 'GET' }), env, ctx)
  await response.body?.cancel()
  return new Response(null, response)
}

export default {
  fetch,
  queue: storeAnalyticsBatch,
} satisfies ExportedHandler<Env, AnalyticsMessage>
