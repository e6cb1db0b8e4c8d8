// Back-in-stock notifications (storefront.md sections 3, 5 and 7): the shopper's sign-up (pending
// until its address is confirmed: double opt-in) and the owner's list, groups and sends, which
// queue the notifications; the consumer marks a sign-up sent once the provider took its email.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import worker from '../../worker/api-worker/index'
import type { NotificationMessage, RestockNotificationMessage } from '../../worker/env'
import { confirmFromEmail } from './confirmations'
import { apiCall, localCaptchaToken, newCrumb, rows } from './form-helpers'
import { DEMO_PASSWORDS, type SignedIn, signIn } from './visitor'

const AURORA = 'aurora.localhost'
const PATH = '/api/site-users/account/notifications/restock'
const PARKA = { productId: 'aurora-item-0004', variantId: 'aurora-item-0004-v05' }
/** The local queue delivers a message in about a second. */
const WAIT = { timeout: 10_000, interval: 100 }

function signUp(host: string, body: Record<string, unknown>, crumb = newCrumb()) {
  return apiCall(host, PATH, { body, crumb })
}

function uniqueEmail(tag: string): string {
  return `${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`
}

/** Demo site users signed in once per file (sign-in is rate limited per account). */
const sessions = new Map<string, SignedIn>()

async function sessionOf(host: string, email: string): Promise<SignedIn> {
  const known = sessions.get(email)
  if (known) return known
  const session = await signIn(host, email, DEMO_PASSWORDS[email] ?? '')
  expect(session.response.status).toBe(200)
  sessions.set(email, session)
  return session
}

/** A call by a signed-in demo site user (aurora's ADMIN unless told), with crumb and XSRF token. */
async function owner(host: string, path: string, init: { as?: string; body?: unknown } = {}) {
  const session = await sessionOf(host, init.as ?? 'admin@aurora.example')
  const crumb = newCrumb()
  return apiCall(host, path, {
    body: init.body,
    crumb: null,
    headers: {
      cookie: `crumb=${crumb}; ${session.cookie}`,
      'X-CSRF-Token': crumb,
      'X-XSRF-Token': session.xsrfToken,
    },
  })
}

