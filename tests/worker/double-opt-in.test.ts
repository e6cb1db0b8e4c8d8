// Double opt-in (issue 18): with `website.doubleOptIn` absent (on), a newsletter subscriber and a
// restock sign-up are stored pending and one confirmation email goes through the notifications
// queue to the email provider; only the confirmation page's button (a POST) confirms, never the
// link's GET; a wrong or expired token gets a clear page; a site with `doubleOptIn: false` keeps
// the behaviour from before.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { tokenHashOf } from '../../worker/actions/subscriptions'
import worker from '../../worker/api-worker/index'
import type { ConfirmationMessage } from '../../worker/env'
import { confirmationEmailsTo, confirmFromEmail, pressConfirm, tokenOf } from './confirmations'
import { apiCall, formPost, localCaptchaToken, newCrumb, rows, submissionKey } from './form-helpers'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'
const FORMS = 'forms.localhost'
const RESTOCK = '/api/site-users/account/notifications/restock'
const PARKA = { productId: 'aurora-item-0004', variantId: 'aurora-item-0004-v02' }
const DAY_MS = 24 * 60 * 60 * 1000

function uniqueEmail(tag: string): string {
  return `${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`
}

function signUp(host: string, body: Record<string, unknown>) {
  return apiCall(host, RESTOCK, { body })
}

async function subscribe(host: string, formId: string, fields: Record<string, unknown>, captcha = false) {
  const crumb = newCrumb()
  const key = await submissionKey(host, crumb)
  return apiCall(host, '/api/form/SaveFormSubmission', {
    crumb,
    body: {
      key,
      formId,
      form: JSON.stringify(fields),
      ...(captcha ? { captchaKey: localCaptchaToken() } : {}),
    },
  })
}

function restockRow(email: string) {
  return rows<{
    status: string
    token_hash: string | null
    token_expires_at: number | null
    confirmed_at: number | null
  }>('SELECT status, token_hash, token_expires_at, confirmed_at FROM restock_signups WHERE email = ?', email)
}

function subscriberRow(email: string) {
  return rows<{ status: string; source: string; token_hash: string | null }>(
    'SELECT status, source, token_hash FROM newsletter_subscribers WHERE email = ?',
    email,
  )
}

