/**
 * The reconciliation sweep (wrangler.toml `[triggers] crons`, every minute): every order a
 * crash, a timeout or failing storage left unfinished is moved on from the provider's own
 * record (order-states.ts): charged orders are finished (or refunded when their stock is
 * gone), pending ones older than `SWEEP_AFTER_MS` become charged and finished or failed with
 * their stock released; paid orders whose confirmation email was never accepted get it. An
 * order it cannot settle now (the provider or storage still failing) waits for the next run.
 */
import { type OrderStatus, orderById, ordersToReconcile } from '../db/orders'
import type { Env } from '../env'
import { logError, logInfo } from '../runtime/log'
import { sendOrderConfirmation } from './order-email'
import { resumeOrder } from './order-states'

/** An unfinished order is left to its own request this long before the sweep takes it over. */
export const SWEEP_AFTER_MS = 2 * 60 * 1000
/** Orders looked at per run (the next run takes the rest). */
const BATCH = 200

export interface SweepReport {
  looked: number
  /** What the orders looked at are now. */
  outcomes: Partial<Record<OrderStatus | 'error', number>>
  confirmationsSent: number
}

/** One run of the sweep over every site's unfinished orders. */
export async function reconcileOrders(env: Env, now = Date.now()): Promise<SweepReport> {
  const orders = await ordersToReconcile(env.DB, now - SWEEP_AFTER_MS, BATCH)
  const report: SweepReport = { looked: orders.length, outcomes: {}, confirmationsSent: 0 }
  for (const order of orders) {
    try {
      const status = await resumeOrder(env, order, SWEEP_AFTER_MS, now)
      report.outcomes[status] = (report.outcomes[status] ?? 0) + 1
      if (status === 'paid') {
        const paid = await orderById(env.DB, order.siteId, order.id)
        if (paid !== null && (await sendOrderConfirmation(env, paid, { retry: false })))
          report.confirmationsSent++
      }
    } catch (error) {
      report.outcomes.error = (report.outcomes.error ?? 0) + 1
      logError('order-sweep-failed', { siteId: order.siteId, order: order.id, message: String(error) })
    }
  }
  if (orders.length > 0) logInfo('order-sweep', { ...report })
  return report
}
