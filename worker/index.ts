/**
 * The page Worker's entry: pages over HTTP (the API calls forwarded to the API Worker,
 * worker/api-worker/, which also consumes the queues and runs the sweep), and the Durable Objects.
 */
import { createApp, serve } from './app'
import type { Env } from './env'

export { CartObject } from './durable/cart'
export { InventoryObject } from './durable/inventory'

export default {
  fetch: serve(createApp('forward')),
} satisfies ExportedHandler<Env>
