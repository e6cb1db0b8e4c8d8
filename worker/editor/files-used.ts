/**
 * Which records still use a file (File Detail and the delete warning): every live record of the
 * site in KV (the site record, its collections and items) and every draft in D1 whose JSON
 * mentions the file's path `/s/<id>/` (an image's `assetUrl`, a link in rich text, a navigation
 * link), each named by its title and the page a shopper sees it on.
 */
import type { FileUse } from '../../shared/index'
import { kvKey } from '../catalogue/records'
import type { EditorEnv } from './env'
import { listKeys } from './model'

/** KV reads in flight at once while scanning. */
const READS_AT_ONCE = 20

interface Named {
  title?: unknown
  fullUrl?: unknown
  website?: { siteTitle?: unknown }
}

function fileUseOf(key: string, record: Named, draft: boolean): FileUse {
  const title = String(record.title ?? record.website?.siteTitle ?? key)
  const url = typeof record.fullUrl === 'string' ? record.fullUrl : '/'
  return { key, title, url, draft }
}

/** The editor's record key of a live KV key (`site`, `collection:<slug>`, `item:<c>/<slug>`). */
function recordKeyOf(siteId: string, kvName: string): string {
  if (kvName === kvKey.site(siteId)) return 'site'
  const collection = kvKey.collection(siteId, '')
  if (kvName.startsWith(collection)) return `collection:${kvName.slice(collection.length)}`
  return `item:${kvName.slice(kvKey.item(siteId, '', '').length - 1)}`
}

export async function filesUsedBy(env: EditorEnv, siteId: string, fileId: string): Promise<FileUse[]> {
  const needle = `/s/${fileId}/`
  const [collections, items, drafts] = await Promise.all([
    listKeys(env.CATALOG, kvKey.collection(siteId, '')),
    listKeys(env.CATALOG, kvKey.item(siteId, '', '').slice(0, -1)),
    env.DB.prepare(
      'SELECT record_key, record FROM editor_drafts WHERE site_id = ? AND record IS NOT NULL AND deleted = 0 AND instr(record, ?) > 0',
    )
      .bind(siteId, needle)
      .all<{ record_key: string; record: string }>(),
  ])
  const names = [kvKey.site(siteId), ...collections, ...items]
  const uses: FileUse[] = []
  for (let start = 0; start < names.length; start += READS_AT_ONCE) {
    const batch = names.slice(start, start + READS_AT_ONCE)
    const texts = await Promise.all(batch.map((name) => env.CATALOG.get(name, 'text')))
    texts.forEach((text, index) => {
      const name = batch[index]
      if (text === null || name === undefined || !text.includes(needle)) return
      uses.push(fileUseOf(recordKeyOf(siteId, name), JSON.parse(text) as Named, false))
    })
  }
  const live = new Set(uses.map((use) => use.key))
  for (const row of drafts.results)
    if (!live.has(row.record_key)) uses.push(fileUseOf(row.record_key, JSON.parse(row.record) as Named, true))
  return uses
}
