// Without script (storefront.md section 4, ARCHITECTURE.md "Cookies and what may be cached"):
// every island form posts to its own page, the worker checks where the post came from,
// validates and stores it, and answers the same page with the errors or the thank-you text.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { formPost, newCrumb, rows } from './form-helpers'
import { visit } from './helpers'

const JOURNAL = 'journal.localhost'

const CONTACT_FIELDS: [string, string][] = [
  ['sf-action', 'form'],
  ['sf-form-id', 'contact'],
  ['name-First', 'Grace'],
  ['name-Last', 'Hopper'],
  ['email', 'grace@example.com'],
  ['topic', 'A sighting to share'],
  ['message', 'Two otters at Tomales Bay.'],
  ['source', ''],
]

/** The submissions of the contact form carrying this message. */
function submissionsWith(message: string) {
  return rows<{ fields: string; channel: string }>(
    "SELECT fields, channel FROM form_submissions WHERE form_id = 'contact' AND instr(fields, ?) > 0",
    message,
  )
}

describe('Public forms without script', () => {
  it('Should print every island form with method POST and no action, so nothing typed lands in a URL', async () => {
    for (const [host, path] of [
      [JOURNAL, '/contact'],
      [JOURNAL, '/'],
      [JOURNAL, '/workshop-registration'],
      ['aurora.localhost', '/apparel/alpine-down-parka'],
      [JOURNAL, '/field-notes/the-notebook-i-carry'],
    ] as const) {
      const html = await (await visit(host, path)).text()
      const forms = [...html.matchAll(/<form\b[^>]*>/g)].map((match) => match[0])
      // Not the search (GET) nor the buy box, which posts to the cart (`/cart/add`).
      const islandForms = forms.filter(
        (tag) => !tag.includes('search-form') && !tag.includes('product-checkout-form'),
      )
      expect(islandForms.length, path).toBeGreaterThan(0)
      for (const tag of islandForms) {
        expect(tag, path).toMatch(/method="post"/)
        expect(tag, path).not.toMatch(/\baction=/)
      }
    }
  })

  it('Should rule off a section whose `underline` is set, and only that one', async () => {
    const html = await (await visit(JOURNAL, '/workshop-registration')).text()
    const sections = [
      ...html.matchAll(/<div class="(form-item section[^"]*)"><h2 class="form-section-title">([^<]*)</g),
    ]
    expect(sections.map((match) => [match[2], match[1]])).toEqual([
      ['About you', 'form-item section'],
      ['The workshop', 'form-item section underline'],
    ])
  })

  it('Should store a valid contact form post and answer the same page with the thank-you text', async () => {
    const message = `Otters ${crypto.randomUUID()}`
    const fields = CONTACT_FIELDS.map(([name, value]): [string, string] => [
      name,
      name === 'message' ? message : value,
    ])
    const response = await formPost(JOURNAL, '/contact?source=poster', fields)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain('Thank you for writing. We will reply within a few days.')
    expect(html).toMatch(/<form class="sqs-form contact-form"[^>]*hidden/)
    const [row] = await submissionsWith(message)
    expect(row?.channel).toBe('page')
    expect(JSON.parse(row?.fields ?? '{}')).toEqual({
      name: ['Grace', 'Hopper'],
      email: 'grace@example.com',
      topic: 'A sighting to share',
      message,
      // The hidden field took its value from the page's query string.
      source: 'poster',
    })
  })

  it('Should answer an invalid post with the errors above the fields, the two notices and the values kept, storing nothing', async () => {
    const message = `Nothing stored ${crypto.randomUUID()}`
    const response = await formPost(JOURNAL, '/contact', [
      ['sf-action', 'form'],
      ['sf-form-id', 'contact'],
      ['name-First', 'Grace'],
      ['email', 'grace@'],
      ['message', message],
    ])
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Your form has encountered a problem. Please scroll down to review.')
    expect(html).toContain('Your form has encountered a problem. Please scroll up to review.')
    expect(html).toContain('One or more fields is invalid, please check your entries.')
    expect(html).toMatch(
      /<p class="field-error" id="form-contact-email-error">Email is not valid\. Email addresses should follow the format user@domain\.com\.<\/p><label class="title" for="form-contact-email">/,
    )
    expect(html).toMatch(/<p class="field-error" id="form-contact-topic-error">Required<\/p>/)
    expect(html).toContain('value="grace@"')
    expect(html).toContain(`>${message}</textarea>`)
    expect(await submissionsWith(message)).toEqual([])
  })

  it('Should refuse a post from another site (Origin or Sec-Fetch-Site) and store nothing', async () => {
    const message = `Cross-site ${crypto.randomUUID()}`
    const fields = CONTACT_FIELDS.map(([name, value]): [string, string] => [
      name,
      name === 'message' ? message : value,
    ])
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
      {},
    ]
    for (const headers of crossSite) {
      const response = await formPost(JOURNAL, '/contact', fields, headers)
      expect(response.status).toBe(403)
    }
    expect(await submissionsWith(message)).toEqual([])
  })

  it('Should sign up a newsletter reader from the home page form and thank them there', async () => {
    const email = `letter.${crypto.randomUUID().slice(0, 8)}@example.com`
    const response = await formPost(JOURNAL, '/', [
      ['sf-action', 'form'],
      ['sf-form-id', 'newsletter'],
      ['email', email],
    ])
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(
      'You are on the list. The next letter arrives at the start of the month.',
    )
    expect(await rows('SELECT source FROM newsletter_subscribers WHERE email = ?', email)).toEqual([
      { source: 'form:newsletter' },
    ])
  })

  it('Should not show the problem notices on a newsletter form, only the field’s error', async () => {
    const response = await formPost(JOURNAL, '/', [
      ['sf-action', 'form'],
      ['sf-form-id', 'newsletter'],
      ['email', ''],
    ])
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).not.toContain('Your form has encountered a problem')
    expect(html).toContain('<p class="field-error" id="form-newsletter-email-error">Required</p>')
  })

  it('Should answer a form that needs a captcha with ‘Complete CAPTCHA before submitting.’ (the captcha needs script)', async () => {
    const response = await formPost('forms.localhost', '/signup', [
      ['sf-action', 'form'],
      ['sf-form-id', 'signup'],
      ['email', 'camper@example.com'],
    ])
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Complete CAPTCHA before submitting.')
  })

  it('Should answer a body that is not a form of text fields with a 400, never a 500', async () => {
    const upload = new FormData()
    upload.set('sf-action', 'form')
    upload.set('sf-form-id', 'contact')
    upload.set('message', new File(['x'], 'note.txt'))
    const response = await exports.default.fetch(
      new Request('http://journal.localhost/contact', {
        method: 'POST',
        headers: { Origin: 'http://journal.localhost' },
        body: upload,
      }),
    )
    expect(response.status).toBe(400)
    const tooLong = await formPost(JOURNAL, '/contact', [
      ['sf-action', 'form'],
      ['message', 'x'.repeat(60_001)],
    ])
    expect(tooLong.status).toBe(400)
  })

  it('Should answer a post that names no action with a 400, and a form the site does not have with a 404', async () => {
    expect((await formPost(JOURNAL, '/contact', [['email', 'a@b.co']])).status).toBe(400)
    const unknown = await formPost(JOURNAL, '/contact', [
      ['sf-action', 'form'],
      ['sf-form-id', 'missing'],
    ])
    expect(unknown.status).toBe(404)
  })
})

