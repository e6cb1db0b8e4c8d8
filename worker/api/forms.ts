/**
 * Public forms (storefront.md sections 7 and 8):
 *
 *   POST /api/form/FormSubmissionKey            -> { data: { key } }
 *   POST /api/form/SaveFormSubmission           key, formId, form (JSON text), captchaKey, page fields
 *   POST /api/rest/forms/validate/{formId}      JSON field values -> 200, or 400 with errors by field id
 *   GET  /api/template/GetTemplateSchema?type=form
 *
 * Errors answer with the catalogue's sentence as `message`: 400 (per-field `errors`, the
 * captcha, fields that cannot be parsed), 401 (a key unknown or expired), 404 ('This form has
 * not been configured yet.'), 422 (a key that stored other answers), 429 (rate limit), 500.
 *
 * A retry is safe (issue 19): a key whose submission is stored answers `{ success: true }`
 * again for the same form and answers, storing nothing more (worker/actions/submit-form.ts).
 */

import {
  API,
  FORM_FIELD_TYPES,
  localizedText,
  readSubmittedValues,
  validateFormValues,
} from '../../shared/index'
import { type FormOutcome, submitForm } from '../actions/submit-form'
import { issueSubmissionKey } from '../auth/form-keys'
import { formFieldSchema, formSchema, recordIdSchema } from '../catalogue/records'
import type { AppEnv } from '../env'
import { bodySchema, on } from '../http/api-route'
import { jsonBody, queryOf } from '../http/body'
import { Hono } from '../http/hono'
import { requireCrumb } from '../middleware/crumb'
import { rateLimit } from '../middleware/rate-limit'
import * as z from '../runtime/zod'

export const formRoutes = new Hono<AppEnv>()

const pageText = z.optional(z.string().check(z.maxLength(1000)))

const saveSchema = bodySchema(
  API.saveFormSubmission,
  z.object({
    key: z.string().check(z.minLength(1), z.maxLength(160)),
    formId: recordIdSchema,
    /** JSON text of the field values keyed by field id. */
    form: z.string().check(z.maxLength(60_000)),
    captchaKey: z.optional(z.string().check(z.maxLength(4096))),
    pageTitle: pageText,
    pageId: pageText,
    pagePath: pageText,
    contentSource: pageText,
  }),
)

/** JSON text, parsed; undefined when it is not JSON (its fields then cannot be read). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The answer to each outcome of a submission (storefront.md section 8). */
function outcomeResponse(outcome: FormOutcome, notConfigured: string) {
  switch (outcome.kind) {
    case 'stored':
      return { status: 200 as const, body: { success: true } }
    case 'unknown-form':
      return { status: 404 as const, body: { message: notConfigured } }
    case 'captcha':
    case 'unparsable':
      return { status: 400 as const, body: { message: outcome.message } }
    case 'invalid':
      return { status: 400 as const, body: { message: outcome.message, errors: outcome.errors } }
    case 'bad-key':
      return { status: 401 as const, body: { message: outcome.message } }
    case 'key-reused':
      return { status: 422 as const, body: { message: outcome.message } }
  }
}

on(
  formRoutes,
  API.formSubmissionKey,
  rateLimit('form-key'),
  requireCrumb(),
  async function issueFormSubmissionKey(c) {
    const key = await issueSubmissionKey(c.env, c.get('tenant').siteId, Date.now())
    return c.json({ data: { key } })
  },
)

on(
  formRoutes,
  API.saveFormSubmission,
  rateLimit('form-save'),
  requireCrumb(),
  async function saveFormSubmission(c) {
    const body = await jsonBody(c, saveSchema)
    const text = localizedText(c.get('tenant').site.localizedStrings).forms
    const raw = parseJson(body.form)
    const outcome = await submitForm({
      catalog: c.get('catalog'),
      env: c.env,
      request: c.req.raw,
      formId: body.formId,
      readValues: (form) => readSubmittedValues(form.fields, raw),
      captchaToken: body.captchaKey,
      page: {
        pageTitle: body.pageTitle,
        pageId: body.pageId,
        pagePath: body.pagePath,
        contentSource: body.contentSource,
      },
      key: body.key,
    })
    const { status, body: answer } = outcomeResponse(outcome, text.status404)
    return c.json(answer, status)
  },
)

on(formRoutes, API.validateForm, rateLimit('form-validate'), async function validateForm(c) {
  const text = localizedText(c.get('tenant').site.localizedStrings).forms
  const formId = recordIdSchema.safeParse(c.req.param('formId'))
  const form = formId.success ? await c.get('catalog').form(formId.data) : null
  if (form === null) return c.json({ message: text.status404 }, 404)
  const values = readSubmittedValues(form.fields, await jsonBody(c, z.unknown()))
  if (values === null) return c.json({ message: text.unparsableFields }, 400)
  const errors = validateFormValues(form.fields, values, text)
  if (Object.keys(errors).length > 0) return c.json({ message: text.invalidFields, errors }, 400)
  return c.json({ valid: true })
})

/** What a form definition holds, for editors and tools (the spec does not show the shape). */
const FORM_TEMPLATE_SCHEMA = {
  type: 'form',
  fieldTypes: FORM_FIELD_TYPES,
  formProperties: Object.keys(formSchema.shape),
  fieldProperties: Object.keys(formFieldSchema.shape),
}

on(formRoutes, API.formTemplateSchema, function getTemplateSchema(c) {
  queryOf(c, z.object({ type: z.literal('form', { message: 'type must be "form".' }) }))
  return c.json(FORM_TEMPLATE_SCHEMA, 200, { 'cache-control': 'public, max-age=3600' })
})
