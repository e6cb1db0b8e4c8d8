/**
 * Plain HTML form posts (no script, storefront.md section 4 and docs/architecture.md "Cookies and
 * what may be cached"): a public form, a restock sign-up or a like posted to the page it is
 * on. The post proves it came from the tenant's own page with `Origin` / `Sec-Fetch-Site` (a
 * cacheable page carries no crumb), is rate limited per visitor, does the very operation the
 * JSON API does (worker/actions/), and then the page route answers the same page with the
 * outcome in its data (`pageAction`): the errors, or the thank-you text. Nothing the shopper
 * typed goes into a URL. A form with a success redirect answers 303 to it.
 *
 * Sent twice (a double click, back and resend, a reload after a lost answer), a post does its
 * work once: the same answers from the same sender to a form within the hour are one
 * submission (worker/db/form-submissions.ts), the same address for a variant is one restock
 * sign-up, and a visitor's like counts once; the page answers success each time. A key in the
 * markup would not do for forms: the page is cached whole and shared, so every visitor of a
 * cached copy would send the same key.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { PAGE_ACTIONS, PAGE_POST_FIELD, type PageAction } from '../../islands/index'
import { COMMERCE_TEXT, gatherFormValues, localizedText } from '../../shared/index'
import { likeAnItem } from '../actions/like-item'
import { signUpForRestock } from '../actions/sign-up-restock'
import { submitForm } from '../actions/submit-form'
import type { AppEnv } from '../env'
import { formBody, InputError } from '../http/body'
import { requireSameOrigin } from '../middleware/crumb'
import { forgetPage } from '../middleware/page-cache'
import { withinLimits } from '../middleware/rate-limit'
import { senderOf } from '../middleware/sender'
import * as z from '../runtime/zod'

/** A page action's outcome and the status of the page that shows it. */
export interface PageActionResult {
  action: PageAction
  status: 200 | 400 | 401 | 403 | 404 | 422 | 429
}

type Fields = Record<string, string | string[]>

const bodySchema = z.record(
  z.string().check(z.maxLength(200)),
  z.union([z.string().check(z.maxLength(60_000)), z.array(z.string().check(z.maxLength(60_000)))]),
)

function reader(fields: Fields): (name: string) => string[] {
  return (name) => {
    const value = fields[name]
    return value === undefined ? [] : Array.isArray(value) ? value : [value]
  }
}

function one(fields: Fields, name: string): string {
  return reader(fields)(name)[0] ?? ''
}

async function postForm(
  c: Context<AppEnv>,
  fields: Fields,
  limited: boolean,
): Promise<PageActionResult | Response> {
  const text = localizedText(c.get('tenant').site.localizedStrings).forms
  const read = reader(fields)
  const formId = one(fields, PAGE_POST_FIELD.formId)
  const base = { kind: 'form' as const, formId, values: {}, errors: {}, submitted: false }
  if (limited) return { action: { ...base, message: text.status429 }, status: 429 }
  const query = new URL(c.req.url).searchParams
  let values = {}
  const outcome = await submitForm({
    catalog: c.get('catalog'),
    env: c.env,
    request: c.req.raw,
    formId,
    readValues: (form) => {
      // A hidden field takes a same-named value from the page's query string (section 5).
      values = gatherFormValues(form.fields, read, (name) => query.get(name))
      return values
    },
    captchaToken: one(fields, PAGE_POST_FIELD.captchaToken),
    page: { pagePath: c.req.path, contentSource: 'page-post' },
    key: null,
    sender: senderOf(c),
  })
  switch (outcome.kind) {
    case 'stored':
      if (outcome.form.successRedirect) return c.redirect(outcome.form.successRedirect, 303)
      return { action: { ...base, values, message: null, submitted: true }, status: 200 }
    case 'unknown-form':
      return { action: { ...base, message: text.status404 }, status: 404 }
    case 'invalid':
      return { action: { ...base, values, errors: outcome.errors, message: outcome.message }, status: 400 }
    case 'captcha':
    case 'unparsable':
      return { action: { ...base, values, message: outcome.message }, status: 400 }
    case 'bad-key':
      return { action: { ...base, values, message: outcome.message }, status: 401 }
    case 'key-reused':
      // A plain post carries no key: this cannot happen, but the page says what it would mean.
      return { action: { ...base, values, message: outcome.message }, status: 422 }
  }
}