describe('POST /api/site-users/account/notifications/restock', () => {
  it('Should store the sign-up before answering, and one sign-up for the same email twice', async () => {
    const email = uniqueEmail('twice')
    const first = await signUp(AURORA, { ...PARKA, siteVisitorEmail: email, isJoinMailingList: false })
    expect(first.status).toBe(200)
    const second = await signUp(AURORA, {
      ...PARKA,
      siteVisitorEmail: `  ${email.toUpperCase()} `,
      isJoinMailingList: false,
    })
    expect(second.status).toBe(200)
    expect(
      await rows('SELECT product_id, variant_id, sent_at FROM restock_signups WHERE email = ?', email),
    ).toEqual([{ product_id: PARKA.productId, variant_id: PARKA.variantId, sent_at: null }])
  })

  it('Should record the mailing-list subscriber when the shopper joins it, once the address is confirmed', async () => {
    const email = uniqueEmail('joiner')
    await signUp(AURORA, { ...PARKA, siteVisitorEmail: email, isJoinMailingList: true })
    expect(await rows('SELECT source FROM newsletter_subscribers WHERE email = ?', email)).toEqual([])
    await confirmFromEmail(AURORA, email)
    expect(await rows('SELECT source FROM newsletter_subscribers WHERE email = ?', email)).toEqual([
      { source: 'restock' },
    ])
  })

  for (const [email, message] of [
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['not-an-email', 'Email is invalid'],
    [`${'a'.repeat(250)}@example.com`, 'Email is invalid'],
  ] as const) {
    it(`Should answer 400 with data.message ‘${message}’ for ${JSON.stringify(email.slice(0, 20))}, storing nothing`, async () => {
      const response = await signUp(AURORA, { ...PARKA, siteVisitorEmail: email, isJoinMailingList: false })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message, data: { message } })
    })
  }

  it('Should answer 404 for a product or variant that does not exist, or a variant in stock', async () => {
    for (const ids of [
      { productId: 'aurora-item-9999', variantId: 'x' },
      { productId: PARKA.productId, variantId: 'aurora-item-0004-v99' },
      { productId: 'aurora-item-0001', variantId: 'aurora-item-0001-v01' },
    ]) {
      const response = await signUp(AURORA, { ...ids, siteVisitorEmail: 'a@example.com' })
      expect(response.status).toBe(404)
      expect(((await response.json()) as { data: { message: string } }).data.message).toBe(
        'Back-in-stock emails are not available for this item.',
      )
    }
  })

  it('Should answer 404 on a store that offers no sign-ups', async () => {
    const response = await signUp('kissa.localhost', {
      productId: 'kissa-item-0001',
      variantId: 'kissa-item-0001-v01',
      siteVisitorEmail: 'a@example.com',
    })
    expect(response.status).toBe(404)
  })

  it('Should ask for the captcha when the website has a site key, and take a genuine token', async () => {
    const lantern = { productId: 'forms-item-lantern', variantId: 'forms-lantern-v1' }
    const email = uniqueEmail('lantern')
    const without = await signUp('forms.localhost', { ...lantern, siteVisitorEmail: email })
    expect(without.status).toBe(400)
    expect(await without.json()).toEqual({
      message: 'Complete CAPTCHA before submitting.',
      data: { message: 'Complete CAPTCHA before submitting.' },
    })
    const forged = await signUp('forms.localhost', {
      ...lantern,
      siteVisitorEmail: email,
      captchaToken: 'forged',
    })
    expect(forged.status).toBe(400)
    expect(await rows('SELECT id FROM restock_signups WHERE email = ?', email)).toEqual([])
    const genuine = await signUp('forms.localhost', {
      ...lantern,
      siteVisitorEmail: email,
      captchaToken: localCaptchaToken(),
    })
    expect(genuine.status).toBe(200)
    expect(await rows('SELECT variant_id FROM restock_signups WHERE email = ?', email)).toEqual([
      { variant_id: 'forms-lantern-v1' },
    ])
  })

  it('Should refuse a sign-up without the crumb (403) and a malformed body (400), never a 500', async () => {
    const noCrumb = await apiCall(AURORA, PATH, {
      body: { ...PARKA, siteVisitorEmail: 'a@example.com' },
      crumb: null,
    })
    expect(noCrumb.status).toBe(403)
    for (const rawBody of ['{', '[]', JSON.stringify({ productId: 5 }), JSON.stringify({ ...PARKA })]) {
      expect((await apiCall(AURORA, PATH, { rawBody })).status).toBe(400)
    }
  })
})

