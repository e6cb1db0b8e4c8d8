// The public form calls (storefront.md sections 7 and 8): a key, then the submission, stored in
// D1 before the answer; every error of the catalogue with its status; nothing stored on a refusal.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueSubmissionKey } from '../../worker/auth/form-keys'
import { apiCall, localCaptchaToken, newCrumb, rows, submissionKey } from './form-helpers'

const JOURNAL = 'journal.localhost'

const CONTACT = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  topic: 'A field note',
  message: 'I saw a heron at Coyote Hills.',
  source: 'poster',
}

async function save(host: string, crumb: string, body: Record<string, unknown>): Promise<Response> {
  return apiCall(host, '/api/form/SaveFormSubmission', { body, crumb })
}

async function stored(key: string) {
  return rows<{ site_id: string; form_id: string; fields: string; page: string; channel: string }>(
    'SELECT site_id, form_id, fields, page, channel FROM form_submissions WHERE submission_key = ?',
    key,
  )
}

describe('POST /api/form/FormSubmissionKey', () => {
  it('Should answer data.key: a key signed for this site, a new one each time', async () => {
    const response = await apiCall(JOURNAL, '/api/form/FormSubmissionKey', { body: {} })
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: { key: string } }
    expect(data.key).toMatch(/^v1\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
    expect(await submissionKey(JOURNAL, newCrumb())).not.toBe(data.key)
  })

  it('Should refuse a call without the crumb header (403, crumbFail)', async () => {
    const response = await apiCall(JOURNAL, '/api/form/FormSubmissionKey', {
      body: {},
      crumb: newCrumb(),
      headers: { 'X-CSRF-Token': 'AnotherVisitorsCrumb00000' },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ crumbFail: true })
  })
})

describe('POST /api/form/SaveFormSubmission', () => {
  it('Should store an accepted submission in D1 before answering success', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const response = await save(JOURNAL, crumb, {
      key,
      formId: 'contact',
      form: JSON.stringify(CONTACT),
      pageTitle: 'Contact',
      pageId: 'journal-col-contact',
      pagePath: '/contact',
      contentSource: 'island',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })
    const [row] = await stored(key)
    expect(row?.site_id).toBe('journal')
    expect(row?.form_id).toBe('contact')
    expect(row?.channel).toBe('script')
    expect(JSON.parse(row?.fields ?? '{}')).toEqual(CONTACT)
    expect(JSON.parse(row?.page ?? '{}')).toEqual({
      pageTitle: 'Contact',
      pageId: 'journal-col-contact',
      pagePath: '/contact',
      contentSource: 'island',
    })
  })

  it('Should answer a key spent already with success for the same answers and 422 for others, storing nothing more', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const body = { key, formId: 'contact', form: JSON.stringify(CONTACT) }
    expect((await save(JOURNAL, crumb, body)).status).toBe(200)
    const again = await save(JOURNAL, crumb, body)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ success: true })
    const other = await save(JOURNAL, crumb, {
      ...body,
      form: JSON.stringify({ ...CONTACT, message: 'Other' }),
    })
    expect(other.status).toBe(422)
    expect(await stored(key)).toHaveLength(1)
  })

  it('Should answer 401 for a key it never gave out, gave to another site, altered, or gave over an hour ago', async () => {
    const crumb = newCrumb()
    const kissaKey = await submissionKey('kissa.localhost', crumb)
    const journalKey = await submissionKey(JOURNAL, crumb)
    const altered = `${journalKey.slice(0, -2)}${journalKey.endsWith('AA') ? 'BB' : 'AA'}`
    const old = await issueSubmissionKey(env, 'journal', Date.now() - 61 * 60 * 1000)
    for (const key of ['NeverIssuedKey000000000', kissaKey, altered, old]) {
      const response = await save(JOURNAL, crumb, { key, formId: 'contact', form: JSON.stringify(CONTACT) })
      expect(response.status).toBe(401)
      expect(await stored(key)).toEqual([])
    }
  })

  it('Should answer 400 with each field’s message and store nothing when fields are invalid', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const response = await save(JOURNAL, crumb, {
      key,
      formId: 'contact',
      form: JSON.stringify({ name: ['', ''], email: 'not-an-email', topic: '', message: 'x'.repeat(1001) }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      errors: {
        name: 'Required',
        email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
        topic: 'Required',
        message: 'You have exceeded the character limit.',
      },
    })
    expect(await stored(key)).toEqual([])
    // The key was not spent: the shopper corrects the form and sends it with the same key.
    expect(
      (await save(JOURNAL, crumb, { key, formId: 'contact', form: JSON.stringify(CONTACT) })).status,
    ).toBe(200)
  })

  it('Should refuse a choice the form does not offer as if none was made', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const response = await save(JOURNAL, crumb, {
      key,
      formId: 'contact',
      form: JSON.stringify({ ...CONTACT, topic: '<script>alert(1)</script>' }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      topic: 'Required',
    })
  })

  it('Should answer 404 ‘This form has not been configured yet.’ for a form the site does not have', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const response = await save(JOURNAL, crumb, { key, formId: 'no-such-form', form: '{}' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'This form has not been configured yet.' })
  })

  it('Should answer 400 ‘Could not parse the form fields…’ for values that are not JSON or not of their fields’ shape', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    for (const form of ['{not json', '[1,2]', JSON.stringify({ ...CONTACT, name: 'Ada Lovelace' })]) {
      const response = await save(JOURNAL, crumb, { key, formId: 'contact', form })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        message: 'Could not parse the form fields, please check your entries.',
      })
    }
    expect(await stored(key)).toEqual([])
  })

  for (const [what, rawBody] of [
    ['a body that is not JSON', '{"key":'],
    ['a body without its key', JSON.stringify({ formId: 'contact', form: '{}' })],
    ['a key of the wrong type', JSON.stringify({ key: 7, formId: 'contact', form: '{}' })],
    ['a form id that is not an id', JSON.stringify({ key: 'k', formId: '../x', form: '{}' })],
  ] as const) {
    it(`Should answer ${what} with a 400 that names the problem, never a 500`, async () => {
      const response = await apiCall(JOURNAL, '/api/form/SaveFormSubmission', { rawBody })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).not.toBe('')
    })
  }

  it('Should record the subscriber of a newsletter form with the submission', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const email = `Reader.${crypto.randomUUID().slice(0, 8)}@Example.com`
    const response = await save(JOURNAL, crumb, {
      key,
      formId: 'newsletter',
      form: JSON.stringify({ email }),
    })
    expect(response.status).toBe(200)
    expect(await stored(key)).toHaveLength(1)
    expect(
      await rows(
        'SELECT source FROM newsletter_subscribers WHERE site_id = ? AND email = ?',
        'journal',
        email.toLowerCase(),
      ),
    ).toEqual([{ source: 'form:newsletter' }])
  })

  it('Should not record a subscriber for a form that is not a newsletter', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(JOURNAL, crumb)
    const email = `writer.${crypto.randomUUID().slice(0, 8)}@example.com`
    await save(JOURNAL, crumb, { key, formId: 'contact', form: JSON.stringify({ ...CONTACT, email }) })
    expect(await rows('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toEqual([])
  })
})

