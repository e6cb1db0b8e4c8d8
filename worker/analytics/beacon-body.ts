/**
 * Reading a beacon's body within BEACON_LIMITS (limits.ts): a declared `Content-Length` over
 * the limit is refused (413) before a byte is read, and a body without one is read only up to
 * the limit. Then:
 *
 * - form fields: `navigator.sendBeacon` sends them as `application/x-www-form-urlencoded`
 *   (URLSearchParams) or `multipart/form-data` (FormData); both are read here, then validated
 *   (api/validate.ts);
 * - JSON (events sent as `application/json`, batches sent as text/plain), whatever the
 *   content type says; a batch of more entries than its maximum is a 413.
 */
import type { Context } from 'hono'
import { bodyText, InputError, readBody, validate } from '../http/body'
import type * as z from '../runtime/zod'
import { BEACON_LIMITS, TOO_LARGE_MESSAGE, tooManyEntriesMessage } from './limits'

/** The beacon's form fields (the last value of a repeated field), validated. */
export async function beaconForm<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/form-data')) {
    const bytes = await readBody(c, BEACON_LIMITS.maxBodyBytes, TOO_LARGE_MESSAGE)
    let form: FormData
    try {
      form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
    } catch {
      throw new InputError('The request body is not a readable form.')
    }
    const fields: Record<string, string> = {}
    form.forEach((value, name) => {
      if (typeof value === 'string') fields[name] = value
    })
    return validate(schema, fields)
  }
  if (
    type !== '' &&
    !type.startsWith('application/x-www-form-urlencoded') &&
    !type.startsWith('text/plain')
  ) {
    throw new InputError('Send the beacon as form fields (application/x-www-form-urlencoded).', {}, 415)
  }
  const text = await bodyText(c, BEACON_LIMITS.maxBodyBytes, TOO_LARGE_MESSAGE)
  return validate(schema, Object.fromEntries(new URLSearchParams(text)))
}

/** The body as JSON, whatever its content type says; a 400 when it is not JSON. */
async function beaconJsonValue(c: Context): Promise<unknown> {
  const text = await bodyText(c, BEACON_LIMITS.maxBodyBytes, TOO_LARGE_MESSAGE)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new InputError('The request body is not valid JSON.')
  }
}

/** A JSON beacon, validated. */
export async function beaconJson<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
  return validate(schema, await beaconJsonValue(c))
}

/** A JSON array of at most `max` entries (more is a 413 saying so), validated. */
export async function beaconBatch<T>(
  c: Context,
  schema: z.ZodMiniType<T>,
  max: number,
  noun: string,
): Promise<T> {
  const value = await beaconJsonValue(c)
  if (Array.isArray(value) && value.length > max) {
    throw new InputError(tooManyEntriesMessage(max, noun), {}, 413)
  }
  return validate(schema, value)
}
