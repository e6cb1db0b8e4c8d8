/**
 * The template editor's API under `/config/api/templates` (shared/editing/templates.ts), for the
 * `editTemplates` capability (ADMIN) alone: every call answers 403 to any other role.
 *
 * - `GET /templates`: every page template and partial, overridden or built-in, with a draft or not.
 * - `GET /templates/:name`: the live source (the tenant's own, else the built-in), the built-in
 *   source, the draft and its revision.
 * - `PUT /templates/:name`: saves a draft from `baseRevision` (409 with theirs when stale); the
 *   draft is rendered once against its page's data to record what it uses of the render budget.
 * - `DELETE /templates/:name/draft`: discards the draft.
 * - `GET /templates/:name/data?path=`: the page's data and the sources a render in the browser needs.
 * - `GET /templates/:name/stylesheet?path=`: the storefront's stylesheet of that page.
 * - `POST /templates/:name/publish`: publishes that draft alone, through the site's publisher.
 *
 * Publishing (this call, or Review Changes') compiles and stores each template: template-publish.ts.
 */
import { type Context, Hono, type Next } from 'hono'
import editorManifest from '../../dist/editor-manifest.json'
import {
  TEMPLATES_TEXT,
  type TemplateAnswer,
  type TemplateDataAnswer,
  type TemplatesAnswer,
} from '../../shared/editing-areas'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { InputError, jsonBody } from '../http/body'
import * as z from '../runtime/zod'
import { refusedUnless } from './access'
import { discardDraft } from './drafts'
import type { EditorAppEnv } from './env'
import { publisherOf } from './publisher'
import {
  builtInSource,
  overrideSource,
  templateDraftOf,
  templateKey,
  templateKind,
  templateNames,
  templateRow,
  templateRows,
  writeTemplateDraft,
} from './template-drafts'
import {
  budgetOf,
  capturePage,
  draftSources,
  hostTemplateOf,
  suggestedPages,
  templatePages,
} from './template-pages'

export const templateRoutes = new Hono<EditorAppEnv>()

/** Longest template source a save accepts (the longest built-in page is about 4 KiB). */
const MAX_SOURCE = 256 * 1024

type C = Context<EditorAppEnv>

templateRoutes.use('/templates', templatesOnly)
templateRoutes.use('/templates/*', templatesOnly)

async function templatesOnly(c: C, next: Next): Promise<Response | undefined> {
  const refused = refusedUnless(c, c.get('editor').capabilities.editTemplates)
  if (refused) return refused
  await next()
}

function nameParam(c: C): string {
  const name = c.req.param('name') ?? ''
  if (templateKind(name) === null)
    throw new InputError(fillText(TEMPLATES_TEXT.unknownTemplate, { name }), {}, 404)
  return name
}

async function templateAnswer(c: C, name: string): Promise<TemplateAnswer> {
  const siteId = c.get('tenant').siteId
  const [own, row] = await Promise.all([
    overrideSource(c.env, siteId, name),
    templateRow(c.env, siteId, name),
  ])
  const builtIn = builtInSource(name)
  return {
    name,
    kind: templateKind(name) ?? 'page',
    live: own ?? builtIn,
    overridden: own !== null,
    builtIn,
    draft: templateDraftOf(row),
    revision: row?.revision ?? 0,
    engine: editorManifest.templateEngine,
  }
}

templateRoutes.get('/templates', async (c) => {
  const siteId = c.get('tenant').siteId
  const names = templateNames()
  const [rows, owns] = await Promise.all([
    templateRows(c.env, siteId),
    Promise.all(names.map(({ name }) => overrideSource(c.env, siteId, name))),
  ])
  const pending = new Set(rows.filter((row) => row.record !== null).map((row) => row.record_key))
  const answer: TemplatesAnswer = {
    templates: names.map(({ name, kind }, i) => ({
      name,
      kind,
      overridden: owns[i] !== null,
      hasDraft: pending.has(templateKey(name)),
    })),
  }
  return c.json(answer)
})

templateRoutes.get('/templates/:name', async (c) => c.json(await templateAnswer(c, nameParam(c))))

/** A path of this site (never another host's: `//host`, `/\\host`), or undefined. */
function localPath(path: string | undefined): string | undefined {
  if (!path?.startsWith('/')) return undefined
  const url = new URL(path, 'http://site.invalid')
  return url.host === 'site.invalid' ? `${url.pathname}${url.search}` : undefined
}