describe('Restock sign-up without script', () => {
  const PARKA = '/apparel/alpine-down-parka'

  it('Should store the sign-up for the posted variant and show that variant’s form with the success message', async () => {
    const email = `parka.${crypto.randomUUID().slice(0, 8)}@example.com`
    const response = await formPost('aurora.localhost', PARKA, [
      ['sf-action', 'restock'],
      ['productId', 'aurora-item-0004'],
      ['variantId', 'aurora-item-0004-v03'],
      ['email', email],
    ])
    expect(response.status).toBe(200)
    const html = await response.text()
    // The one restock form opens on the posted variant, shown.
    expect(html).toMatch(/data-variant-id="aurora-item-0004-v03" data-variant-ids='\[[^']*\]'><span/)
    // Double opt-in (on unless the site turns it off): the shopper is asked to confirm the address.
    expect(html).toContain(
      'Thank you! Check your inbox: we have sent you a link to confirm your email address. Once it is confirmed, we will email you when this product is back in stock.',
    )
    expect(
      await rows('SELECT variant_id, join_mailing_list FROM restock_signups WHERE email = ?', email),
    ).toEqual([{ variant_id: 'aurora-item-0004-v03', join_mailing_list: 0 }])
  })

  it('Should answer ‘Email is invalid’ on the page and store nothing', async () => {
    const response = await formPost('aurora.localhost', PARKA, [
      ['sf-action', 'restock'],
      ['productId', 'aurora-item-0004'],
      ['variantId', 'aurora-item-0004-v01'],
      ['email', 'parka-at-example'],
    ])
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Email is invalid')
    // The form stays on the posted variant: sent again, it names that variant.
    expect(html).toMatch(/data-variant-id="aurora-item-0004-v01" data-variant-ids='\[[^']*\]'><span/)
    expect(html).toContain('<input type="hidden" name="variantId" value="aurora-item-0004-v01"/>')
    expect(await rows("SELECT id FROM restock_signups WHERE email = 'parka-at-example'")).toEqual([])
  })
})

describe('Likes without script', () => {
  const POST = '/field-notes/the-notebook-i-carry'

  async function countShown(html: string): Promise<number> {
    const match = html.match(/class="like-count">\((?:<!-- -->)?(\d+)/)
    return Number(match?.[1])
  }

  it('Should count a visitor’s like once, however often they send it, and show the new count pressed', async () => {
    const before = await countShown(await (await visit(JOURNAL, POST)).text())
    // The page is in the page cache now; the like must not leave the old count there.
    await expect.poll(async () => (await visit(JOURNAL, POST)).headers.get('Cache-Status')).toMatch(/hit/)
    const crumb = newCrumb()
    const like: [string, string][] = [
      ['sf-action', 'like'],
      ['itemId', 'journal-item-0003'],
    ]
    const first = await formPost(JOURNAL, POST, like, undefined, crumb)
    expect(first.status).toBe(200)
    const html = await first.text()
    expect(await countShown(html)).toBe(before + 1)
    expect(html).toContain('aria-pressed="true"')
    const second = await formPost(JOURNAL, POST, like, undefined, crumb)
    expect(await countShown(await second.text())).toBe(before + 1)
    expect(await countShown(await (await visit(JOURNAL, POST)).text())).toBe(before + 1)
  })

  it('Should not count a like from a visitor without a crumb cookie (cookies off), and say so', async () => {
    const response = await formPost(
      JOURNAL,
      POST,
      [
        ['sf-action', 'like'],
        ['itemId', 'journal-item-0003'],
      ],
      undefined,
      null,
    )
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(
      'Please enable cookies in your browser, reload the page, and try again.',
    )
  })
})
