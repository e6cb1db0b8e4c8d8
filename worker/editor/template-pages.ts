/**
 * The data a template renders against on a real page of the site, as the storefront gives it:
 * the storefront's own app (worker/app.ts) renders the page over KV with the drafts laid on it
 * (preview.ts), every page template replaced by one that prints its data as JSON
 * (`{@|json}`), so whatever a route puts in a page's data (pagination, merchandising, events
 * split, the form) comes back without a copy of the routes here. The same render gives the
 * page's stylesheet (the shared stylesheet its `<head>` links, then its own `<style>`), which the
 * editor's preview links.
 *
 * Then the render budget: a draft rendered with the storefront's engine against that data,
 * within the engine's limits, says how much of the budget it uses, or why it stopped.
 */
import type { BudgetUse, TemplatePage } from '../../shared/editing-areas'
import {
  type CompiledTemplate,
  DEFAULT_PARTIALS,
  DEFAULT_TEMPLATES,
  SPEC_RULES,
  STRICT_ESCAPING,
  templateUses,
} from '../../templates/index'
import { pageKindOf } from '../catalogue/page-kinds'
import { type Collection, kvKey } from '../catalogue/records'
import { hex, sha256 } from '../crypto/encoding'
import { SHARED_CSS } from '../render/shared-css'
import { builtIns } from '../render/template-store'
import { compilingEngine } from './compiling-engine'
import type { EditorEnv } from './env'
import { listKeys, readLive } from './model'
import { overlayKv, storefront } from './preview'
import { type KvWrite, planPreview } from './publish'
import { builtInSource, overrideSource, templateDraftOf, templateKind, templateRows } from './template-drafts'

const DUMP = /<script type="application\/json" data-template-data="([a-z-]+)">([\s\S]*?)<\/script>/g
const STYLE = /<style>([\s\S]*?)<\/style>/
/** A path no site has: the not-found template's page. */
const NOT_FOUND_PATH = '/this-page-does-not-exist'

/** Pages to preview on: each collection's page and its first item's, search, not found. */
export async function templatePages(env: EditorEnv, siteId: string): Promise<TemplatePage[]> {
  const names = await listKeys(env.CATALOG, kvKey.collection(siteId, ''))
  const collections = (await Promise.all(names.map((name) => readLive(env.CATALOG, name)))).filter(
    (c) => c !== null,
  ) as unknown as Collection[]
  collections.sort((a, b) =>
    a.fullUrl === '/' ? -1 : b.fullUrl === '/' ? 1 : a.title.localeCompare(b.title),
  )
  const pages: TemplatePage[] = []
  for (const collection of collections) {
    const kind = pageKindOf(collection)
    if (kind === undefined) continue
    pages.push({ path: collection.fullUrl, title: collection.title, template: kind.listTemplate })
    const first = collection.itemSlugs?.[0]
    if (kind.itemTemplate === undefined || first === undefined) continue
    const item = await readLive(env.CATALOG, kvKey.item(siteId, collection.urlId, first))
    if (item !== null && typeof item.fullUrl === 'string')
      pages.push({ path: item.fullUrl, title: item.title, template: kind.itemTemplate })
  }
  pages.push({ path: '/search?q=a', title: 'Search', template: 'search' })
  pages.push({ path: NOT_FOUND_PATH, title: 'Not found', template: 'not-found' })
  return pages
}

/** The page template a partial is previewed in: the first built-in one that applies it. */
export function hostTemplateOf(partial: string): string {
  const { templates } = builtIns()
  for (const [name, template] of templates) if (templateUses(template.code).partials.has(partial)) return name
  for (const [name, source] of Object.entries(DEFAULT_PARTIALS))
    if (source.includes(`apply ${partial}`)) {
      const host = hostTemplateOf(name)
      if (host !== 'page') return host
    }
  return 'page'
}

/** The suggested page for a template, and every page, the suggested one first. */
export function suggestedPages(name: string, pages: readonly TemplatePage[]): TemplatePage[] {
  const template = templateKind(name) === 'partial' ? hostTemplateOf(name) : name
  const frame = template === 'header' || template === 'footer'
  const best = pages.find((page) => (frame ? page.path === '/' : page.template === template)) ?? pages[0]
  return best === undefined ? [...pages] : [best, ...pages.filter((page) => page !== best)]
}