describe('A form with a captcha (the website has a site key)', () => {
  const FORMS = 'forms.localhost'
  const SIGNUP = {
    email: 'camper@example.com',
    phone: ['', '555', '123', '4567'],
    mood: {},
    tags: [],
    campaign: 'spring',
  }

  it('Should answer 400 ‘Complete CAPTCHA before submitting.’ without a token, storing nothing', async () => {
    const crumb = newCrumb()
    const key = await submissionKey(FORMS, crumb)
    const response = await save(FORMS, crumb, { key, formId: 'signup', form: JSON.stringify(SIGNUP) })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Complete CAPTCHA before submitting.' })
    expect(await stored(key)).toEqual([])
  })

  it('Should verify the token with the provider before storing, and take each token once', async () => {
    const crumb = newCrumb()
    const token = localCaptchaToken()
    const forged = await save(FORMS, crumb, {
      key: await submissionKey(FORMS, crumb),
      formId: 'signup',
      form: JSON.stringify(SIGNUP),
      captchaKey: 'made-up-token',
    })
    expect(forged.status).toBe(400)
    const key = await submissionKey(FORMS, crumb)
    const first = await save(FORMS, crumb, {
      key,
      formId: 'signup',
      form: JSON.stringify(SIGNUP),
      captchaKey: token,
    })
    expect(first.status).toBe(200)
    expect(await stored(key)).toHaveLength(1)
    const replayKey = await submissionKey(FORMS, crumb)
    const replay = await save(FORMS, crumb, {
      key: replayKey,
      formId: 'signup',
      form: JSON.stringify(SIGNUP),
      captchaKey: token,
    })
    expect(replay.status).toBe(400)
    expect(await stored(replayKey)).toEqual([])
  })
})

describe('The rate limit of submissions', () => {
  it('Should answer 429 once a visitor has sent more than 60 in a minute', async () => {
    const crumb = newCrumb()
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) {
      const response = await apiCall(JOURNAL, '/api/form/SaveFormSubmission', { rawBody: '{}', crumb })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true)
    expect(statuses[60]).toBe(429)
  })
})

describe('POST /api/rest/forms/validate/{formId}', () => {
  it('Should answer 200 for valid values', async () => {
    const response = await apiCall(JOURNAL, '/api/rest/forms/validate/contact', { body: CONTACT })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ valid: true })
  })

  it('Should answer 400 with the errors keyed by field id, storing nothing', async () => {
    const before = await rows('SELECT COUNT(*) AS n FROM form_submissions')
    const response = await apiCall(JOURNAL, '/api/rest/forms/validate/contact', { body: { email: 'a@b' } })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: 'Required',
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
      topic: 'Required',
      message: 'Required',
    })
    expect(await rows('SELECT COUNT(*) AS n FROM form_submissions')).toEqual(before)
  })

  it('Should answer 404 for an unknown form and 400 for a body that is not a JSON object', async () => {
    expect((await apiCall(JOURNAL, '/api/rest/forms/validate/nope', { body: {} })).status).toBe(404)
    expect((await apiCall(JOURNAL, '/api/rest/forms/validate/contact', { rawBody: '"text"' })).status).toBe(
      400,
    )
    expect((await apiCall(JOURNAL, '/api/rest/forms/validate/contact', { rawBody: '{' })).status).toBe(400)
  })
})

describe('GET /api/template/GetTemplateSchema', () => {
  it('Should answer the form schema: every field type of the spec', async () => {
    const response = await apiCall(JOURNAL, '/api/template/GetTemplateSchema?type=form')
    expect(response.status).toBe(200)
    const schema = (await response.json()) as {
      type: string
      fieldTypes: string[]
      fieldProperties: string[]
    }
    expect(schema.type).toBe('form')
    expect(schema.fieldTypes).toHaveLength(19)
    expect(schema.fieldProperties).toEqual(
      expect.arrayContaining([
        'description',
        'placeholder',
        'required',
        'options',
        'currencySymbol',
        'showCountryCode',
      ]),
    )
  })

  it('Should answer another type with a 400', async () => {
    const response = await apiCall(JOURNAL, '/api/template/GetTemplateSchema?type=page')
    expect(response.status).toBe(400)
  })
})
