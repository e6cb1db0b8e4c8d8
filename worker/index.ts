/** Worker entry: pages and APIs over HTTP, analytics from the queue, and the Durable Objects. */
import { storeAnalyticsBatch } from './analytics'
import { app } from './app'
import type { AnalyticsMessage, Env } from './env'

export { CartObject } from './durable/cart'
export { InventoryObject } from './durable/inventory'

export default {
  fetch: app.fetch,
  queue: storeAnalyticsBatch,
} satisfies ExportedHandler<Env, AnalyticsMessage>
