/**
 * Every secret the worker reads, checked by one rule (`secretProblem`): a missing or too-short
 * value is refused everywhere, and in production (`ENVIRONMENT = "production"`) so is the
 * development value wrangler.toml `[vars]` (or `.dev.vars`) gives local runs. A refused secret
 * stops the call that needs it with a message naming it and the `wrangler secret put` that fixes
 * it, rather than signing or authenticating with something guessable.
 */
import type { Env } from '../env'

/** Our own signing secrets and tokens: long random values we choose. */
const OWN_SECRET_MIN_LENGTH = 32
/** Keys a third party issues (Stripe, reCAPTCHA, Resend, Google): their format, never shorter than this. */
const PROVIDER_KEY_MIN_LENGTH = 20

/** Each secret with the shortest value it accepts. */
export const SECRETS = {
  /** Site-user sessions, XSRF tokens, unlock cookies, crumbs, order-access and device keys. */
  SESSION_SECRET: OWN_SECRET_MIN_LENGTH,
  /** Form submission keys (worker/auth/form-keys.ts). */
  FORM_KEY_SECRET: OWN_SECRET_MIN_LENGTH,
  /** Subscription and gift-card checkout tokens (worker/commerce/checkout-tokens.ts). */
  CART_TOKEN_SECRET: OWN_SECRET_MIN_LENGTH,
  /** The payment provider's webhook signatures (worker/api/payments.ts). */
  STRIPE_WEBHOOK_SECRET: OWN_SECRET_MIN_LENGTH,
  /** The operator's calls (worker/api/operator.ts); unset in production turns them off. */
  OPERATOR_TOKEN: OWN_SECRET_MIN_LENGTH,
  /** PAYMENT_PROVIDER = "stripe". */
  STRIPE_SECRET_KEY: PROVIDER_KEY_MIN_LENGTH,
  /** CAPTCHA_PROVIDER = "recaptcha". */
  RECAPTCHA_SECRET_KEY: PROVIDER_KEY_MIN_LENGTH,
  /** EMAIL_PROVIDER = "resend". */
  EMAIL_API_KEY: PROVIDER_KEY_MIN_LENGTH,
  /** PLACES_PROVIDER = "google". */
  GOOGLE_MAPS_API_KEY: PROVIDER_KEY_MIN_LENGTH,
  /** MAILING_LIST_PROVIDER = "mailchimp" (the editor's Worker). */
  MAILCHIMP_API_KEY: PROVIDER_KEY_MIN_LENGTH,
} as const satisfies Record<string, number>

export type SecretName = keyof typeof SECRETS

/** Every development value of wrangler.toml begins so; none is valid in production. */
const DEVELOPMENT_PREFIX = 'development-only'

export class MisconfigurationError extends Error {
  override name = 'MisconfigurationError'
}

/**
 * What is wrong with the secret `name` as configured, saying how to fix it, or null when it is
 * long enough and, in production, not a development value.
 */
export function secretProblem(
  name: SecretName,
  secret: string | undefined,
  environment: string | undefined,
): string | null {
  const minLength = SECRETS[name]
  if ((secret ?? '').length < minLength) {
    return `${name} must be at least ${minLength} characters: run \`npx wrangler secret put ${name} --env production\` with ${minLength === OWN_SECRET_MIN_LENGTH ? 'a long random value' : "the provider's key"} (docs/deployment.md, "Configuration").`
  }
  if (environment === 'production' && secret?.startsWith(DEVELOPMENT_PREFIX)) {
    return `${name} is the development value from wrangler.toml: set a real one with \`npx wrangler secret put ${name} --env production\` (docs/deployment.md, "Configuration").`
  }
  return null
}

/** The secret `name` as configured, checked by `secretProblem`; a refused one throws `MisconfigurationError`. */
export function readSecret(env: Partial<Pick<Env, SecretName | 'ENVIRONMENT'>>, name: SecretName): string {
  const value = env[name]
  const problem = secretProblem(name, value, env.ENVIRONMENT)
  if (problem !== null) throw new MisconfigurationError(problem)
  return value ?? ''
}

/** The secret that signs sessions, crumbs and the rest (`SESSION_SECRET`), checked. */
export function sessionSecret(env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>): string {
  return readSecret(env, 'SESSION_SECRET')
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
