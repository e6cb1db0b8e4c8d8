/**
 * Structured logs: one JSON object per line, so `wrangler tail` and Logpush can filter on
 * `event`. Nothing a shopper typed is logged beyond what names the failing record.
 */
export function logError(event: string, fields: Record<string, unknown>): void {
  console.error(JSON.stringify({ level: 'error', event, ...fields }))
}

export function logWarning(event: string, fields: Record<string, unknown>): void {
  console.warn(JSON.stringify({ level: 'warn', event, ...fields }))
}

export function logInfo(event: string, fields: Record<string, unknown>): void {
  console.log(JSON.stringify({ level: 'info', event, ...fields }))
}