/** The page data a template renders against on `path` (the suggested page without one). */
async function pageData(c: C, name: string, path: string | undefined) {
  const siteId = c.get('tenant').siteId
  const pages = suggestedPages(name, await templatePages(c.env, siteId))
  const chosen = localPath(path) ?? pages[0]?.path ?? '/'
  const want = templateKind(name) === 'partial' ? hostTemplateOf(name) : name
  const headers = new Headers()
  const cookie = c.req.header('Cookie')
  if (cookie) headers.set('Cookie', cookie)
  const captured = await capturePage(
    c.env,
    c.executionCtx,
    siteId,
    new URL(c.req.url).origin,
    headers,
    chosen,
    want,
  )
  return { pages, path: chosen, captured, want }
}

const saveSchema = z.object({
  source: z.nullable(z.string().check(z.maxLength(MAX_SOURCE))),
  baseRevision: z.number().check(z.int(), z.minimum(0)),
})

templateRoutes.put('/templates/:name', async (c) => {
  const name = nameParam(c)
  const body = await jsonBody(c, saveSchema, MAX_SOURCE * 2)
  const siteId = c.get('tenant').siteId
  const current = await templateAnswer(c, name)
  if (current.revision !== body.baseRevision) return conflict(c, current)
  const sources = await draftSources(c.env, siteId)
  sources[name] = body.source ?? builtInSource(name)
  const { path, captured } = await pageData(c, name, c.req.query('path'))
  const budget =
    captured === null
      ? null
      : budgetOf(
          path,
          sources[templateKind(name) === 'partial' ? captured.template : name] ?? '',
          captured.data,
          sources,
          c.get('tenant').site.website.language ?? null,
        )
  const stored = await writeTemplateDraft(
    c.env,
    siteId,
    name,
    { source: body.source, budget },
    c.get('editor').user.email,
    body.baseRevision,
  )
  if (!stored) return conflict(c, await templateAnswer(c, name))
  return c.json(await templateAnswer(c, name))
})

function conflict(c: C, answer: TemplateAnswer) {
  return c.json(
    {
      message: fillText(EDITOR_TEXT.conflict, { kind: 'template' }),
      conflict: { theirs: answer.draft, live: answer.live, revision: answer.revision },
    },
    409,
  )
}

templateRoutes.delete('/templates/:name/draft', async (c) => {
  const name = nameParam(c)
  const current = await templateAnswer(c, name)
  if (current.draft === null) return c.json(current)
  const asked = c.req.query('revision')
  const revision = asked === undefined ? current.revision : Number(asked)
  const done = await discardDraft(
    c.env.DB,
    c.get('tenant').siteId,
    templateKey(name),
    revision,
    c.get('editor').user.email,
  )
  if (!done) return conflict(c, await templateAnswer(c, name))
  return c.json(await templateAnswer(c, name))
})

templateRoutes.get('/templates/:name/data', async (c) => {
  const name = nameParam(c)
  const [{ pages, path, captured, want }, sources] = await Promise.all([
    pageData(c, name, c.req.query('path')),
    draftSources(c.env, c.get('tenant').siteId),
  ])
  const template = captured?.template ?? want
  const answer: TemplateDataAnswer = {
    name,
    template,
    path,
    data: captured?.data ?? {},
    templateSource: sources[template] ?? '',
    partials: Object.fromEntries(Object.entries(sources).filter(([n]) => templateKind(n) === 'partial')),
    pages,
    stylesheet: `/config/api/templates/${encodeURIComponent(name)}/stylesheet?path=${encodeURIComponent(path)}`,
  }
  return c.json(answer)
})

templateRoutes.get('/templates/:name/stylesheet', async (c) => {
  const name = nameParam(c)
  const path = c.req.query('path') ?? '/'
  const headers = new Headers()
  const cookie = c.req.header('Cookie')
  if (cookie) headers.set('Cookie', cookie)
  const safe = localPath(path) ?? '/'
  const captured = await capturePage(
    c.env,
    c.executionCtx,
    c.get('tenant').siteId,
    new URL(c.req.url).origin,
    headers,
    safe,
    name,
    false,
  )
  return c.body(captured?.stylesheet ?? '', 200, { 'Content-Type': 'text/css; charset=utf-8' })
})

templateRoutes.post('/templates/:name/publish', async (c) => {
  const name = nameParam(c)
  const { capabilities, user } = c.get('editor')
  const outcome = await publisherOf(c.env, c.get('tenant').siteId).publish({
    siteId: c.get('tenant').siteId,
    by: user.email,
    capabilities,
    keys: [templateKey(name)],
  })
  if (outcome.status === 'refused')
    return c.json({ message: EDITOR_TEXT.publishRefused, problems: outcome.problems }, 422)
  if (outcome.status !== 'published')
    return c.json({ message: EDITOR_TEXT.nothingToPublish, version: c.get('tenant').version, published: [] })
  return c.json({ version: outcome.version, published: outcome.published })
})