describe('The owner’s restock calls', () => {
  it('Should answer 401 without a signed-in site user and 403 for a role that is not ADMIN or STORE_MANAGER', async () => {
    expect((await apiCall(AURORA, `${PATH}?productId=${PARKA.productId}`)).status).toBe(401)
    expect((await apiCall(AURORA, `${PATH}/groups`)).status).toBe(401)
    const list = `${PATH}?productId=${PARKA.productId}`
    expect((await owner(AURORA, list, { as: 'viewer@aurora.example' })).status).toBe(403)
    expect((await owner(AURORA, `${PATH}/send`, { as: 'shopper@aurora.example', body: PARKA })).status).toBe(
      403,
    )
    expect((await owner(AURORA, list, { as: 'manager@aurora.example' })).status).toBe(200)
    expect((await owner(AURORA, list, { as: 'admin@aurora.example' })).status).toBe(200)
  })

  it('Should not take another site’s session', async () => {
    const kissa = await sessionOf('kissa.localhost', 'manager@kissa.example')
    const crumb = newCrumb()
    const response = await apiCall(AURORA, `${PATH}/groups`, {
      crumb: null,
      headers: {
        cookie: `crumb=${crumb}; ${kissa.cookie}`,
        'X-CSRF-Token': crumb,
        'X-XSRF-Token': kissa.xsrfToken,
      },
    })
    expect(response.status).toBe(401)
  })

  it('Should page through a variant’s sign-ups with the cursor', async () => {
    const variant = { productId: PARKA.productId, variantId: 'aurora-item-0004-v08' }
    await env.DB.batch(
      Array.from({ length: 55 }, (_, i) =>
        env.DB.prepare(
          'INSERT INTO restock_signups (site_id, product_id, variant_id, email, created_at) VALUES (?, ?, ?, ?, ?)',
        ).bind('aurora', variant.productId, variant.variantId, uniqueEmail(`page${i}`), Date.now()),
      ),
    )
    const query = `productId=${variant.productId}&variantId=${variant.variantId}`
    const first = (await (await owner(AURORA, `${PATH}?${query}`)).json()) as {
      signUps: { email: string; variantId: string }[]
      hasNextPage: boolean
      nextPageCursor: string
    }
    expect(first.signUps).toHaveLength(50)
    expect(first.hasNextPage).toBe(true)
    const second = (await (
      await owner(AURORA, `${PATH}?${query}&cursor=${first.nextPageCursor}`)
    ).json()) as {
      signUps: { email: string }[]
      hasNextPage: boolean
      nextPageCursor: string | null
    }
    expect(second.signUps.length).toBeGreaterThanOrEqual(5)
    expect(second.hasNextPage).toBe(false)
    expect(second.nextPageCursor).toBeNull()
    const emails = new Set([...first.signUps, ...second.signUps].map((s) => s.email))
    expect(emails.size).toBe(first.signUps.length + second.signUps.length)
  })

  it('Should answer a cursor it never gave out with a 400', async () => {
    const response = await owner(AURORA, `${PATH}?productId=${PARKA.productId}&cursor=%%%`)
    expect(response.status).toBe(400)
  })

  it('Should list sign-up groups by product and variant with their counts', async () => {
    const variant = { productId: PARKA.productId, variantId: 'aurora-item-0004-v02' }
    await signUp(AURORA, { ...variant, siteVisitorEmail: uniqueEmail('group') })
    const response = await owner(AURORA, `${PATH}/groups`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      signUpGroups: { productId: string; variantId: string; signUpCount: number; pendingCount: number }[]
      hasNextPage: boolean
    }
    expect(body.signUpGroups).toContainEqual(
      expect.objectContaining({ ...variant, pendingCount: expect.any(Number) }),
    )
    expect(body.hasNextPage).toBe(false)
  })

  it('Should queue one notification per waiting sign-up on send, mark them sent only once the provider accepted each email, and queue nothing twice', async () => {
    const variant = { productId: PARKA.productId, variantId: 'aurora-item-0004-v06' }
    const emails = [uniqueEmail('send-a'), uniqueEmail('send-b')]
    for (const email of emails) await signUp(AURORA, { ...variant, siteVisitorEmail: email })
    await Promise.all(emails.map((email) => confirmFromEmail(AURORA, email)))
    const send = await owner(AURORA, `${PATH}/send`, { body: variant })
    expect(send.status).toBe(200)
    expect(await send.json()).toEqual({ queued: 2 })
    // Claimed by the send, not sent: the consumer marks each once the provider took its email.
    const states = async () =>
      (
        await rows<{ status: string; sent_at: number | null }>(
          'SELECT status, sent_at FROM restock_signups WHERE email IN (?, ?)',
          ...emails,
        )
      ).map((row) => [row.status, typeof row.sent_at])
    expect((await states()).every(([status]) => status === 'queued' || status === 'sent')).toBe(true)
    expect(await (await owner(AURORA, `${PATH}/send`, { body: variant })).json()).toEqual({ queued: 0 })
    await vi.waitFor(
      async () =>
        expect(await states()).toEqual([
          ['sent', 'number'],
          ['sent', 'number'],
        ]),
      WAIT,
    )
    for (const email of emails) {
      expect(
        await rows("SELECT subject FROM outbound_emails WHERE recipient = ? AND kind = 'restock'", email),
      ).toEqual([{ subject: 'Alpine Down Parka is back in stock' }])
    }
  })

  it('Should send no restock email to a sign-up whose address is not confirmed, and count it as pending', async () => {
    const variant = { productId: PARKA.productId, variantId: 'aurora-item-0004-v01' }
    const pending = uniqueEmail('unconfirmed')
    const confirmed = uniqueEmail('confirmed')
    for (const email of [pending, confirmed]) await signUp(AURORA, { ...variant, siteVisitorEmail: email })
    await confirmFromEmail(AURORA, confirmed)
    const groups = (await (await owner(AURORA, `${PATH}/groups`)).json()) as {
      signUpGroups: { variantId: string; pendingCount: number; waitingCount: number }[]
    }
    expect(groups.signUpGroups.find((group) => group.variantId === variant.variantId)).toMatchObject({
      signUpCount: 2,
      pendingCount: 1,
      waitingCount: 1,
    })
    const listed = (await (
      await owner(AURORA, `${PATH}?productId=${variant.productId}&variantId=${variant.variantId}`)
    ).json()) as { signUps: { email: string; status: string }[] }
    expect(listed.signUps.find((signUp) => signUp.email === pending)?.status).toBe('pending')
    expect(listed.signUps.find((signUp) => signUp.email === confirmed)?.status).toBe('waiting')

    expect(await (await owner(AURORA, `${PATH}/send`, { body: variant })).json()).toEqual({ queued: 1 })
    await vi.waitFor(
      async () =>
        expect(await rows('SELECT status FROM restock_signups WHERE email = ?', confirmed)).toEqual([
          { status: 'sent' },
        ]),
      WAIT,
    )
    expect(await rows('SELECT status FROM restock_signups WHERE email = ?', pending)).toEqual([
      { status: 'pending' },
    ])
    expect(await rows('SELECT kind FROM outbound_emails WHERE recipient = ?', pending)).toEqual([
      { kind: 'confirm-restock' },
    ])
  })

  it('Should queue again, on the next send, the sign-ups a crash left queued, but not those queued moments ago', async () => {
    const variant = { productId: PARKA.productId, variantId: 'aurora-item-0004-v03' }
    const stranded = [uniqueEmail('stranded-a'), uniqueEmail('stranded-b')]
    const recent = uniqueEmail('recent')
    for (const email of [...stranded, recent]) await signUp(AURORA, { ...variant, siteVisitorEmail: email })
    // As the owner's send leaves them when the worker dies before the queue holds their messages.
    const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000
    await env.DB.prepare("UPDATE restock_signups SET status = 'queued', queued_at = ? WHERE email IN (?, ?)")
      .bind(minutesAgo(6), ...stranded)
      .run()
    await env.DB.prepare("UPDATE restock_signups SET status = 'queued', queued_at = ? WHERE email = ?")
      .bind(minutesAgo(1), recent)
      .run()
    const send = await owner(AURORA, `${PATH}/send`, { body: variant })
    expect(await send.json()).toEqual({ queued: 2 })
    await vi.waitFor(async () => {
      for (const email of stranded) {
        expect(await rows('SELECT status FROM restock_signups WHERE email = ?', email)).toEqual([
          { status: 'sent' },
        ])
        expect(await rows('SELECT id FROM outbound_emails WHERE recipient = ?', email)).toHaveLength(1)
      }
    }, WAIT)
    expect(await rows('SELECT status FROM restock_signups WHERE email = ?', recent)).toEqual([
      { status: 'queued' },
    ])
  })

  it('Should send every request of send/all', async () => {
    const a = { productId: PARKA.productId, variantId: 'aurora-item-0004-v07' }
    const b = { productId: PARKA.productId, variantId: 'aurora-item-0004-v04' }
    const emails = [uniqueEmail('all-a'), uniqueEmail('all-b')]
    await signUp(AURORA, { ...a, siteVisitorEmail: emails[0] })
    await signUp(AURORA, { ...b, siteVisitorEmail: emails[1] })
    await Promise.all(emails.map((email) => confirmFromEmail(AURORA, email)))
    const response = await owner(AURORA, `${PATH}/send/all`, { body: { sendRequests: [a, b] } })
    expect(response.status).toBe(200)
    const { queued } = (await response.json()) as { queued: number }
    expect(queued).toBeGreaterThanOrEqual(2)
    const waiting = await rows(
      "SELECT id FROM restock_signups WHERE variant_id IN (?, ?) AND status = 'waiting'",
      a.variantId,
      b.variantId,
    )
    expect(waiting).toEqual([])
    expect((await owner(AURORA, `${PATH}/send/all`, { body: { sendRequests: [] } })).status).toBe(400)
  })
})

