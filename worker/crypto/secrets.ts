/**
 * The secret that signs site-user sessions, XSRF tokens and locked-page cookies:
 * `SESSION_SECRET` (wrangler.toml `[vars]` for local runs; `wrangler secret put SESSION_SECRET`
 * in production). A missing, short or development secret in production stops every call that
 * needs it with a message saying how to fix it, rather than signing with something guessable.
 */
import type { Env } from '../env'

const MIN_LENGTH = 32
/** The value wrangler.toml gives local runs; never valid in production. */
const DEVELOPMENT_PREFIX = 'development-only'

export class MisconfigurationError extends Error {
  override name = 'MisconfigurationError'
}

/**
 * What is wrong with the secret `name` as configured, saying how to fix it, or null when it is
 * long enough and, in production, not the development value of wrangler.toml.
 */
export function secretProblem(
  name: string,
  secret: string | undefined,
  environment: string | undefined,
): string | null {
  if ((secret ?? '').length < MIN_LENGTH) {
    return `${name} must be at least ${MIN_LENGTH} characters: run \`npx wrangler secret put ${name} --env production\` with a long random value (docs/deployment.md, "Configuration").`
  }
  if (environment === 'production' && secret?.startsWith(DEVELOPMENT_PREFIX)) {
    return `${name} is the development value from wrangler.toml: set a real one with \`npx wrangler secret put ${name} --env production\` (docs/deployment.md, "Configuration").`
  }
  return null
}

/** The configured secret, checked. */
export function sessionSecret(env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>): string {
  const problem = secretProblem('SESSION_SECRET', env.SESSION_SECRET, env.ENVIRONMENT)
  if (problem !== null) throw new MisconfigurationError(problem)
  return env.SESSION_SECRET ?? ''
}

const keys = new Map<string, CryptoKey>()

/**
 * The HMAC-SHA256 key of the secret. Imported once per isolate and kept as the settled key
 * (isolate-cache.ts: never a promise shared between requests).
 */
export async function hmacKey(secret: string): Promise<CryptoKey> {
  const known = keys.get(secret)
  if (known !== undefined) return known
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  keys.set(secret, key)
  return key
}

/** HMAC-SHA256 of `message` under the secret. */
export async function sign(secret: string, message: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(message))
  return new Uint8Array(mac)
}
