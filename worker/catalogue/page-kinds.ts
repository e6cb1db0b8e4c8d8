/**
 * The page kinds: what each collection type (`typeName`, records.ts) is on the storefront. Routes
 * (routes/pages.tsx), search (search.ts) and the sitemap (routes/sitemap.ts) read this table
 * instead of naming collection types, so a new kind is a row here, its default templates
 * (templates/defaults/pages.ts) and its name in the collection schema (records.ts).
 *
 * Caching is the same for every kind: the page cache (middleware/page-cache.ts) stores any
 * anonymous catalogue page and tags it by collection and item; locked and member-only pages opt
 * out through their own headers (auth/page-access.ts), whatever their kind.
 */
import type { TemplateName } from '../../templates/index'
import { type Collection, LIST_LIMITS } from './records'

export interface PageKind {
  /** The template of the collection's own page. */
  listTemplate: TemplateName
  /** The template of an item's page; absent when items have no pages of their own (gallery images, pages). */
  itemTemplate?: TemplateName
  /** Items per list page (`?page=`, with `pagination` data); absent: one page with every item. */
  pageSize?: number
  /** What a search result of one of its items is called; absent: its items are not searched. */
  searchLabel?: string
  /** Whether the sitemap lists its items' pages (the collection's own page is always listed). */
  sitemapItems: boolean
  /** Its items are products: merchandising, reviews, add-to-cart forms, `og:type` product. */
  sellsProducts: boolean
  /** Its items are events: the list splits them into upcoming and past. */
  datedItems: boolean
  /**
   * The collection's form (`formId`): 'printed' by the page template (the footer leaves it out),
   * 'given' to the template as `form` with the footer printing it too, or not read at all.
   */
  form?: 'printed' | 'given'
}

export const PAGE_KINDS: Readonly<Record<Collection['typeName'], PageKind>> = {
  page: {
    listTemplate: 'page',
    sitemapItems: false,
    sellsProducts: false,
    datedItems: false,
    form: 'printed',
  },
  products: {
    listTemplate: 'products',
    itemTemplate: 'product',
    /** storefront.md section 9: at most 200 products in a collection page. */
    pageSize: LIST_LIMITS.productsPerPage,
    searchLabel: 'Product',
    sitemapItems: true,
    sellsProducts: true,
    datedItems: false,
  },
  blog: {
    listTemplate: 'blog',
    itemTemplate: 'blog-item',
    pageSize: 20,
    searchLabel: 'Post',
    sitemapItems: true,
    sellsProducts: false,
    datedItems: false,
  },
  events: {
    listTemplate: 'events',
    itemTemplate: 'event-item',
    searchLabel: 'Event',
    sitemapItems: true,
    sellsProducts: false,
    datedItems: true,
  },
  gallery: {
    listTemplate: 'gallery',
    sitemapItems: false,
    sellsProducts: false,
    datedItems: false,
    form: 'given',
  },
  form: {
    listTemplate: 'form',
    sitemapItems: false,
    sellsProducts: false,
    datedItems: false,
    form: 'printed',
  },
}

/** The page kind of a collection. */
export function pageKindOf(collection: Collection): PageKind {
  return PAGE_KINDS[collection.typeName]
}
