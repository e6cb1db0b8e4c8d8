/**
 * Captcha verification (storefront.md sections 4 and 5: a captcha must be completed before a
 * submission is stored). The browser widget hands the shopper's token to the form; the worker
 * asks the provider whether it is genuine before storing anything.
 *
 * - `local` (development and tests): the local widget (islands/captcha) issues tokens of the
 *   form `local-pass.<nonce>`; each is good once, like the real provider's. Anything else fails.
 * - `recaptcha`: Google reCAPTCHA's siteverify, with the secret `RECAPTCHA_SECRET_KEY`.
 *
 * `CAPTCHA_PROVIDER` in wrangler.toml picks one (docs/deployment.md, "Configuration").
 */
import { readSecret } from '../crypto/secrets'
import type { Env } from '../env'
import { SettledCache } from '../runtime/isolate-cache'

export interface CaptchaVerifier {
  readonly name: string
  /** Whether the token proves a person solved the captcha; a token is good at most once. */
  verify(token: string, remoteIp: string | null): Promise<boolean>
}

/** The local widget's tokens (islands/captcha/local.ts writes them). */
export const LOCAL_CAPTCHA_TOKEN = /^local-pass\.[A-Za-z0-9_-]{16,64}$/

/** Tokens the local provider has accepted in this isolate (settled values: booleans). */
const spentLocalTokens = new SettledCache<boolean>(10_000)

export const localCaptcha: CaptchaVerifier = {
  name: 'local',
  async verify(token) {
    if (!LOCAL_CAPTCHA_TOKEN.test(token) || spentLocalTokens.get(token)) return false
    spentLocalTokens.set(token, true)
    return true
  },
}

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify'

/** Google reCAPTCHA; `fetcher` is the network (a test passes its own). */
export function recaptcha(secret: string, fetcher: typeof fetch = fetch): CaptchaVerifier {
  return {
    name: 'recaptcha',
    async verify(token, remoteIp) {
      const body = new URLSearchParams({ secret, response: token })
      if (remoteIp) body.set('remoteip', remoteIp)
      const response = await fetcher(SITEVERIFY_URL, { method: 'POST', body })
      if (!response.ok) throw new Error(`reCAPTCHA siteverify answered ${response.status}`)
      const result = (await response.json()) as { success?: unknown }
      return result.success === true
    },
  }
}

/** The verifier `CAPTCHA_PROVIDER` names; a misconfiguration says how to fix it. */
export function captchaVerifier(
  env: Pick<Env, 'CAPTCHA_PROVIDER' | 'RECAPTCHA_SECRET_KEY'> & Partial<Pick<Env, 'ENVIRONMENT'>>,
): CaptchaVerifier {
  const provider = env.CAPTCHA_PROVIDER ?? 'local'
  if (provider === 'local') return localCaptcha
  if (provider === 'recaptcha') {
    return recaptcha(readSecret(env, 'RECAPTCHA_SECRET_KEY'))
  }
  throw new Error(`CAPTCHA_PROVIDER must be "local" or "recaptcha", not "${provider}"`)
}
