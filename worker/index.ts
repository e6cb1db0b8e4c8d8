/**
 * The page Worker's entry: pages over HTTP (the API calls forwarded to the API Worker,
 * worker/api-worker/, which also consumes the queues and runs the sweep), and the Durable Objects.
 */
import { createApp, serve } from './app'
import type { Env } from './env'
import { warmUp } from './render/warm-up'

export { CartObject } from './durable/cart'
export { InventoryObject } from './durable/inventory'

// The render path runs once while workerd loads the script: the first visitor's page does not
// pay for compiling it (issue 26; worker/render/warm-up.ts).
warmUp()

export default {
  fetch: serve(createApp('forward')),
} satisfies ExportedHandler<Env>
