// Every secret the worker reads goes through one rule (worker/crypto/secrets.ts): missing or too
// short is refused everywhere, the development value of wrangler.toml in production too. Each
// secret is tried where the worker reads it, with its development value and ENVIRONMENT =
// "production"; the tests themselves run with the development values, which work.
import { createExecutionContext, env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../worker/api-worker/index'
import { issueSubmissionKey } from '../../worker/auth/form-keys'
import { type CheckoutClaims, signCheckoutToken } from '../../worker/commerce/checkout-tokens'
import {
  MisconfigurationError,
  readSecret,
  SECRETS,
  type SecretName,
  secretProblem,
  sessionSecret,
} from '../../worker/crypto/secrets'
import type { Env } from '../../worker/env'
import { stripeProvider } from '../../worker/payments/stripe-provider'
import { captchaVerifier } from '../../worker/providers/captcha'
import { emailSender } from '../../worker/providers/email'
import { placesProvider } from '../../worker/providers/places'

/** The development value of each secret: wrangler.toml's, or one of its kind for the provider keys it leaves unset. */
const DEVELOPMENT: Record<SecretName, string> = {
  SESSION_SECRET: env.SESSION_SECRET,
  FORM_KEY_SECRET: env.FORM_KEY_SECRET ?? '',
  CART_TOKEN_SECRET: env.CART_TOKEN_SECRET ?? '',
  STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? '',
  OPERATOR_TOKEN: env.OPERATOR_TOKEN ?? '',
  STRIPE_SECRET_KEY: 'development-only-stripe-secret-key',
  RECAPTCHA_SECRET_KEY: 'development-only-recaptcha-secret-key',
  EMAIL_API_KEY: 'development-only-email-api-key',
  GOOGLE_MAPS_API_KEY: 'development-only-google-maps-api-key',
  MAILCHIMP_API_KEY: 'development-only-mailchimp-api-key-us21',
}

const production = (overrides: Partial<Env> = {}): Env => ({
  ...env,
  ...overrides,
  ENVIRONMENT: 'production',
})

/** Production with a real SESSION_SECRET, which every request's crumb needs before any route runs. */
const productionRequests = (): Env =>
  production({ SESSION_SECRET: 'a-real-production-session-secret-0123456789' })

/** The refusal names the secret and the command that sets it. */
const refusal = (name: string) => new RegExp(`${name}.*wrangler secret put ${name}`)

const CLAIMS: CheckoutClaims = {
  kind: 'subscription',
  itemId: 'i',
  sku: 's',
  qty: 1,
  additionalFields: null,
  plan: null,
}

describe('Secrets: one rule', () => {
  it('Should know every secret the worker reads', () => {
    expect(Object.keys(SECRETS).sort()).toEqual(Object.keys(DEVELOPMENT).sort())
  })

  for (const name of Object.keys(SECRETS) as SecretName[]) {
    it(`Should accept ${name}'s development value in development and refuse it, or a missing or short one, in production`, () => {
      const development = { ...env, [name]: DEVELOPMENT[name] }
      expect(readSecret(development, name)).toBe(DEVELOPMENT[name])
      expect(() => readSecret(production({ [name]: DEVELOPMENT[name] }), name)).toThrow(MisconfigurationError)
      expect(() => readSecret(production({ [name]: DEVELOPMENT[name] }), name)).toThrow(refusal(name))
      expect(() => readSecret(production({ [name]: undefined }), name)).toThrow(refusal(name))
      expect(() => readSecret(production({ [name]: 'short' }), name)).toThrow(refusal(name))
      expect(readSecret(production({ [name]: 'x'.repeat(SECRETS[name]) }), name)).toBe(
        'x'.repeat(SECRETS[name]),
      )
    })
  }

  it('Should refuse the development SESSION_SECRET in production where sessions, crumbs and cookies are signed', () => {
    expect(() => sessionSecret(production())).toThrow(refusal('SESSION_SECRET'))
  })

  it('Should refuse the development FORM_KEY_SECRET in production where form keys are issued', async () => {
    await expect(issueSubmissionKey(env, 'site', Date.now())).resolves.toMatch(/\./)
    await expect(issueSubmissionKey(production(), 'site', Date.now())).rejects.toThrow(
      refusal('FORM_KEY_SECRET'),
    )
  })

  it('Should refuse the development CART_TOKEN_SECRET in production where checkout tokens are signed', async () => {
    await expect(signCheckoutToken(production(), 'site', CLAIMS)).rejects.toThrow(
      refusal('CART_TOKEN_SECRET'),
    )
  })

  it('Should refuse the development STRIPE_WEBHOOK_SECRET in production at the webhook', async () => {
    const response = await worker.fetch(
      new Request('http://aurora.localhost/api/commerce/payments/webhook', { method: 'POST', body: '{}' }),
      productionRequests(),
      createExecutionContext(),
    )
    expect(response.status).toBe(503)
    expect(((await response.json()) as { message: string }).message).toMatch(refusal('STRIPE_WEBHOOK_SECRET'))
  })

  it('Should refuse the development OPERATOR_TOKEN in production at the operator calls', async () => {
    const response = await worker.fetch(
      new Request('http://localhost/_operator/dead-letters', {
        headers: { authorization: `Bearer ${env.OPERATOR_TOKEN}` },
      }),
      productionRequests(),
      createExecutionContext(),
    )
    expect(response.status).toBe(503)
    expect(((await response.json()) as { message: string }).message).toMatch(refusal('OPERATOR_TOKEN'))
  })

  it('Should refuse a development STRIPE_SECRET_KEY in production before charging', async () => {
    const result = await stripeProvider.charge(
      {
        amountCents: 100,
        currency: 'USD',
        card: 'pm_card_visa',
        reference: 'order',
        idempotencyKey: 'order.1',
        attempt: 1,
      } as never,
      production({ STRIPE_SECRET_KEY: DEVELOPMENT.STRIPE_SECRET_KEY }),
    )
    expect(result).toMatchObject({ status: 'error' })
    expect(secretProblem('STRIPE_SECRET_KEY', DEVELOPMENT.STRIPE_SECRET_KEY, 'production')).toMatch(
      refusal('STRIPE_SECRET_KEY'),
    )
  })

  it('Should refuse development provider keys in production where the providers are chosen', () => {
    expect(() =>
      captchaVerifier(
        production({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET_KEY: DEVELOPMENT.RECAPTCHA_SECRET_KEY }),
      ),
    ).toThrow(refusal('RECAPTCHA_SECRET_KEY'))
    expect(() =>
      emailSender(
        production({
          EMAIL_PROVIDER: 'resend',
          EMAIL_API_KEY: DEVELOPMENT.EMAIL_API_KEY,
          EMAIL_FROM: 'shop@example.com',
        }),
      ),
    ).toThrow(refusal('EMAIL_API_KEY'))
    expect(() =>
      placesProvider(
        production({ PLACES_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: DEVELOPMENT.GOOGLE_MAPS_API_KEY }),
      ),
    ).toThrow(refusal('GOOGLE_MAPS_API_KEY'))
  })
})