async function postRestock(c: Context<AppEnv>, fields: Fields, limited: boolean): Promise<PageActionResult> {
  const request = {
    productId: one(fields, PAGE_POST_FIELD.productId),
    variantId: one(fields, PAGE_POST_FIELD.variantId),
    email: one(fields, PAGE_POST_FIELD.email),
    isJoinMailingList: one(fields, PAGE_POST_FIELD.joinMailingList) !== '',
  }
  const base = { kind: 'restock' as const, ...request }
  if (limited)
    return { action: { ...base, message: COMMERCE_TEXT.tryAgainShortly, submitted: false }, status: 429 }
  const outcome = await signUpForRestock(c.get('catalog'), c.env, c.req.raw, {
    ...request,
    captchaToken: one(fields, PAGE_POST_FIELD.captchaToken),
  })
  if (outcome.kind === 'stored') return { action: { ...base, message: null, submitted: true }, status: 200 }
  return {
    action: { ...base, message: outcome.message, submitted: false },
    status: outcome.kind === 'unknown-product' ? 404 : 400,
  }
}

async function postLike(c: Context<AppEnv>, fields: Fields, limited: boolean): Promise<PageActionResult> {
  const itemId = one(fields, PAGE_POST_FIELD.itemId)
  const base = { kind: 'like' as const, itemId, likeCount: null }
  if (limited) return { action: { ...base, message: COMMERCE_TEXT.tryAgainShortly }, status: 429 }
  // The visitor is their crumb cookie; without one (cookies off) a like cannot be counted once.
  const visitor = c.get('knownVisitor') ? c.get('crumb') : null
  if (visitor === null) return { action: { ...base, message: COMMERCE_TEXT.enableCookies }, status: 400 }
  const outcome = await likeAnItem(c.get('catalog'), c.env, itemId, visitor)
  if (outcome.kind === 'liked') {
    // The item's page shows the count: the next view here renders it again.
    if (outcome.added) await forgetPage(c, outcome.path)
    return { action: { ...base, likeCount: outcome.likeCount, message: null }, status: 200 }
  }
  return { action: { ...base, message: null }, status: outcome.kind === 'disabled' ? 403 : 404 }
}

/**
 * Handles a page post before the page route renders: does the action, keeps its outcome in
 * `c.get('pageAction')` and marks the answer uncacheable. GET and HEAD pass through untouched.
 */
export function pagePosts(): MiddlewareHandler<AppEnv> {
  const sameOrigin = requireSameOrigin()
  return async function pagePosts(c, next) {
    if (c.req.method !== 'POST') return next()
    return sameOrigin(c, async () => {
      let fields: Fields
      try {
        fields = await formBody(c, bodySchema)
      } catch (error) {
        // A body that is not a form of text fields (a file upload, a 100 KB value): a 400, never a 500.
        if (!(error instanceof InputError)) throw error
        c.res = c.text(error.message, error.status)
        return
      }
      const kind = PAGE_ACTIONS.find((action) => action === one(fields, PAGE_POST_FIELD.action))
      if (kind === undefined) {
        c.res = c.text('This form post names no action this page knows.', 400)
        return
      }
      const limited = !(await withinLimits(
        c,
        `page-${kind}`,
        kind === 'like' ? { addressLimiter: 'ADDRESS_STRICT_LIMITER' } : {},
      ))
      const result =
        kind === 'form'
          ? await postForm(c, fields, limited)
          : kind === 'restock'
            ? await postRestock(c, fields, limited)
            : await postLike(c, fields, limited)
      if (result instanceof Response) {
        c.res = result
        return
      }
      c.set('pageAction', result)
      await next()
      c.res.headers.set('cache-control', 'private, no-store')
    })
  }
}