/** Sources with the drafts applied: live (or built-in) source, replaced by a pending draft's. */
export async function draftSources(env: EditorEnv, siteId: string): Promise<Record<string, string>> {
  const names = [...Object.keys(DEFAULT_TEMPLATES), ...Object.keys(DEFAULT_PARTIALS)]
  const [rows, lives] = await Promise.all([
    templateRows(env, siteId),
    Promise.all(names.map((name) => overrideSource(env, siteId, name))),
  ])
  const out: Record<string, string> = {}
  names.forEach((name, i) => {
    out[name] = lives[i] ?? builtInSource(name)
  })
  for (const row of rows) {
    const draft = templateDraftOf(row)
    const name = row.record_key.slice('template:'.length)
    if (draft !== null && Object.hasOwn(out, name)) out[name] = draft.source ?? builtInSource(name)
  }
  return out
}

export interface CapturedPage {
  /** The page template that rendered the page's main region (header, footer: the frame). */
  template: string
  data: Record<string, unknown>
  stylesheet: string
}

/**
 * Renders `path` with the storefront over KV with the drafts applied and (`dump`) every page
 * template printing its data; the data of `want` (the frame's for header and footer) or of the
 * page's main template. Null when the page renders no template (a redirect, the cart). Without
 * `dump` the page renders as the preview shows it: only its stylesheet is of use.
 */
export async function capturePage(
  env: EditorEnv,
  ctx: ExecutionContext,
  siteId: string,
  origin: string,
  headers: Headers,
  path: string,
  want: string,
  dump = true,
): Promise<CapturedPage | null> {
  const writes = await planPreview(env, siteId)
  const live = (await env.CATALOG.get(kvKey.version(siteId), 'text'))?.trim() ?? '0'
  const fingerprint = hex(await sha256(JSON.stringify(writes))).slice(0, 16)
  // The storefront renders compiled forms only (it has no compiler): each dump goes in compiled.
  const dumps: KvWrite[] = Object.keys(dump ? DEFAULT_TEMPLATES : {}).flatMap((name) => {
    const source = `<script type="application/json" data-template-data="${name}">{@|json}</script>`
    return [
      { key: kvKey.template(siteId, name), before: null, after: source },
      {
        key: kvKey.compiledTemplate(siteId, name),
        before: null,
        after: JSON.stringify(compilingEngine.compile(source).code),
      },
    ]
  })
  const overlay = overlayKv(env.CATALOG, [
    ...writes,
    ...dumps,
    {
      key: kvKey.version(siteId),
      before: live,
      after: `${live}-template-${dump ? 'data' : 'css'}-${fingerprint}`,
    },
  ])
  const request = new Request(new URL(path, origin), { headers, redirect: 'manual' })
  // The overlay answers a version of its own: never taken from, nor left in, the isolate's known versions.
  const response = await storefront.fetch(
    request,
    { ...env, CATALOG: overlay, CONTENT_VERSION_SECONDS: '0' },
    ctx,
  )
  const html = await response.text()
  const found = new Map<string, Record<string, unknown>>()
  for (const [, name, json] of html.matchAll(DUMP))
    if (name !== undefined && json !== undefined && !found.has(name)) found.set(name, JSON.parse(json))
  const main = [...found.keys()].find((name) => name !== 'header' && name !== 'footer')
  const template = want === 'header' || want === 'footer' ? want : (main ?? want)
  const data = found.get(template)
  if (dump && data === undefined) return null
  // The page links the shared rules (render/shared-css.ts) and inlines its own: the preview frame
  // gets both, in the page's order.
  return { template, data: data ?? {}, stylesheet: SHARED_CSS + (STYLE.exec(html)?.[1] ?? '') }
}

/** The partials a render needs, compiled or as source: the drafts' sources over the built-ins. */
function partialsOf(sources: Record<string, string>): Record<string, string | CompiledTemplate> {
  const out: Record<string, string | CompiledTemplate> = { ...builtIns().partials }
  for (const name of Object.keys(DEFAULT_PARTIALS)) {
    const source = sources[name]
    if (source !== undefined && source !== DEFAULT_PARTIALS[name]) out[name] = source
  }
  return out
}

/**
 * Renders `source` (the page template `template`'s, or with a partial's draft in `sources`)
 * against `data` as the storefront does, within the engine's render budget.
 */
export function budgetOf(
  path: string,
  source: string,
  data: Record<string, unknown>,
  sources: Record<string, string>,
  locale: string | null,
): BudgetUse {
  const { limits } = compilingEngine
  const result = compilingEngine.render(source, data, {
    partials: partialsOf(sources),
    locale,
    params: { [STRICT_ESCAPING]: true, [SPEC_RULES]: true },
  })
  return {
    path,
    work: result.work,
    maxWork: limits.maxWork,
    output: result.output.length,
    maxOutput: limits.maxOutputSize,
    stopped:
      result.stopped === null ? null : (result.errors[result.errors.length - 1]?.message ?? result.stopped),
  }
}
