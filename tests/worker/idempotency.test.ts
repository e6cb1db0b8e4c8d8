// Idempotent retries (issue 19): whatever a shopper can press twice, or send again after its
// answer was lost, does its work once and answers as the first copy did: public forms (by the
// script's key, and plain posts resent), restock sign-ups, likes, cart adds carrying an
// `Idempotency-Key`, and sign-in. A lost answer is played here by sending the request, ignoring
// what came back, and sending it again.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { ShoppingCart } from '../../shared/cart/types'
import { apiCall, formPost, localCaptchaToken, newCrumb, rows, submissionKey } from './form-helpers'
import { FLANNEL, Shopper } from './shopper'

const JOURNAL = 'journal.localhost'
const FORMS = 'forms.localhost'

const CONTACT = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  topic: 'A field note',
  message: 'I saw a heron at Coyote Hills.',
  source: 'poster',
}

function save(host: string, crumb: string, body: Record<string, unknown>): Promise<Response> {
  return apiCall(host, '/api/form/SaveFormSubmission', { body, crumb })
}

function storedUnder(key: string) {
  return rows<{ fields: string }>('SELECT fields FROM form_submissions WHERE submission_key = ?', key)
}

/** The contact form's answers with a message of its own, to find its rows. */
function contactWith(tag: string) {
  return { ...CONTACT, message: `${tag} ${crypto.randomUUID()}` }
}

