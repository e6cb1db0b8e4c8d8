/**
 * The Form Submissions screen's API (`readSubmissions`: ADMIN, EDITOR):
 *
 *   GET /forms                                      the site's forms with their counts
 *   GET /forms/:formId/submissions?cursor=          a page of 50, newest first
 *   GET /forms/:formId/submissions/:id              one, each field as the summary renderers print it
 *   GET /forms/:formId/submissions.csv              every submission, streamed page by page
 *
 * The answers are the spec's summary renderers' text (templates' `fieldSummaryLines` and
 * `fieldValueText`, the same code the cart and order summaries use), never the raw JSON. The CSV
 * is UTF-8 with a BOM (spreadsheets then read accents right), RFC 4180 quoted, and every cell
 * that a spreadsheet would run as a formula starts with `'` (shared/editing/records.ts `csvCell`).
 */
import { type Context, Hono } from 'hono'
import {
  csvRow,
  type FormSummaryRow,
  RECORDS_TEXT,
  type SubmissionDetail,
  type SubmissionRow,
} from '../../shared/editing-areas'
import { COMMERCE_TEXT, type FormFieldDefinition, type FormValues } from '../../shared/index'
import { fieldSummaryLines, fieldValueText } from '../../templates/index'
import type { Form } from '../catalogue/records'
import { kvKey } from '../catalogue/records'
import {
  hasSubmissions,
  type StoredSubmission,
  submissionById,
  submissionCounts,
  submissionPage,
} from '../db/form-submissions'
import { InputError, queryOf } from '../http/body'
import * as z from '../runtime/zod'
import type { EditorAppEnv } from './env'
import { cursorQuery, pageAnswer, pageRequest, requireCapability } from './records-paging'
import { siteTimeZone } from './time'

export const submissionRoutes = new Hono<EditorAppEnv>()
submissionRoutes.use('/forms', requireCapability('readSubmissions'))
submissionRoutes.use('/forms/*', requireCapability('readSubmissions'))

/** Rows read per query while the CSV streams (D1 answers stay small; memory stays flat). */
const CSV_PAGE = 500
const SUMMARY_FIELDS = 3

/** The site's form ids (KV keys `site:<id>:form:<formId>`), following list cursors. */
async function formIds(kv: KVNamespace, siteId: string): Promise<string[]> {
  const prefix = kvKey.form(siteId, '')
  const ids: string[] = []
  let cursor: string | undefined
  do {
    const page = await kv.list({ prefix, cursor })
    for (const key of page.keys) ids.push(key.name.slice(prefix.length))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return ids
}

/** The value fields of a form, or of the values themselves when the form is gone. */
function fieldsOf(form: Form | null, values: FormValues | null): FormFieldDefinition[] {
  if (form !== null)
    return (form.fields as readonly FormFieldDefinition[]).filter((field) => field.type !== 'section')
  return Object.keys(values ?? {}).map((id) => ({ id, type: 'text', title: id }))
}

function pagePathOf(submission: StoredSubmission): string {
  return submission.page.pagePath ?? ''
}

submissionRoutes.get('/forms', async function listForms(c) {
  const { siteId } = c.get('tenant')
  const [ids, counts] = await Promise.all([
    formIds(c.env.CATALOG, siteId),
    submissionCounts(c.env.DB, siteId),
  ])
  const known = new Set(ids)
  const forms = await Promise.all(
    ids.map((id) =>
      c
        .get('catalog')
        .form(id)
        .catch(() => null),
    ),
  )
  const rows: FormSummaryRow[] = ids.map((formId, index) => ({
    formId,
    name: forms[index]?.name ?? formId,
    count: counts.get(formId)?.count ?? 0,
    latest: counts.get(formId)?.latest ?? null,
  }))
  // Submissions of a form since removed stay readable.
  for (const [formId, count] of counts)
    if (!known.has(formId)) rows.push({ formId, name: formId, count: count.count, latest: count.latest })
  rows.sort((a, b) => a.name.localeCompare(b.name))
  return c.json({ forms: rows })
})

const formIdParam = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/))

