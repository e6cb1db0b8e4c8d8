/**
 * Reading a beacon's form fields. `navigator.sendBeacon` sends them as
 * `application/x-www-form-urlencoded` (URLSearchParams) or `multipart/form-data` (FormData);
 * both are read here, within a size limit, then validated (api/validate.ts). JSON beacons
 * (sent as text/plain) are read with `jsonBody`, which ignores the content type.
 */
import type { Context } from 'hono'
import { bodyText, InputError, validate } from '../api/validate'
import type * as z from '../zod'

/** Beacons are small: 64 KB is far above any the tracking script sends. */
export const BEACON_MAX_BYTES = 65_536

/** The beacon's form fields (the last value of a repeated field), validated. */
export async function beaconForm<T>(
  c: Context,
  schema: z.ZodMiniType<T>,
  maxBytes = BEACON_MAX_BYTES,
): Promise<T> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/form-data')) {
    if (Number(c.req.header('content-length') ?? maxBytes + 1) > maxBytes) {
      throw new InputError('The request body is too large.', {}, 413)
    }
    let form: FormData
    try {
      form = await c.req.formData()
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
  return validate(schema, Object.fromEntries(new URLSearchParams(await bodyText(c, maxBytes))))
}
