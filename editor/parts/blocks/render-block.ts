/** A block's HTML as the editor's Worker makes it on save (`POST /config/api/blocks/render`). */
import type { BlockData } from '../../../shared/editing-areas'
import { request } from '../../api'

/** What a block dialog hands back: the block's type and data. */
export interface BlockValue {
  type: number
  data: BlockData
}

/** Once per distinct block (a body's previews, an undo); a failure is asked again next time. */
const rendered = new Map<string, Promise<string>>()

export function renderBlock(value: BlockValue): Promise<string> {
  const key = `${value.type}:${JSON.stringify(value.data)}`
  let html = rendered.get(key)
  if (html === undefined) {
    html = request<{ html: string }>('POST', '/config/api/blocks/render', value).then((answer) => answer.html)
    html.catch(() => rendered.delete(key))
    rendered.set(key, html)
  }
  return html
}
