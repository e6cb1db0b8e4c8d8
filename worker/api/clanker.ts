/**
 * Version 2 events (platform.md sections 3 and 7, storefront.md section 7):
 *
 * - `POST /api/v1/clanker/events`: `eventSchemaName` and `eventContent` (JSON text), as JSON or
 *   as a form-encoded beacon (preferred: it survives the page being left).
 *   The content is validated against its schema (the four commerce events and Performance),
 *   completed with what the worker knows, which wins over what the client sent under the same
 *   name (analytics/enrich.ts: among it, from the beacon's cookies, the signed-in site user and
 *   the cart), then queued: 202, or 204 when suppressed.
 * - `POST /api/v1/clanker/validate-event-content/{schemaName}`: the same validation, nothing
 *   stored: 200 `{valid: true}`, or 400 with the reason; an unknown schema is a 404.
 *
 * Both need the crumb cookie and stay within the beacon limits (analytics/guard.ts).
 */
import type { Context } from 'hono'
import { API } from '../../shared/index'
import { beaconForm, beaconJson } from '../analytics/beacon-body'
import { enrichEvent } from '../analytics/enrich'
import { acceptEvents } from '../analytics/gate'
import { beaconGuard } from '../analytics/guard'
import { clankerEnvelopeSchema, clankerValidationSchema, EVENT_SCHEMAS } from '../analytics/schemas'
import type { AppEnv } from '../env'
import { on } from '../http/api-route'
import { InputError, validate } from '../http/body'
import { Hono } from '../http/hono'
import type * as z from '../runtime/zod'

/** The envelope, from JSON or form fields. */
function envelopeOf<T>(c: Context<AppEnv>, schema: z.ZodMiniType<T>): Promise<T> {
  const type = c.req.header('content-type') ?? ''
  return type.startsWith('application/json') ? beaconJson(c, schema) : beaconForm(c, schema)
}

/** `content` checked against schema `schemaName`. */
function checkedContent(schemaName: string, content: unknown): Record<string, unknown> {
  const schema = EVENT_SCHEMAS[schemaName]
  if (schema === undefined) throw new InputError(`There is no event schema named "${schemaName}".`, {}, 404)
  return validate(schema, content)
}

export const clankerRoutes = new Hono<AppEnv>()

on(clankerRoutes, API.clankerEvents, beaconGuard('clanker:events'), async function recordEvent(c) {
  const { eventSchemaName, eventContent } = await envelopeOf(c, clankerEnvelopeSchema)
  const content = await enrichEvent(c, eventSchemaName, checkedContent(eventSchemaName, eventContent))
  const pagePath = typeof content.page_path === 'string' ? content.page_path : '/'
  const occurredAt =
    typeof content.event_occurrence_timestamp === 'number' ? content.event_occurrence_timestamp : undefined
  return acceptEvents(c, [{ event: eventSchemaName, data: content, occurredAt }], { pagePath })
})

on(
  clankerRoutes,
  API.clankerValidateEventContent,
  beaconGuard('clanker:validate'),
  async function validateEventContent(c) {
    const schemaName = c.req.param('schemaName')
    const { eventContent } = await envelopeOf(c, clankerValidationSchema)
    checkedContent(schemaName, eventContent)
    return c.json({ valid: true, eventSchemaName: schemaName })
  },
)
