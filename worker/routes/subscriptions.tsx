/**
 * The double opt-in link (issue 18; actions/subscriptions.ts), in the tenant's frame:
 *
 *   GET  /subscriptions/confirm?token=…   asks to confirm, with a button (nothing changes: mail
 *                                          scanners that fetch links confirm nothing)
 *   POST /subscriptions/confirm            token in the form body: confirms, shows the result
 *
 * A token we never gave out (or cut short) is a 404 page, an expired one a 410 page, one already
 * used shows that the address is confirmed. The pages are personal (`private, no-store`), never
 * tracked (the URL carries the token) and sent with `Referrer-Policy: no-referrer`.
 */
import type { Context } from 'hono'
import { COMMERCE_TEXT, fillText, localizedText } from '../../shared/index'
import { CONFIRM_PATH, TOKEN_PATTERN, tokenHashOf } from '../actions/subscriptions'
import { itemById } from '../catalogue/item-index'
import { type Confirmation, confirmByToken, findConfirmation } from '../db/confirmations'
import type { AppEnv } from '../env'
import { formBody, InputError } from '../http/body'
import { Hono } from '../http/hono'
import { requireSameOrigin } from '../middleware/crumb'
import { withinLimits } from '../middleware/rate-limit'
import { queueConnectionEvents } from '../queues/connection-events'
import { renderToString } from '../render/react-server'
import { renderReactPage } from '../render/template-page'
import * as z from '../runtime/zod'

export const subscriptionRoutes = new Hono<AppEnv>()

/** The page kind: the tracking script skips it (templates' `UNTRACKED_PAGE_KINDS`). */
export const CONFIRM_PAGE_KIND = 'subscription-confirm'

const PAGE_HEADERS = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' } as const

interface PageContent {
  status: 200 | 400 | 403 | 404 | 410 | 429
  title: string
  message: string
  /** The token the button confirms, on the question page only. */
  confirmToken?: string
}

function ConfirmSection({ content, button, home }: { content: PageContent; button: string; home: string }) {
  return (
    <section className="status-page subscription-confirm">
      <h1>{content.title}</h1>
      <p>{content.message}</p>
      {content.confirmToken !== undefined ? (
        <form method="post" action={CONFIRM_PATH}>
          <input type="hidden" name="token" value={content.confirmToken} />
          <button type="submit" className="button">
            {button}
          </button>
        </form>
      ) : (
        <p>
          <a href="/">{home}</a>
        </p>
      )}
    </section>
  )
}

function confirmPage(c: Context<AppEnv>, content: PageContent) {
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  return renderReactPage({
    kind: CONFIRM_PAGE_KIND,
    catalog: c.get('catalog'),
    path: CONFIRM_PATH,
    status: content.status,
    head: { title: content.title, path: CONFIRM_PATH, type: 'website', noindex: true },
    main: () =>
      renderToString(<ConfirmSection content={content} button={text.confirmButton} home={text.homeLink} />),
    headers: PAGE_HEADERS,
  })
}

/** A token we never gave out, or cut short. */
function notFound(c: Context<AppEnv>) {
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  return confirmPage(c, { status: 404, title: text.invalidTitle, message: text.invalidLink })
}

/** The words of a confirmation: its address, and the product or the site it is for. */
async function valuesOf(c: Context<AppEnv>, confirmation: Confirmation) {
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  const product =
    confirmation.productId === null ? null : await itemById(c.get('catalog'), confirmation.productId)
  return {
    email: confirmation.email,
    site: c.get('tenant').site.website.siteTitle,
    product: product?.title ?? text.unknownProduct,
  }
}

/** The page for a token that cannot be confirmed now: unknown, expired, or confirmed already. */
async function outcomePage(c: Context<AppEnv>, confirmation: Confirmation | null, now: number) {
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  if (confirmation === null) return notFound(c)
  const values = await valuesOf(c, confirmation)
  if (!confirmation.pending) {
    const message = confirmation.subscription === 'restock' ? text.confirmedRestock : text.confirmedNewsletter
    return confirmPage(c, { status: 200, title: text.confirmedTitle, message: fillText(message, values) })
  }
  if (confirmation.expiresAt <= now) {
    return confirmPage(c, { status: 410, title: text.expiredTitle, message: text.expiredLink })
  }
  return null
}

async function limited(c: Context<AppEnv>): Promise<Response | null> {
  if (await withinLimits(c, 'subscription-confirm')) return null
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  return confirmPage(c, { status: 429, title: text.confirmTitle, message: COMMERCE_TEXT.tryAgainShortly })
}

const tokenSchema = z.string().check(z.maxLength(200))

/** The hash of a well-formed token, or null for anything else (a 404 page, never a 500). */
async function hashOf(token: unknown): Promise<string | null> {
  const parsed = tokenSchema.safeParse(token)
  if (!parsed.success || !TOKEN_PATTERN.test(parsed.data)) return null
  return tokenHashOf(parsed.data)
}

subscriptionRoutes.get(CONFIRM_PATH, async function askToConfirm(c) {
  const refused = await limited(c)
  if (refused) return refused
  const token = c.req.query('token')
  const hash = await hashOf(token)
  const now = Date.now()
  const confirmation = hash === null ? null : await findConfirmation(c.env.DB, c.get('tenant').siteId, hash)
  const settled = await outcomePage(c, confirmation, now)
  if (settled !== null) return settled
  if (confirmation === null) return notFound(c)
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  const message = confirmation.subscription === 'restock' ? text.confirmRestock : text.confirmNewsletter
  return confirmPage(c, {
    status: 200,
    title: text.confirmTitle,
    message: fillText(message, await valuesOf(c, confirmation)),
    confirmToken: token,
  })
})

subscriptionRoutes.post(CONFIRM_PATH, requireSameOrigin(), async function confirm(c) {
  const refused = await limited(c)
  if (refused) return refused
  const text = localizedText(c.get('tenant').site.localizedStrings).subscriptions
  let token: unknown
  try {
    token = (await formBody(c, z.record(z.string(), z.unknown()))).token
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    return confirmPage(c, { status: 400, title: text.invalidTitle, message: text.invalidLink })
  }
  const hash = await hashOf(token)
  const now = Date.now()
  const { siteId } = c.get('tenant')
  const confirmed = hash !== null && (await confirmByToken(c.env.DB, siteId, hash, now))
  const confirmation = hash === null ? null : await findConfirmation(c.env.DB, siteId, hash)
  if (!confirmed || confirmation === null) return (await outcomePage(c, confirmation, now)) ?? notFound(c)
  // A confirmed address (a restock sign-up's only when it joined the list) goes to the connected list.
  await queueConnectionEvents(c.env, siteId, [['subscriber', { tokenHash: hash }]])
  const message = confirmation.subscription === 'restock' ? text.confirmedRestock : text.confirmedNewsletter
  return confirmPage(c, {
    status: 200,
    title: text.confirmedTitle,
    message: fillText(message, await valuesOf(c, confirmation)),
  })
})