async function formOf(c: Context<EditorAppEnv>, formId: string) {
  const id = formIdParam.safeParse(formId)
  if (!id.success) throw new InputError(RECORDS_TEXT.formNotFound, {}, 404)
  const form = await c.get('catalog').form(formId)
  if (form === null && !(await hasSubmissions(c.env.DB, c.get('tenant').siteId, formId)))
    throw new InputError(RECORDS_TEXT.formNotFound, {}, 404)
  return form
}

// Before `/forms/:formId/submissions/:id`: a path of its own.
submissionRoutes.get('/forms/:formId/submissions.csv', async function exportSubmissions(c) {
  const formId = c.req.param('formId')
  const form = await formOf(c, formId)
  const { siteId } = c.get('tenant')
  const db = c.env.DB
  const zone = siteTimeZone(c.get('tenant').site.website)
  const stamp = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    dateStyle: 'short',
    timeStyle: 'medium',
  })
  const first = await submissionPage(db, siteId, formId, { limit: CSV_PAGE })
  const fields = fieldsOf(form, first.rows[0]?.values ?? null)
  const encoder = new TextEncoder()
  let page: typeof first | null = first
  let header = true
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (header) {
        header = false
        const titles = [
          RECORDS_TEXT.csvSubmitted,
          RECORDS_TEXT.csvPage,
          ...fields.map((field) => field.title),
        ]
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(titles)}`))
        return
      }
      if (page === null) {
        controller.close()
        return
      }
      let chunk = ''
      for (const row of page.rows)
        chunk += csvRow([
          stamp.format(row.createdAt),
          pagePathOf(row),
          ...fields.map((field) => fieldValueText(field, row.values[field.id])),
        ])
      controller.enqueue(encoder.encode(chunk))
      page =
        page.next === null
          ? null
          : await submissionPage(db, siteId, formId, { after: page.next, limit: CSV_PAGE })
    },
  })
  const name = `${(form?.name ?? formId).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'form'}-submissions.csv`
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  })
})

submissionRoutes.get('/forms/:formId/submissions', async function listSubmissions(c) {
  const formId = c.req.param('formId')
  const query = queryOf(c, z.object({ cursor: cursorQuery }))
  const form = await formOf(c, formId)
  const page = await submissionPage(c.env.DB, c.get('tenant').siteId, formId, pageRequest(query.cursor))
  return c.json({
    form: { formId, name: form?.name ?? formId },
    ...pageAnswer(page, (row): SubmissionRow => {
      const fields = fieldsOf(form, row.values).slice(0, SUMMARY_FIELDS)
      return {
        id: row.id,
        createdAt: row.createdAt,
        pagePath: pagePathOf(row),
        summary: fields
          .map((field) => fieldValueText(field, row.values[field.id]))
          .filter((text) => text !== '')
          .join(' · '),
      }
    }),
  })
})

submissionRoutes.get('/forms/:formId/submissions/:id', async function showSubmission(c) {
  const formId = c.req.param('formId')
  const id = Number(c.req.param('id'))
  const form = await formOf(c, formId)
  const submission = Number.isSafeInteger(id)
    ? await submissionById(c.env.DB, c.get('tenant').siteId, formId, id)
    : null
  if (submission === null) throw new InputError(RECORDS_TEXT.submissionNotFound, {}, 404)
  const answer: SubmissionDetail = {
    id: submission.id,
    formId,
    formName: form?.name ?? formId,
    createdAt: submission.createdAt,
    pagePath: pagePathOf(submission),
    pageTitle: submission.page.pageTitle ?? '',
    fields: fieldsOf(form, submission.values).map((field) => {
      const lines = fieldSummaryLines(field, submission.values[field.id])
      // The summary renderers' answer for nothing: 'N/A'.
      return {
        id: field.id,
        title: field.title,
        type: field.type,
        lines: lines.length > 0 ? lines : [COMMERCE_TEXT.productSummaryFormNoAnswerText],
      }
    }),
  }
  return c.json(answer)
})
