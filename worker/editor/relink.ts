/**
 * Page links are stored by reference: the link editor writes `<a href="/journal/old" data-ref="<record id>">`.
 * When a publish moves a record (its slug changed), every live record whose rich text links to it
 * by reference gets the new address in the same publish, so a renamed slug never leaves a dead
 * link behind.
 */
import { type EditorRecord, escapeHtmlAttribute } from '../../shared/index'
import { listKeys } from './model'
import type { KvWrite } from './publish'

const RICH_TEXT_FIELDS = ['body', 'excerpt', 'mainContent'] as const

/**
 * The HTML with each `<a … data-ref="id" …>` to a moved record pointing at its new address. A
 * plain scan of the tags, not HTMLRewriter: this runs inside the site's publisher, whose
 * `blockConcurrencyWhile` a streaming rewrite would wait on for ever. The text was sanitised on
 * save (sanitize.ts), so its attributes are double-quoted.
 */
function relinkHtml(html: string, moved: ReadonlyMap<string, string>): string {
  return html.replace(/<a\b[^>]*>/gi, (tag) => {
    const ref = /\sdata-ref="([^"]*)"/i.exec(tag)?.[1]
    const url = ref === undefined ? undefined : moved.get(ref)
    if (url === undefined) return tag
    const href = escapeHtmlAttribute(url)
    return /\shref="[^"]*"/i.test(tag)
      ? tag.replace(/(\shref=")[^"]*(")/i, `$1${href}$2`)
      : tag.replace(/^<a\b/i, `<a href="${href}"`)
  })
}

/** The record with its references to moved records pointing at their new addresses, or null when none changed. */
export function relinkRecord(text: string, moved: ReadonlyMap<string, string>): string | null {
  if (!text.includes('data-ref')) return null
  const record = JSON.parse(text) as EditorRecord
  let changed = false
  for (const field of RICH_TEXT_FIELDS) {
    const html = record[field]
    if (typeof html !== 'string' || !html.includes('data-ref')) continue
    const relinked = relinkHtml(html, moved)
    if (relinked !== html) {
      record[field] = relinked
      changed = true
    }
  }
  return changed ? JSON.stringify(record) : null
}

/**
 * Extra writes (and rewritten planned ones) so that every record of the site links to the moved
 * records' new addresses. `moved`: record id -> its new `fullUrl`.
 */
export async function relinkSite(
  kv: KVNamespace,
  siteId: string,
  writes: Map<string, KvWrite>,
  moved: ReadonlyMap<string, string>,
  movedUrls: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  if (moved.size === 0) return
  await relinkNavigation(kv, siteId, writes, moved, movedUrls)
  const keys = [
    ...(await listKeys(kv, `site:${siteId}:item:`)),
    ...(await listKeys(kv, `site:${siteId}:collection:`)),
  ]
  for (const key of new Set([...keys, ...writes.keys()])) {
    if (!key.startsWith(`site:${siteId}:item:`) && !key.startsWith(`site:${siteId}:collection:`)) continue
    const planned = writes.get(key)
    if (planned !== undefined && planned.after === null) continue
    const before = planned?.before ?? (await kv.get(key, 'text'))
    const text = planned?.after ?? before
    if (text === null) continue
    const relinked = relinkRecord(text, moved)
    if (relinked !== null) writes.set(key, { key, before, after: relinked })
  }
}

/**
 * The site's navigation links to a moved page follow it (the site record's `navigation` and
 * `footerNavigation`, folders' links included): a link
 * by reference (`ref`, the Navigation screen's page links) or one whose URL was the page's.
 */
async function relinkNavigation(
  kv: KVNamespace,
  siteId: string,
  writes: Map<string, KvWrite>,
  moved: ReadonlyMap<string, string>,
  movedUrls: ReadonlyMap<string, string>,
): Promise<void> {
  const key = `site:${siteId}`
  const planned = writes.get(key)
  const before = planned?.before ?? (await kv.get(key, 'text'))
  const text = planned?.after ?? before
  if (text === null) return
  interface Link {
    url?: unknown
    ref?: unknown
    children?: Link[]
  }
  const site = JSON.parse(text) as { navigation?: Link[]; footerNavigation?: Link[] }
  // Both menus, and each folder's links.
  const links = [...(site.navigation ?? []), ...(site.footerNavigation ?? [])].flatMap((link) => [
    link,
    ...(Array.isArray(link.children) ? link.children : []),
  ])
  let changed = false
  for (const link of links) {
    const byRef = typeof link.ref === 'string' ? moved.get(link.ref) : undefined
    const url = byRef ?? (typeof link.url === 'string' ? movedUrls.get(link.url) : undefined)
    if (url !== undefined && url !== link.url) {
      link.url = url
      changed = true
    }
  }
  if (changed) writes.set(key, { key, before, after: JSON.stringify(site) })
}
