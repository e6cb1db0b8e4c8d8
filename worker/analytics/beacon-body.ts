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
import { InputError, validate } from '../api/validate'
import type * as z from '../zod'
import { BEACON_LIMITS, TOO_LARGE_MESSAGE, tooManyEntriesMessage } from './limits'

function tooLarge(): InputError {
  return new InputError(TOO_LARGE_MESSAGE, {}, 413)
}

/** The body's bytes, refused with a 413 once it passes `maxBytes` (nothing past it is read). */
export async function boundedBody(c: Context, maxBytes: number = BEACON_LIMITS.maxBodyBytes) {
  const declared = c.req.header('content-length')
  if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) throw tooLarge()
  const body = c.req.raw.body
  if (body === null) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The beacon's form fields (the last value of a repeated field), validated. */
export async function beaconForm<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/form-data')) {
    const bytes = await boundedBody(c)
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
  const text = new TextDecoder().decode(await boundedBody(c))
  return validate(schema, Object.fromEntries(new URLSearchParams(text)))
}

/** The body as JSON, whatever its content type says; a 400 when it is not JSON. */
async function beaconJsonValue(c: Context): Promise<unknown> {
  const text = new TextDecoder().decode(await boundedBody(c))
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
