/**
 * The data a page's templates render against, shaped as the platform's templates expect
 * (platform.md section 3): `website`, `websiteSettings`, `localizedStrings`, `collection`,
 * `item` / `items`, `productMerchandisingContext`, plus the page's own parts (pagination,
 * events split into upcoming and past, search results).
 */
import { localizedText } from '../../shared/index'
import type { Tenant } from '../env'
import { SettledCache } from '../runtime/isolate-cache'
import { productMerchandising } from './merchandising'
import type { Catalog } from './reader'
import type { Collection, Form, Item, Site } from './records'

export type TemplateData = Record<string, unknown>

/**
 * The part of `siteData` no page changes, per tenant, content version and origin (settled
 * values, isolate-cache.ts): the localized text catalogues are built once, not on every render.
 */
const shared = new SettledCache<TemplateData>(2000)

/** What every page has: the site, its settings and the navigation with the current link. */
export function siteData(tenant: Tenant, path: string): TemplateData {
  const { site } = tenant
  const key = `${tenant.siteId}\u0000${tenant.version}\u0000${tenant.origin}`
  return {
    ...(shared.get(key) ?? shared.set(key, sharedSiteData(tenant))),
    navigation: site.navigation.map((link) => withActive(link, path)),
    /** The footer's copyright year. */
    copyrightYear: new Date().getUTCFullYear(),
  }
}

function sharedSiteData(tenant: Tenant): TemplateData {
  const { site } = tenant
  const { website } = site
  return {
    website: { ...website, baseUrl: tenant.origin, authenticUrl: tenant.origin },
    websiteSettings: {
      storeSettings: site.storeSettings ?? null,
      simpleLikingEnabled: website.simpleLikingEnabled,
      commentsEnabled: website.commentsEnabled,
      ...(website.disqusShortname ? { disqusShortname: website.disqusShortname } : {}),
    },
    storeSettings: site.storeSettings ?? null,
    localizedStrings: site.localizedStrings ?? {},
    /** The shopper text catalogues by area, localized: `{text.engine.notFoundTitle}`. */
    text: localizedText(site.localizedStrings),
    /** The footer's own links, else the header's (as before footers had their own). */
    footerNavigation: site.footerNavigation ?? site.navigation,
  }
}

type NavigationLink = Site['navigation'][number]

function isActive(url: string | undefined, path: string): boolean {
  return url !== undefined && (url === path || (url !== '/' && path.startsWith(`${url}/`)))
}

/** A link, and a folder's links, marked `active` when it is the current page. */
function withActive(link: NavigationLink, path: string) {
  const children = link.children?.map((child) => ({ ...child, active: isActive(child.url, path) }))
  return { ...link, ...(children ? { children } : {}), active: isActive(link.url, path) }
}

export interface Pagination {
  page: number
  pageCount: number
  prevPageUrl: string | null
  nextPageUrl: string | null
}

export function pagination(collection: Collection, page: number, pageSize: number): Pagination | null {
  const pageCount = Math.max(1, Math.ceil(collection.itemSlugs.length / pageSize))
  if (pageCount === 1) return null
  const url = (n: number) => (n === 1 ? collection.fullUrl : `${collection.fullUrl}?page=${n}`)
  return {
    page,
    pageCount,
    prevPageUrl: page > 1 ? url(page - 1) : null,
    nextPageUrl: page < pageCount ? url(page + 1) : null,
  }
}

/** Products of a page with their merchandising context, keyed by item id as the widgets read it. */
export function merchandisingFor(tenant: Tenant, items: readonly Item[]): Record<string, unknown> {
  const context: Record<string, unknown> = {}
  for (const item of items) {
    const merchandising = productMerchandising(tenant.site, item)
    if (merchandising) context[item.id] = merchandising
  }
  return context
}

/** The additional-fields form a product is sold with (`additionalFieldsFormId`), or null. */
export function fieldsFormOf(catalog: Catalog, item: Item): Promise<Form | null> {
  const formId = item.structuredContent?.additionalFieldsFormId
  return formId ? catalog.form(formId) : Promise.resolve(null)
}

/**
 * A product sold with an additional-fields form carries the form in its `structuredContent`
 * (`additionalFieldsForm`): its add-to-cart button opens it (the product page and Quick View).
 */
export function withFieldsForm<T extends Item>(item: T, form: Form | null): T {
  return form === null
    ? item
    : { ...item, structuredContent: { ...item.structuredContent, additionalFieldsForm: form } }
}

/** Events split at `now`: upcoming soonest first, past most recent first. */
export function splitEvents(items: readonly Item[], now: number): { upcoming: Item[]; past: Item[] } {
  const upcoming: Item[] = []
  const past: Item[] = []
  for (const item of items) ((item.endDate ?? item.startDate ?? 0) >= now ? upcoming : past).push(item)
  upcoming.sort((a, b) => (a.startDate ?? 0) - (b.startDate ?? 0))
  past.sort((a, b) => (b.startDate ?? 0) - (a.startDate ?? 0))
  return { upcoming, past }
}
