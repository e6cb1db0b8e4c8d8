/**
 * A page rendered from the tenant's templates: the header and footer templates frame it, the
 * page kind's template fills the main region, all against the site's data plus the page's own.
 */

import { SPEC_RULES, STRICT_ESCAPING, type TemplateName } from '../../templates/index'
import type { Catalog } from '../catalogue/reader'
import { siteData, type TemplateData } from '../catalogue/template-data'
import { SettledCache } from '../runtime/isolate-cache'
import { logError, logWarning } from '../runtime/log'
import { type PageFrame, streamPage } from './document'
import { storefrontEngine } from './engine'
import type { HeadData } from './head'
import { loadTemplates, type PageTemplate } from './template-store'
import { type TrackedPage, trackingTag } from './tracking'

export interface TemplatePageOptions {
  catalog: Catalog
  head: HeadData
  template: TemplateName
  /** The request path, for the navigation's current link. */
  path: string
  status?: number
  /** The page's own data (collection, item, items, ...); may be slow. */
  data: Promise<TemplateData> | TemplateData
  /** Extra response headers (`Cache-Control: private, no-store` on personal pages). */
  headers?: Record<string, string>
  /** What the tracking script needs to know of the page (its kind is the template's name). */
  tracked?: Omit<TrackedPage, 'kind'>
  /** The form the page itself prints, if any: the footer then offers no form of its own. */
  pageFormId?: string
}

/**
 * Storefront renders escape every record value, also where the reference prints it raw, and
 * follow the platform's rules where the reference differs (templates/plugins/core/spec-rules.ts).
 */
const STOREFRONT_PARAMS = { [STRICT_ESCAPING]: true, [SPEC_RULES]: true }

/** A template ran past the render budget: the page shows the page-failed screen and is never cached. */
export class RenderBudgetError extends Error {
  override name = 'RenderBudgetError'
}

/**
 * Runs a compiled template; render errors are logged, the page shows what rendered. A template
 * past the render budget (2 MiB of output or 1,000,000 units of work, the engine's limits) throws
 * `RenderBudgetError` after one `template-render-budget` log line naming the tenant and template.
 */
export function runTemplate(
  catalog: Catalog,
  name: string,
  template: PageTemplate,
  data: TemplateData,
): string {
  const { tenant } = catalog
  const { output, errors, stopped, work } = storefrontEngine.render(template.code, data, {
    partials: template.partials,
    locale: tenant.site.website.language,
    params: STOREFRONT_PARAMS,
  })
  if (stopped !== null) {
    logError('template-render-budget', {
      siteId: tenant.siteId,
      template: name,
      stopped,
      work,
      size: output.length,
    })
    throw new RenderBudgetError(
      `Template ${name} of ${tenant.siteId} ran past the render budget (${stopped})`,
    )
  }
  if (errors.length > 0) {
    logWarning('template-render-error', {
      siteId: tenant.siteId,
      template: name,
      errors: errors.slice(0, 5).map((e) => e.message),
    })
  }
  return output
}

/**
 * What the footer renders against: the site's data plus its newsletter form
 * (`site.newsletterFormId`), unless the page prints a form itself (a form page, the lock and
 * member screens, the cart and checkout): one form a page, so a visitor (and a screen reader's
 * form list) never meets two 'Email' fields.
 */
async function footerData(catalog: Catalog, site: TemplateData, pageHasForm: boolean): Promise<TemplateData> {
  const formId = catalog.tenant.site.newsletterFormId
  if (formId === undefined || pageHasForm) return site
  const newsletterForm = await catalog.form(formId)
  return newsletterForm === null ? site : { ...site, newsletterForm }
}

/**
 * Each tenant's rendered header and footer (settled strings, isolate-cache.ts), per content
 * version, origin, year, whether the page prints a form of its own, and which navigation links
 * are the current page's: all they render against (`siteData`, the footer's newsletter form), so
 * the pages of one section share them instead of rendering them on every view (issue 26).
 */
const frames = new SettledCache<PageFrame>(2000)

type NavigationMarks = readonly { active?: boolean; children?: readonly { active?: boolean }[] }[]

function frameKey(catalog: Catalog, site: TemplateData, pageHasForm: boolean): string {
  const marks = (site.navigation as NavigationMarks)
    .map(
      (link) =>
        `${link.active ? 1 : 0}${link.children?.map((child) => (child.active ? 1 : 0)).join('') ?? ''}`,
    )
    .join('.')
  const { siteId, version, origin } = catalog.tenant
  return `${siteId}\u0000${version}\u0000${origin}\u0000${site.copyrightYear}\u0000${pageHasForm}\u0000${marks}`
}

/** The page's header and footer, rendered once for pages that share them. */
async function frameOf(
  catalog: Catalog,
  templates: Promise<Record<'header' | 'footer', PageTemplate>>,
  site: TemplateData,
  pageHasForm: boolean,
): Promise<PageFrame> {
  const key = frameKey(catalog, site, pageHasForm)
  const known = frames.get(key)
  if (known !== undefined) return known
  const [t, footer] = await Promise.all([templates, footerData(catalog, site, pageHasForm)])
  return frames.set(key, {
    header: runTemplate(catalog, 'header', t.header, site),
    footer: runTemplate(catalog, 'footer', t.footer, footer),
  })
}

/** Screens whose own form (a password, a sign-in) is the page's one form. */
const SCREENS_WITH_FORMS: ReadonlySet<string> = new Set(['lock-screen', 'member-denied'])

export function renderTemplatePage(options: TemplatePageOptions): Promise<Response> {
  const { catalog, head, template, path, status, data, headers } = options
  const site = siteData(catalog.tenant, path)
  const templates = loadTemplates(catalog, ['header', 'footer', template])
  const main = Promise.all([templates, data]).then(([t, own]) =>
    runTemplate(catalog, template, t[template], { ...site, ...own }),
  )
  return streamPage({
    tenant: catalog.tenant,
    head,
    status,
    headers,
    tail: trackingTag(catalog.tenant, { kind: template, ...options.tracked }),
    frame: frameOf(
      catalog,
      templates,
      site,
      options.pageFormId !== undefined || SCREENS_WITH_FORMS.has(template),
    ),
    main,
  })
}

/** A page whose main region React renders (the cart), in the tenant's header and footer. */
export function renderReactPage(
  options: Omit<TemplatePageOptions, 'template' | 'data'> & {
    main: () => string
    css?: string
    kind: string
  },
) {
  const { catalog, head, path, status, headers } = options
  const site = siteData(catalog.tenant, path)
  const templates = loadTemplates(catalog, ['header', 'footer'])
  return streamPage({
    tenant: catalog.tenant,
    head,
    status,
    headers,
    tail: trackingTag(catalog.tenant, { kind: options.kind, ...options.tracked }),
    css: Promise.resolve(options.css ?? ''),
    // Personal pages (the cart, checkout, orders) carry forms of their own: no footer form.
    frame: frameOf(catalog, templates, site, true),
    main: Promise.resolve().then(options.main),
  })
}