describe('A public form submission retried with its key', () => {
  it('Should store it once and answer 200 { success: true } again when the first answer was lost', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const body = { key, formId: 'contact', form: JSON.stringify(contactWith('Lost answer')) }
    await save(JOURNAL, crumb, body) // its answer never reaches the shopper
    const retry = await save(JOURNAL, crumb, body)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual({ success: true })
    expect(await storedUnder(key)).toHaveLength(1)
  })

  it('Should answer 200 and store once when the retry comes with a fresh crumb (a new tab, cookies renewed)', async () => {
    const key = await submissionKey(JOURNAL, newCrumb())
    const body = { key, formId: 'contact', form: JSON.stringify(contactWith('Fresh crumb')) }
    expect((await save(JOURNAL, newCrumb(), body)).status).toBe(200)
    const retry = await save(JOURNAL, newCrumb(), body)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual({ success: true })
    expect(await storedUnder(key)).toHaveLength(1)
  })

  it('Should store once when two copies with one key race, and answer both 200', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const body = { key, formId: 'contact', form: JSON.stringify(contactWith('Racing copies')) }
    const answers = await Promise.all([save(JOURNAL, crumb, body), save(JOURNAL, crumb, body)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(await storedUnder(key)).toHaveLength(1)
  })

  it('Should answer the retry of a captcha form 200 though its captcha token was spent, storing once', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(FORMS, crumb)
    const signup = {
      email: `retry.${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: ['', '555', '123', '4567'],
      mood: {},
      tags: [],
      campaign: 'spring',
    }
    const body = { key, formId: 'signup', form: JSON.stringify(signup), captchaKey: localCaptchaToken() }
    expect((await save(FORMS, crumb, body)).status).toBe(200)
    // The island resets the captcha after a failure: the retry has the spent token, or none.
    expect((await save(FORMS, crumb, body)).status).toBe(200)
    expect((await save(FORMS, crumb, { ...body, captchaKey: undefined })).status).toBe(200)
    expect(await storedUnder(key)).toHaveLength(1)
  })

  it('Should refuse the key with other answers or another form with 422 and a message, storing nothing more', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const first = contactWith('First answers')
    expect((await save(JOURNAL, crumb, { key, formId: 'contact', form: JSON.stringify(first) })).status).toBe(
      200,
    )
    const changed = await save(JOURNAL, crumb, {
      key,
      formId: 'contact',
      form: JSON.stringify({ ...first, message: 'Another message' }),
    })
    expect(changed.status).toBe(422)
    expect(await changed.json()).toEqual({
      message: 'This form was already sent with other answers. Please reload the page and try again.',
    })
    const otherForm = await save(JOURNAL, crumb, {
      key,
      formId: 'newsletter',
      form: JSON.stringify({ email: 'ada@example.com' }),
    })
    expect(otherForm.status).toBe(422)
    const stored = await storedUnder(key)
    expect(stored).toHaveLength(1)
    expect(JSON.parse(stored[0]?.fields ?? '{}')).toEqual(first)
  })
})

describe('A public form posted again without script', () => {
  const contactFields = (message: string): [string, string][] => [
    ['sf-action', 'form'],
    ['sf-form-id', 'contact'],
    ['name-First', 'Grace'],
    ['name-Last', 'Hopper'],
    ['email', 'grace@example.com'],
    ['topic', 'A sighting to share'],
    ['message', message],
    ['source', ''],
  ]

  function submissionsWith(message: string) {
    return rows<{ channel: string }>(
      "SELECT channel FROM form_submissions WHERE form_id = 'contact' AND instr(fields, ?) > 0",
      message,
    )
  }

  it('Should store a post resent by the browser (double click, back and resend) once, thanking the shopper each time', async () => {
    const crumb = newCrumb()
    const message = `Resent ${crypto.randomUUID()}`
    const answers = [
      await formPost(JOURNAL, '/contact', contactFields(message), undefined, crumb),
      await formPost(JOURNAL, '/contact', contactFields(message), undefined, crumb),
      ...(await Promise.all([
        formPost(JOURNAL, '/contact', contactFields(message), undefined, crumb),
        formPost(JOURNAL, '/contact', contactFields(message), undefined, crumb),
      ])),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(await answer.text()).toContain('Thank you for writing. We will reply within a few days.')
    }
    expect(await submissionsWith(message)).toEqual([{ channel: 'page' }])
  })

  it('Should store the same answers from a browser without cookies once too (known by address and browser)', async () => {
    const message = `No cookies ${crypto.randomUUID()}`
    const headers = {
      Origin: `http://${JOURNAL}`,
      'Sec-Fetch-Site': 'same-origin',
      'CF-Connecting-IP': '203.0.113.7',
      'User-Agent': 'Lynx/2.9',
    }
    await formPost(JOURNAL, '/contact', contactFields(message), headers, null)
    expect((await formPost(JOURNAL, '/contact', contactFields(message), headers, null)).status).toBe(200)
    expect(await submissionsWith(message)).toHaveLength(1)
  })

  it('Should store changed answers, and the same answers from another visitor, as submissions of their own', async () => {
    const crumb = newCrumb()
    const message = `Twice over ${crypto.randomUUID()}`
    await formPost(JOURNAL, '/contact', contactFields(message), undefined, crumb)
    await formPost(JOURNAL, '/contact', contactFields(`${message} (corrected)`), undefined, crumb)
    await formPost(JOURNAL, '/contact', contactFields(message), undefined, newCrumb())
    expect(await submissionsWith(message)).toHaveLength(3)
  })
})

type CartAnswer = { shoppingCart: ShoppingCart; newlyAdded: { id: string } | null }

const ENTRIES = '/api/commerce/shopping-cart/entries'

/** An add with an `Idempotency-Key`, as the add-to-cart button sends it. */
function keyedAdd(shopper: Shopper, key: string, body: Record<string, unknown>, cookie?: string) {
  return shopper.fetch(ENTRIES, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-CSRF-Token': shopper.crumb,
      'Idempotency-Key': key,
      ...(cookie === undefined ? {} : { cookie }),
    },
    body: JSON.stringify(body),
  })
}