describe('Double opt-in of restock sign-ups', () => {
  it('Should store the sign-up pending and put one confirmation email in the outbox', async () => {
    const email = uniqueEmail('pending')
    const before = Date.now()
    expect((await signUp(AURORA, { ...PARKA, siteVisitorEmail: email })).status).toBe(200)
    const [row] = await restockRow(email)
    expect(row?.status).toBe('pending')
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.token_expires_at).toBeGreaterThanOrEqual(before + 7 * DAY_MS)
    const emails = await confirmationEmailsTo(email)
    expect(emails).toHaveLength(1)
    const [sent] = emails
    expect(sent?.kind).toBe('confirm-restock')
    expect(sent?.subject).toBe('Confirm your back-in-stock email for Alpine Down Parka')
    expect(sent?.body).toContain(`asked Aurora Outfitters to email ${email} when Alpine Down Parka`)
    // The link carries the token itself; D1 only its hash.
    const token = tokenOf(sent as NonNullable<typeof sent>)
    expect(sent?.body).toContain(`http://${AURORA}/subscriptions/confirm?token=${token}`)
    expect(await tokenHashOf(token)).toBe(row?.token_hash)
    // Signing up again minutes later sends no second email: the token stays the one sent.
    await signUp(AURORA, { ...PARKA, siteVisitorEmail: email })
    expect((await restockRow(email))[0]?.token_hash).toBe(row?.token_hash)
  })

  it('Should confirm only by the page’s POST: the link’s GET asks, with a button, and changes nothing', async () => {
    const email = uniqueEmail('confirm')
    await signUp(AURORA, { ...PARKA, siteVisitorEmail: email, isJoinMailingList: true })
    const [sent] = await confirmationEmailsTo(email)
    const token = tokenOf(sent as NonNullable<typeof sent>)

    const page = await visit(AURORA, `/subscriptions/confirm?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain('Confirm your email address')
    expect(html).toContain(`Confirm that we may email ${email} when Alpine Down Parka is back in stock.`)
    expect(html).toContain('<form action="/subscriptions/confirm" method="post">')
    expect(html).toContain(`<input type="hidden" name="token" value="${token}"/>`)
    // In the tenant's frame, without the tracking script (the URL carries the token).
    expect(html).toContain('Aurora Outfitters')
    expect(html).not.toContain('data-tracking')
    expect((await restockRow(email))[0]?.status).toBe('pending')
    expect(await subscriberRow(email)).toEqual([])

    const confirmed = await pressConfirm(AURORA, token)
    expect(confirmed.status).toBe(200)
    const result = await confirmed.text()
    expect(result).toContain('Email address confirmed')
    expect(result).toContain('Thank you! We will email you when Alpine Down Parka is back in stock.')
    const [row] = await restockRow(email)
    expect(row?.status).toBe('waiting')
    expect(row?.confirmed_at).toEqual(expect.any(Number))
    // The mailing list the shopper ticked is joined with the confirmed address.
    expect(await subscriberRow(email)).toEqual([{ status: 'confirmed', source: 'restock', token_hash: null }])
    // The link used again says so.
    const again = await pressConfirm(AURORA, token)
    expect(again.status).toBe(200)
    expect(await again.text()).toContain('Email address confirmed')
  })

  it('Should refuse a wrong, cut or expired token with a clear page, and a cross-site post', async () => {
    const wrong = 'A'.repeat(43)
    for (const query of [`?token=${wrong}`, '?token=abc', '', '?token=%00%ff']) {
      const response = await visit(AURORA, `/subscriptions/confirm${query}`)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain(
        'This confirmation link is not valid. Open the link from the email again, or sign up again.',
      )
    }
    expect((await pressConfirm(AURORA, wrong)).status).toBe(404)

    const email = uniqueEmail('expired')
    await signUp(AURORA, { ...PARKA, siteVisitorEmail: email })
    const [sent] = await confirmationEmailsTo(email)
    const token = tokenOf(sent as NonNullable<typeof sent>)
    await env.DB.prepare('UPDATE restock_signups SET token_expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1, email)
      .run()
    for (const response of [
      await visit(AURORA, `/subscriptions/confirm?token=${token}`),
      await pressConfirm(AURORA, token),
    ]) {
      expect(response.status).toBe(410)
      expect(await response.text()).toContain(
        'This confirmation link has expired. Sign up again to get a new one.',
      )
    }
    expect((await restockRow(email))[0]?.status).toBe('pending')

    const crossSite = await formPost(AURORA, '/subscriptions/confirm', [['token', token]], {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    })
    expect(crossSite.status).toBe(403)
    // Another site's token is not this site's.
    expect((await visit(JOURNAL, `/subscriptions/confirm?token=${token}`)).status).toBe(404)
  })

  it('Should answer a confirmation post it cannot read with a 4xx page, never a 500', async () => {
    const upload = new FormData()
    upload.set('token', new File(['x'], 'token.txt'))
    const bodies: { body: BodyInit; type?: string }[] = [
      { body: upload },
      { body: '{', type: 'application/json' },
      { body: 'token=%E0%A4%A', type: 'application/x-www-form-urlencoded' },
      { body: `token=${'x'.repeat(5000)}`, type: 'application/x-www-form-urlencoded' },
    ]
    for (const { body, type } of bodies) {
      const response = await visit(AURORA, '/subscriptions/confirm', {
        method: 'POST',
        headers: { Origin: `http://${AURORA}`, ...(type ? { 'content-type': type } : {}) },
        body,
      })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
  })
})

