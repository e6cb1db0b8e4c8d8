/**
 * Reading an API call's input with zod: malformed JSON, a wrong type or a missing field is a 400
 * whose JSON says what is wrong (`message`, and `errors` by field), never a 500.
 */
import type { Context } from 'hono'
import * as z from '../runtime/zod'

/** The answer to input that failed: a 400 (or `status`) with a message and per-field errors. */
export class InputError extends Error {
  override name = 'InputError'
  constructor(
    message: string,
    readonly errors: Record<string, string> = {},
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 422 = 400,
  ) {
    super(message)
  }
}

function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '(body)'
    errors[field] ??= issue.message
  }
  return errors
}

/** `value` checked against `schema`, or an `InputError` naming the first problem. */
export function validate<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const errors = fieldErrors(parsed.error)
  const [field, message] = Object.entries(errors)[0] ?? ['(body)', 'Invalid input.']
  throw new InputError(field === '(body)' ? message : `${field}: ${message}`, errors)
}

/** The largest JSON body an API call reads unless told (64 KiB). */
export const MAX_JSON_BYTES = 65_536
/** The largest plain HTML form post read (128 KiB: a public form's longest answers, with room). */
export const MAX_FORM_BYTES = 131_072

const TOO_LARGE = 'The request body is too large.'

/**
 * The body's bytes, at most `maxBytes`: a declared `Content-Length` above it is refused before
 * anything is read, and a body that runs past it (chunked, or a length that lied) is cut off
 * and refused. Both are 413.
 */
export async function readBody(c: Context, maxBytes: number, message = TOO_LARGE): Promise<Uint8Array> {
  const declared = c.req.header('content-length')
  if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > maxBytes))
    throw new InputError(message, {}, 413)
  const stream = c.req.raw.body
  if (stream === null) return new Uint8Array()
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new InputError(message, {}, 413)
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

/** The body as text (UTF-8), at most `maxBytes`. */
export async function bodyText(c: Context, maxBytes: number, message = TOO_LARGE): Promise<string> {
  return new TextDecoder().decode(await readBody(c, maxBytes, message))
}

/** The JSON body, validated; refuses bodies over `maxBytes` (64 KiB unless told) with a 413. */
export async function jsonBody<T>(
  c: Context,
  schema: z.ZodMiniType<T>,
  maxBytes = MAX_JSON_BYTES,
): Promise<T> {
  const text = await bodyText(c, maxBytes)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new InputError('The request body is not valid JSON.')
  }
  return validate(schema, value)
}

/** The query string, validated. */
export function queryOf<T>(c: Context, schema: z.ZodMiniType<T>): T {
  return validate(schema, c.req.query())
}

/** Adds a field to a form record: a repeated name becomes a list (as `parseBody({ all: true })`). */
function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const known = fields[name]
  if (known === undefined) fields[name] = value
  else if (Array.isArray(known)) known.push(value)
  else fields[name] = [known, value]
}

/**
 * A form body's fields, at most `maxBytes` (413 beyond): `application/x-www-form-urlencoded`
 * or `multipart/form-data` (its files as File values); a repeated name becomes a list. A body
 * labelled as a form that cannot be read as one (a broken multipart, no boundary) is a 400;
 * any other content type reads as no fields.
 */
export async function formFields(c: Context, maxBytes = MAX_FORM_BYTES): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  const bytes = await readBody(c, maxBytes)
  const fields: Record<string, unknown> = {}
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes)))
      addField(fields, name, value)
  } else if (type.startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await new Response(bytes, {
        headers: { 'content-type': c.req.header('content-type') ?? '' },
      }).formData()
    } catch {
      throw new InputError('The request body is not a readable form.')
    }
    form.forEach((value, name) => {
      addField(fields, name, value)
    })
  }
  return fields
}

/** A form-encoded body (`application/x-www-form-urlencoded` or `multipart/form-data`), validated. */
export async function formBody<T>(
  c: Context,
  schema: z.ZodMiniType<T>,
  maxBytes = MAX_FORM_BYTES,
): Promise<T> {
  return validate(schema, await formFields(c, maxBytes))
}

/** An `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): 8 to 128 token characters. */
const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{8,128}$/))

/**
 * The request's `Idempotency-Key` header, or null without one; a malformed one is a 400. The
 * draft's header is a Structured Field string (`"…"`); a bare token is taken too.
 */
export function idempotencyKeyOf(c: Context): string | null {
  const header = c.req.header('Idempotency-Key')
  if (header === undefined) return null
  const parsed = idempotencyKeySchema.safeParse(header.trim().replace(/^"(.*)"$/, '$1'))
  if (!parsed.success)
    throw new InputError(
      'The Idempotency-Key header must be 8 to 128 letters, digits, or - _ . : characters.',
    )
  return parsed.data
}
