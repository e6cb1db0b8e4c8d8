/**
 * Passwords of site users and locked pages: PBKDF2-SHA256 from WebCrypto at 100,000
 * iterations (workerd's maximum), a 16-byte random salt and a 32-byte hash, stored as
 * `pbkdf2-sha256$100000$<salt>$<hash>` (base64url). A password is never stored or logged as
 * typed. `scripts/hash-password.ts` makes the same string in Node for fixtures.
 */
import { base64url, fromBase64url, randomBytes, sameBytes } from './encoding'

export const PBKDF2_ITERATIONS = 100_000
const PREFIX = 'pbkdf2-sha256'
const SALT_BYTES = 16
const HASH_BITS = 256

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  )
  return new Uint8Array(bits)
}

/** A new salted hash of `password`, in the stored format. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const hash = await derive(password, salt, PBKDF2_ITERATIONS)
  return `${PREFIX}$${PBKDF2_ITERATIONS}$${base64url(salt)}$${base64url(hash)}`
}

/** Whether a stored string is in the format `hashPassword` writes (checked by the record schemas). */
export const PASSWORD_HASH_PATTERN = /^pbkdf2-sha256\$\d{1,6}\$[A-Za-z0-9_-]{16,}\$[A-Za-z0-9_-]{43}$/

/**
 * Whether `password` matches `stored`. A malformed stored value never matches. The work is the
 * same whether or not it matches, so timing tells nothing.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [prefix, iterationsText, saltText, hashText] = stored.split('$')
  const iterations = Number(iterationsText)
  const salt = fromBase64url(saltText ?? '')
  const expected = fromBase64url(hashText ?? '')
  if (prefix !== PREFIX || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS)
    return false
  if (salt === null || expected === null) return false
  return sameBytes(await derive(password, salt, iterations), expected)
}

/**
 * A stored hash of no one's password, checked when the email is unknown so that a wrong email
 * takes as long as a wrong password (no telling which accounts exist).
 */
export const DECOY_PASSWORD_HASH = `${PREFIX}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(43)}`
