import { stripTags } from '../../templates/shared'

/** Merchant HTML as one line of plain text (descriptions, JSON-LD, the search index). */
export function plainText(html: string): string {
  return stripTags(html).replace(/\s+/g, ' ').trim()
}