describe('Double opt-in of newsletter forms', () => {
  it('Should store the submission as always, the subscriber pending, and send one confirmation email; the button confirms', async () => {
    const email = uniqueEmail('reader')
    const response = await subscribe(JOURNAL, 'newsletter', { email })
    expect(response.status).toBe(200)
    expect(
      await rows('SELECT form_id FROM form_submissions WHERE fields = ?', JSON.stringify({ email })),
    ).toEqual([{ form_id: 'newsletter' }])
    expect(await subscriberRow(email)).toEqual([
      { status: 'pending', source: 'form:newsletter', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ])
    const emails = await confirmationEmailsTo(email)
    expect(emails.map(({ kind, subject }) => [kind, subject])).toEqual([
      ['confirm-newsletter', 'Confirm your subscription to Field Journal'],
    ])
    const token = tokenOf(emails[0] as NonNullable<(typeof emails)[0]>)
    const page = await visit(JOURNAL, `/subscriptions/confirm?token=${token}`)
    expect(await page.text()).toContain(
      `Confirm that ${email} should receive the newsletter of Field Journal.`,
    )
    expect((await subscriberRow(email))[0]?.status).toBe('pending')
    const confirmed = await pressConfirm(JOURNAL, token)
    expect(await confirmed.text()).toContain('Thank you! You will receive the newsletter of Field Journal.')
    expect((await subscriberRow(email))[0]?.status).toBe('confirmed')
  })

  it('Should thank a plain post with the form’s text and ask to confirm the address', async () => {
    const email = uniqueEmail('letter')
    const response = await formPost(JOURNAL, '/', [
      ['sf-action', 'form'],
      ['sf-form-id', 'newsletter'],
      ['email', email],
    ])
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('You are on the list. The next letter arrives at the start of the month.')
    expect(html).toContain('Check your inbox: we have sent you a link to confirm your email address.')
    expect(await confirmationEmailsTo(email)).toHaveLength(1)
  })
})

describe('A site with doubleOptIn false', () => {
  it('Should store restock sign-ups and newsletter subscribers confirmed, with no token and no confirmation email', async () => {
    const email = uniqueEmail('direct')
    const lantern = { productId: 'forms-item-lantern', variantId: 'forms-lantern-v1' }
    const signedUp = await signUp(FORMS, {
      ...lantern,
      siteVisitorEmail: email,
      isJoinMailingList: true,
      captchaToken: localCaptchaToken(),
    })
    expect(signedUp.status).toBe(200)
    expect(await restockRow(email)).toEqual([
      { status: 'waiting', token_hash: null, token_expires_at: null, confirmed_at: null },
    ])
    expect(await subscriberRow(email)).toEqual([{ status: 'confirmed', source: 'restock', token_hash: null }])

    const reader = uniqueEmail('direct-reader')
    expect((await subscribe(FORMS, 'signup', { email: reader }, true)).status).toBe(200)
    expect(await subscriberRow(reader)).toEqual([
      { status: 'confirmed', source: 'form:signup', token_hash: null },
    ])
    // Nothing was queued for either: the outbox stays empty for them.
    expect(await rows('SELECT id FROM outbound_emails WHERE recipient IN (?, ?)', email, reader)).toEqual([])
  })

  it('Should tell the shopper on the product page today’s restock success message', async () => {
    const html = await (await visit(FORMS, '/shop/storm-lantern')).text()
    expect(html).toContain('"doubleOptIn":false')
    const aurora = await (await visit(AURORA, '/apparel/alpine-down-parka')).text()
    expect(aurora).toContain('"doubleOptIn":true')
  })
})

describe('Confirmation emails on the notifications queue', () => {
  it('Should send a confirmation once however often it is delivered, and not at all once its address is confirmed', async () => {
    const email = uniqueEmail('consumer')
    await signUp(AURORA, { ...PARKA, siteVisitorEmail: email })
    const [sent] = await confirmationEmailsTo(email)
    const [row] = await restockRow(email)
    const message: ConfirmationMessage = {
      kind: 'confirmation',
      id: `confirmation:test-${email}`,
      siteId: 'aurora',
      subscription: 'restock',
      email,
      tokenHash: row?.token_hash ?? '',
      subject: 'Confirm',
      body: sent?.body ?? '',
    }
    const deliver = async (id: string) => {
      const batch = createMessageBatch<ConfirmationMessage>('storefront-notifications', [
        { id, timestamp: new Date(), attempts: 1, body: message },
      ])
      const ctx = createExecutionContext()
      await worker.queue(batch, env)
      return getQueueResult(batch, ctx)
    }
    await deliver('first')
    await deliver('second')
    expect(await rows('SELECT id FROM outbound_emails WHERE message_id = ?', message.id)).toHaveLength(1)

    await confirmFromEmail(AURORA, email)
    const late = { ...message, id: `${message.id}-late` }
    const batch = createMessageBatch<ConfirmationMessage>('storefront-notifications', [
      { id: 'late', timestamp: new Date(), attempts: 1, body: late },
    ])
    const ctx = createExecutionContext()
    await worker.queue(batch, env)
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['late'])
    expect(await rows('SELECT id FROM outbound_emails WHERE message_id = ?', late.id)).toEqual([])
  })
})