describe('A cart add retried with its Idempotency-Key', () => {
  const RED_M = { itemId: FLANNEL.itemId, sku: 'AO-RF-M-RED', quantity: 2 }

  it('Should add once and answer the same entry id and cart, saying it was replayed', async () => {
    const shopper = new Shopper('aurora.localhost')
    const key = crypto.randomUUID()
    const first = (await (await keyedAdd(shopper, key, RED_M)).json()) as CartAnswer
    const retry = await keyedAdd(shopper, key, RED_M)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    const again = (await retry.json()) as CartAnswer
    expect(again.newlyAdded?.id).toBe(first.newlyAdded?.id)
    expect(again.shoppingCart.id).toBe(first.shoppingCart.id)
    expect(again.shoppingCart.totalQuantity).toBe(2)
    expect(again.shoppingCart.entries.map((entry) => entry.quantity)).toEqual([2])
    // A new press (a new key) adds again, to the same entry.
    const more = (await (await keyedAdd(shopper, crypto.randomUUID(), RED_M)).json()) as CartAnswer
    expect(more.newlyAdded?.id).toBe(first.newlyAdded?.id)
    expect(more.shoppingCart.totalQuantity).toBe(4)
  })

  it('Should find the first cart when the first answer, with its cart cookie, was lost', async () => {
    const shopper = new Shopper('aurora.localhost')
    const key = crypto.randomUUID()
    // The first add creates the cart; its answer (and the cart cookie) never arrives.
    const lost = (await (await keyedAdd(shopper, key, RED_M, `crumb=${shopper.crumb}`)).json()) as CartAnswer
    shopper.cookies.delete('ss_cart')
    shopper.cookies.delete('has-cart')
    const retry = await keyedAdd(shopper, key, RED_M)
    expect(retry.status).toBe(200)
    const again = (await retry.json()) as CartAnswer
    expect(again.shoppingCart.id).toBe(lost.shoppingCart.id)
    expect(again.newlyAdded?.id).toBe(lost.newlyAdded?.id)
    expect(again.shoppingCart.totalQuantity).toBe(2)
    expect(again.shoppingCart.id).toBe(lost.shoppingCart.id)
  })

  it('Should add once when two copies with one key race', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-L-RED', 1) // the cart exists: both copies name it
    const key = crypto.randomUUID()
    const answers = await Promise.all([keyedAdd(shopper, key, RED_M), keyedAdd(shopper, key, RED_M)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const cart = (await (await shopper.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(cart.shoppingCart.totalQuantity).toBe(3)
  })

  it('Should refuse the key with another variant or quantity with 422 and a message, adding nothing', async () => {
    const shopper = new Shopper('aurora.localhost')
    const key = crypto.randomUUID()
    await keyedAdd(shopper, key, RED_M)
    for (const other of [
      { ...RED_M, quantity: 3 },
      { ...RED_M, sku: 'AO-RF-L-RED' },
    ]) {
      const refused = await keyedAdd(shopper, key, other)
      expect(refused.status).toBe(422)
      expect(await refused.json()).toEqual({
        message:
          'This add was already made with another item or quantity. Please reload the page and try again.',
      })
    }
    const cart = (await (await shopper.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(cart.shoppingCart.totalQuantity).toBe(2)
  })

  it('Should answer a malformed Idempotency-Key with a 400 that says what a key is, adding nothing', async () => {
    const shopper = new Shopper('aurora.localhost')
    for (const key of ['short', 'x'.repeat(129), 'spaces are not allowed', '"semi;colon"']) {
      const refused = await keyedAdd(shopper, key, RED_M)
      expect(refused.status, key).toBe(400)
      expect(((await refused.json()) as { message: string }).message).toBe(
        'The Idempotency-Key header must be 8 to 128 letters, digits, or - _ . : characters.',
      )
    }
    expect(shopper.cookies.has('ss_cart')).toBe(false)
    // The draft's form, a Structured Field string, is a key.
    expect((await keyedAdd(shopper, `"${crypto.randomUUID()}"`, RED_M)).status).toBe(200)
  })

  it('Should forget a key after 24 hours: the same key then adds again', async () => {
    const shopper = new Shopper('aurora.localhost')
    const key = crypto.randomUUID()
    await keyedAdd(shopper, key, RED_M)
    // The object is named by the HttpOnly cookie's id (the cart's `id` is a public hash of it).
    const cartId = shopper.cookies.get('ss_cart') ?? ''
    const stub = env.CART.get(env.CART.idFromName(`aurora/${cartId}`))
    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec('UPDATE add_keys SET expires = expires - ?', 24 * 60 * 60 * 1000)
    })
    const later = (await (await keyedAdd(shopper, key, RED_M)).json()) as CartAnswer
    expect(later.shoppingCart.totalQuantity).toBe(4)
  })
})

describe('A cart add posted twice without script', () => {
  const ADD = { itemId: FLANNEL.itemId, sku: 'AO-RF-M-RED', quantity: '1' }

  it('Should add once when the post comes twice in quick succession (a double click, a resend), both going on to /cart', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.add(FLANNEL.itemId, 'AO-RF-L-RED', 1)
    const answers = [
      await shopper.form('/cart/add', ADD),
      ...(await Promise.all([shopper.form('/cart/add', ADD), shopper.form('/cart/add', ADD)])),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe('/cart')
    }
    const cart = (await (await shopper.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(cart.shoppingCart.totalQuantity).toBe(2)
  })

  it('Should add the first item to one cart when the resend lacks the cart cookie its lost answer carried', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.form('/cart/add', ADD)
    const first = shopper.cookies.get('ss_cart')
    shopper.cookies.delete('ss_cart')
    await shopper.form('/cart/add', ADD)
    expect(shopper.cookies.get('ss_cart')).toBe(first)
    const cart = (await (await shopper.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(cart.shoppingCart.totalQuantity).toBe(1)
  })

  it('Should add again once the moment has passed, and add another quantity at once', async () => {
    const shopper = new Shopper('aurora.localhost')
    await shopper.form('/cart/add', ADD)
    await shopper.form('/cart/add', { ...ADD, quantity: '2' })
    const cartId = shopper.cookies.get('ss_cart') ?? ''
    await runInDurableObject(env.CART.get(env.CART.idFromName(`aurora/${cartId}`)), (_, state) => {
      state.storage.sql.exec('UPDATE add_keys SET expires = expires - 10000')
    })
    await shopper.form('/cart/add', ADD)
    const cart = (await (await shopper.fetch('/api/commerce/shopping-cart')).json()) as CartAnswer
    expect(cart.shoppingCart.totalQuantity).toBe(4)
  })
})

describe('A sign-in retried after its answer was lost', () => {
  const EMAIL = 'shopper@aurora.example'
  const PASSWORD = 'aurora-shopper-2026'

  function signInWith(crumb: string, key?: string) {
    return apiCall('aurora.localhost', '/api/site-users/account/session', {
      body: { email: EMAIL, password: PASSWORD, rememberMe: true },
      crumb,
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
    })
  }

  async function sessionsSince(since: number) {
    return rows<{ id: string; revoked_at: number | null }>(
      `SELECT s.id, s.revoked_at FROM site_user_sessions s JOIN site_users u ON u.id = s.site_user_id
       WHERE u.email = ? AND s.created_at >= ?`,
      EMAIL,
      since,
    )
  }

  async function failuresOf(email: string) {
    return rows(
      "SELECT failures FROM sign_in_failures WHERE instr(subject, ?) > 0 AND scope = 'account-address'",
      email,
    )
  }

  it('Should answer the same session (one row, the same xsrfToken) for the same Idempotency-Key, counting no failure', async () => {
    const since = Date.now()
    const crumb = newCrumb()
    const key = crypto.randomUUID()
    const first = await signInWith(crumb, key)
    const retry = await signInWith(crumb, key)
    expect([first.status, retry.status]).toEqual([200, 200])
    const [a, b] = (await Promise.all([first.json(), retry.json()])) as { xsrfToken: string }[]
    expect(b?.xsrfToken).toBe(a?.xsrfToken)
    expect(retry.headers.getAll('Set-Cookie').some((cookie) => cookie.startsWith('ss_site_user='))).toBe(true)
    expect(await sessionsSince(since)).toHaveLength(1)
    expect(await failuresOf(EMAIL)).toEqual([])
    // Another press (another key) is another sign-in.
    expect((await signInWith(crumb, crypto.randomUUID())).status).toBe(200)
    expect(await sessionsSince(since)).toHaveLength(2)
  })

  it('Should answer a retry without a key with success too, never counting it as a failure', async () => {
    const crumb = newCrumb()
    expect((await signInWith(crumb)).status).toBe(200)
    expect((await signInWith(crumb)).status).toBe(200)
    expect(await failuresOf(EMAIL)).toEqual([])
  })

  it('Should start a new session for the key once the first was signed out', async () => {
    const since = Date.now()
    const crumb = newCrumb()
    const key = crypto.randomUUID()
    const first = (await (await signInWith(crumb, key)).json()) as { xsrfToken: string }
    const [session] = await sessionsSince(since)
    await env.DB.prepare('UPDATE site_user_sessions SET revoked_at = ? WHERE id = ?')
      .bind(Date.now(), session?.id ?? '')
      .run()
    const again = (await (await signInWith(crumb, key)).json()) as { xsrfToken: string }
    expect(again.xsrfToken).not.toBe(first.xsrfToken)
    expect((await sessionsSince(since)).filter((row) => row.revoked_at === null)).toHaveLength(1)
  })

  it('Should refuse a malformed Idempotency-Key with a 400 and start no session', async () => {
    const since = Date.now()
    const refused = await signInWith(newCrumb(), 'not a key')
    expect(refused.status).toBe(400)
    expect(await sessionsSince(since)).toEqual([])
  })
})

describe('A restock sign-up sent again', () => {
  const PARKA = { productId: 'aurora-item-0004', variantId: 'aurora-item-0004-v05' }

  it('Should answer success each time and store one sign-up, by the API (a fresh crumb) and by a plain post', async () => {
    const email = `again.${crypto.randomUUID().slice(0, 8)}@example.com`
    const body = { ...PARKA, siteVisitorEmail: email, isJoinMailingList: true }
    const path = '/api/site-users/account/notifications/restock'
    const answers = [
      await apiCall('aurora.localhost', path, { body, crumb: newCrumb() }),
      await apiCall('aurora.localhost', path, { body, crumb: newCrumb() }),
      ...(await Promise.all([
        apiCall('aurora.localhost', path, { body }),
        apiCall('aurora.localhost', path, { body }),
      ])),
      await formPost('aurora.localhost', '/apparel/alpine-down-parka', [
        ['sf-action', 'restock'],
        ['productId', PARKA.productId],
        ['variantId', PARKA.variantId],
        ['email', email],
        ['isJoinMailingList', 'on'],
      ]),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(await rows('SELECT variant_id FROM restock_signups WHERE email = ?', email)).toEqual([
      { variant_id: PARKA.variantId },
    ])
    // The mailing list waits for the address to be confirmed (double opt-in, on by default).
    expect(await rows('SELECT source FROM newsletter_subscribers WHERE email = ?', email)).toHaveLength(0)
  })
})

describe('A like sent again', () => {
  const ITEM = 'journal-item-0001'

  it('Should count once and answer the same count, by the API and by a plain post from the same visitor', async () => {
    const crumb = newCrumb()
    const like = () => apiCall(JOURNAL, '/api/content/likes', { body: { itemId: ITEM }, crumb })
    const first = (await (await like()).json()) as { likeCount: number }
    const copies = await Promise.all([like(), like()])
    for (const copy of copies)
      expect(((await copy.json()) as { likeCount: number }).likeCount).toBe(first.likeCount)
    const posted = await formPost(
      JOURNAL,
      '/field-notes/first-frost-on-the-marsh',
      [
        ['sf-action', 'like'],
        ['itemId', ITEM],
      ],
      undefined,
      crumb,
    )
    expect(posted.status).toBe(200)
    expect(((await (await like()).json()) as { likeCount: number }).likeCount).toBe(first.likeCount)
    expect(
      await rows('SELECT visitor FROM item_likes WHERE item_id = ? AND visitor = ?', ITEM, crumb),
    ).toHaveLength(1)
  })
})
