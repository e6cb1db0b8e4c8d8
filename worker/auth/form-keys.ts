/**
 * Form submission keys (storefront.md section 7: `POST /api/form/FormSubmissionKey` answers
 * `data.key`, which `SaveFormSubmission` sends back). A key is signed rather than stored, so
 * handing one out writes nothing: `v1.<issued, base 36>.<nonce>.<HMAC-SHA256 of site, issued and
 * nonce>` with `FORM_KEY_SECRET`. It is good for an hour and for one submission: the submission
 * row's unique key (worker/db/form-submissions.ts) stores nothing more under it, and a second
 * send answers as that submission (the same answers) or 422 (others): worker/actions/submit-form.ts.
 */
import { base64url, fromBase64url, randomId } from '../crypto/encoding'
import { hmacKey, readSecret, sign } from '../crypto/secrets'
import type { Env } from '../env'

/** How long a key may be spent. */
export const SUBMISSION_KEY_TTL_MS = 60 * 60 * 1000
const VERSION = 'v1'

/** What the signature covers. */
function signed(siteId: string, issued: string, nonce: string): string {
  return `${VERSION}|${siteId}|${issued}|${nonce}`
}

/** A new key for the site. */
export async function issueSubmissionKey(
  env: Pick<Env, 'FORM_KEY_SECRET'> & Partial<Pick<Env, 'ENVIRONMENT'>>,
  siteId: string,
  now: number,
): Promise<string> {
  const issued = now.toString(36)
  const nonce = randomId(16)
  const signature = await sign(readSecret(env, 'FORM_KEY_SECRET'), signed(siteId, issued, nonce))
  return `${VERSION}.${issued}.${nonce}.${base64url(signature)}`
}

/** Whether `text` is a key this worker gave to this site within the last hour. */
export async function isValidSubmissionKey(
  env: Pick<Env, 'FORM_KEY_SECRET'> & Partial<Pick<Env, 'ENVIRONMENT'>>,
  siteId: string,
  text: string,
  now: number,
): Promise<boolean> {
  const [version, issued, nonce, signature, ...rest] = text.split('.')
  if (version !== VERSION || !issued || !nonce || !signature || rest.length > 0) return false
  const issuedAt = Number.parseInt(issued, 36)
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now || now - issuedAt > SUBMISSION_KEY_TTL_MS)
    return false
  const bytes = fromBase64url(signature)
  if (bytes === null) return false
  // crypto.subtle.verify compares in constant time.
  const key = await hmacKey(readSecret(env, 'FORM_KEY_SECRET'))
  return crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(signed(siteId, issued, nonce)))
}
