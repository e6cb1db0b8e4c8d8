/**
 * A page rendered from the tenant's templates: the header and footer templates frame it, the
 * page kind's template fills the main region, all against the site's data plus the page's own.
 */

import type { TemplateName } from '../../templates/defaults/pages'
import type { CompiledTemplate } from '../../templates/index'
import type { Tenant } from '../context'
import { logWarning } from '../log'
import { siteData, type TemplateData } from './context'
import { streamPage } from './document'
import { storefrontEngine } from './engine'
import type { HeadData } from './head'
import { builtIns, loadTemplates } from './template-store'

export interface TemplatePageOptions {
  tenant: Tenant
  kv: KVNamespace
  head: HeadData
  template: TemplateName
  /** The request path, for the navigation's current link. */
  path: string
  status?: number
  /** The page's own data (collection, item, items, ...); may be slow. */
  data: Promise<TemplateData> | TemplateData
}

/** Runs a compiled template; render errors are logged, the page shows what rendered. */
export function runTemplate(
  tenant: Tenant,
  name: string,
  code: CompiledTemplate,
  data: TemplateData,
): string {
  const { output, errors } = storefrontEngine.render(code, data, {
    partials: builtIns().partials,
    locale: tenant.site.website.language,
  })
  if (errors.length > 0) {
    logWarning('template-render-error', {
      siteId: tenant.siteId,
      template: name,
      errors: errors.slice(0, 5).map((e) => e.message),
    })
  }
  return output
}

function frameOf(
  tenant: Tenant,
  site: TemplateData,
  templates: Promise<Record<'header' | 'footer', CompiledTemplate>>,
) {
  return templates.then((t) => ({
    header: runTemplate(tenant, 'header', t.header, site),
    footer: runTemplate(tenant, 'footer', t.footer, site),
  }))
}

export function renderTemplatePage(options: TemplatePageOptions): Response {
  const { tenant, kv, head, template, path, status, data } = options
  const site = siteData(tenant, path)
  const templates = loadTemplates(kv, tenant, ['header', 'footer', template])
  const main = Promise.all([templates, data]).then(([t, own]) =>
    runTemplate(tenant, template, t[template], { ...site, ...own }),
  )
  return streamPage({ tenant, head, status, frame: frameOf(tenant, site, templates), main })
}

/** A page whose main region React renders (the cart), in the tenant's header and footer. */
export function renderReactPage(
  options: Omit<TemplatePageOptions, 'template' | 'data'> & { main: () => string },
) {
  const { tenant, kv, head, path, status } = options
  const site = siteData(tenant, path)
  const frame = frameOf(tenant, site, loadTemplates(kv, tenant, ['header', 'footer']))
  return streamPage({ tenant, head, status, frame, main: Promise.resolve().then(options.main) })
}