describe('The notifications queue consumer', () => {
  /** A sign-up as the owner's send leaves it: claimed ('queued'), its notification on the way. */
  async function queuedSignUp(email: string): Promise<number> {
    const row = await env.DB.prepare(
      `INSERT INTO restock_signups (site_id, product_id, variant_id, email, created_at, status, queued_at)
       VALUES ('aurora', ?, ?, ?, ?, 'queued', ?) RETURNING id`,
    )
      .bind(PARKA.productId, PARKA.variantId, email, Date.now(), Date.now())
      .first<{ id: number }>()
    return row?.id ?? 0
  }

  function notification(email: string, signUpId: number): RestockNotificationMessage {
    return {
      kind: 'restock',
      id: `restock:aurora:${signUpId}:0`,
      siteId: 'aurora',
      signUpId,
      round: 0,
      productId: PARKA.productId,
      variantId: PARKA.variantId,
      email,
      productTitle: 'Alpine Down Parka',
      productUrl: 'http://aurora.localhost/apparel/alpine-down-parka',
    }
  }

  async function deliver(id: string, body: NotificationMessage, attempts = 1) {
    const batch = createMessageBatch<NotificationMessage>('storefront-notifications', [
      { id, timestamp: new Date(), attempts, body },
    ])
    const ctx = createExecutionContext()
    await worker.queue(batch, env)
    return getQueueResult(batch, ctx)
  }

  it('Should email a notification through the provider once, however often it is delivered, and mark its sign-up sent', async () => {
    const email = uniqueEmail('queued')
    const signUpId = await queuedSignUp(email)
    const body = notification(email, signUpId)
    expect((await deliver(`first-${email}`, body)).explicitAcks).toEqual([`first-${email}`])
    // Delivered again, and queued again under another message id (a second send, a replay).
    await deliver(`first-${email}`, body)
    expect((await deliver(`again-${email}`, body)).explicitAcks).toEqual([`again-${email}`])
    expect(await rows('SELECT subject, body FROM outbound_emails WHERE recipient = ?', email)).toEqual([
      {
        subject: 'Alpine Down Parka is back in stock',
        body: 'Alpine Down Parka is back in stock: http://aurora.localhost/apparel/alpine-down-parka',
      },
    ])
    expect(await rows('SELECT status FROM restock_signups WHERE id = ?', signUpId)).toEqual([
      { status: 'sent' },
    ])
  })

  it('Should send a message again after a crash between the provider’s acceptance and the mark, as one email', async () => {
    const email = uniqueEmail('crash')
    const signUpId = await queuedSignUp(email)
    const body = notification(email, signUpId)
    await deliver(`crash-${email}`, body)
    // As if the worker died after the provider accepted the email, before the sign-up was marked.
    await env.DB.prepare("UPDATE restock_signups SET status = 'queued', sent_at = NULL WHERE id = ?")
      .bind(signUpId)
      .run()
    await deliver(`crash-${email}`, body, 2)
    expect(await rows('SELECT id FROM outbound_emails WHERE recipient = ?', email)).toHaveLength(1)
    expect(await rows('SELECT status FROM restock_signups WHERE id = ?', signUpId)).toEqual([
      { status: 'sent' },
    ])
  })

  it('Should send nothing for a sign-up armed again since its notification was queued', async () => {
    const email = uniqueEmail('rearmed')
    const signUpId = await queuedSignUp(email)
    await env.DB.prepare(
      "UPDATE restock_signups SET status = 'waiting', notification_round = 1, queued_at = NULL WHERE id = ?",
    )
      .bind(signUpId)
      .run()
    const result = await deliver(`rearmed-${email}`, notification(email, signUpId))
    expect(result.explicitAcks).toEqual([`rearmed-${email}`])
    expect(await rows('SELECT id FROM outbound_emails WHERE recipient = ?', email)).toEqual([])
  })

  it('Should still send a notification queued before sign-ups had states, once', async () => {
    const email = uniqueEmail('legacy')
    const { id: _id, round: _round, ...legacy } = notification(email, 1)
    await deliver(`legacy-${email}`, legacy)
    await deliver(`legacy-${email}`, legacy)
    expect(await rows('SELECT id FROM outbound_emails WHERE recipient = ?', email)).toHaveLength(1)
  })
})
