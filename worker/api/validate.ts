/**
 * Reading an API call's input with zod: malformed JSON, a wrong type or a missing field is a 400
 * whose JSON says what is wrong (`message`, and `errors` by field), never a 500.
 */
import type { Context } from 'hono'
import * as z from '../zod'

/** The answer to input that failed: a 400 (or `status`) with a message and per-field errors. */
export class InputError extends Error {
  override name = 'InputError'
  constructor(
    message: string,
    readonly errors: Record<string, string> = {},
    readonly status: 400 | 404 | 413 | 415 | 422 = 400,
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

/** The JSON body, validated; refuses bodies over `maxBytes` (64 KB unless told). */
export async function jsonBody<T>(c: Context, schema: z.ZodMiniType<T>, maxBytes = 65_536): Promise<T> {
  const text = await c.req.text()
  if (text.length > maxBytes) throw new InputError('The request body is too large.', {}, 413)
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

/** A form-encoded body (`application/x-www-form-urlencoded` or `multipart/form-data`), validated. */
export async function formBody<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T> {
  let body: Record<string, unknown>
  try {
    body = await c.req.parseBody({ all: true })
  } catch {
    throw new InputError('The request body is not a readable form.')
  }
  return validate(schema, body)
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
