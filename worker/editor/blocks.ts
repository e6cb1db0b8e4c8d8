/**
 * The body's blocks on save (shared/blocks/model.ts): each `<div data-block-type data-block>` in
 * a rich-text body is checked (its data against BLOCK_LIMITS, a chart's dataset against
 * platform.md section 5's messages) and its inner HTML is made again from its data alone, so
 * whatever markup the client sent inside is dropped:
 *
 * - Code (23, mode `html`): the HTML sanitised exactly as rich text is (sanitize.ts).
 * - Markdown (44): markdown-it with raw HTML off and links through the rich text's scheme
 *   allow-list, then sanitised too. It runs here, once per save, so the storefront serves stored
 *   HTML and never loads a Markdown library.
 * - Display Source (23, mode `source`): `<pre><code>` with the source escaped.
 * - Chart (62): the SVG, legend and data table of shared/blocks/chart-svg.ts. SVG reaches a body
 *   only this way: the sanitiser drops any `<svg>` the client sends.
 *
 * Also `POST /config/api/blocks/render`: the same HTML for the editor's preview.
 */
import { Hono } from 'hono'
import MarkdownIt from 'markdown-it'
import {
  BLOCK_LIMITS,
  BLOCK_TYPES,
  BLOCKS_TEXT,
  type BlockData,
  blockClassOf,
  blockTypeOf,
  type ChartBlockData,
  datasetProblem,
  renderChart,
} from '../../shared/editing-areas'
import { escapeHtml, escapeHtmlAttribute, fillText } from '../../shared/index'
import { InputError, jsonBody } from '../http/body'
import * as z from '../runtime/zod'
import { refusedUnless } from './access'
import type { EditorAppEnv } from './env'
import { refuse } from './refusals'
import { isSafeHref, sanitizeRichText } from './sanitize'

const text = (max: number) => z.string().check(z.maxLength(max))

const codeSchema = z.strictObject({
  mode: z.enum(['html', 'markdown', 'source']),
  source: z
    .string()
    .check(
      z.maxLength(
        BLOCK_LIMITS.sourceLength,
        fillText(BLOCKS_TEXT.sourceTooLong, { max: BLOCK_LIMITS.sourceLength }),
      ),
    ),
})

const chartSchema = z.strictObject({
  chart: z.enum(['bar', 'line', 'pie']),
  title: z._default(text(BLOCK_LIMITS.chartTextLength), ''),
  xLabel: z._default(text(BLOCK_LIMITS.chartTextLength), ''),
  yLabel: z._default(text(BLOCK_LIMITS.chartTextLength), ''),
  rows: z
    .array(z.array(text(BLOCK_LIMITS.cellLength)).check(z.maxLength(BLOCK_LIMITS.maxColumns)))
    .check(z.maxLength(BLOCK_LIMITS.maxRows + 1)),
})

/** A block's data as its type allows, or an InputError saying what is wrong. */
export function checkBlock(type: number, data: unknown): BlockData {
  if (type === BLOCK_TYPES.chart) {
    const parsed = chartSchema.safeParse(data)
    if (!parsed.success) throw new InputError(firstIssue(parsed.error.issues))
    const problem = datasetProblem(parsed.data.rows)
    if (problem !== null) throw new InputError(problem)
    return parsed.data
  }
  if (type === BLOCK_TYPES.code || type === BLOCK_TYPES.markdown) {
    const parsed = codeSchema.safeParse(data)
    if (!parsed.success) throw new InputError(firstIssue(parsed.error.issues))
    // The type follows the mode: Markdown is block type 44, Code and Display Source 23.
    if (blockTypeOf(parsed.data) !== type)
      throw new InputError(fillText(BLOCKS_TEXT.blockTypeMismatch, { type }))
    return parsed.data
  }
  throw new InputError(fillText(BLOCKS_TEXT.blockTypeUnknown, { type }))
}

function firstIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const [issue] = issues
  if (issue === undefined) return BLOCKS_TEXT.blockDataInvalid
  const path = issue.path.map(String).join('.')
  return path === '' || issue.path[0] === 'source' ? issue.message : `${path}: ${issue.message}`
}

let markdownIt: ReturnType<typeof MarkdownIt> | null = null

/** markdown-it as blocks use it: CommonMark with tables and strikethrough, no raw HTML. */
function markdown(): ReturnType<typeof MarkdownIt> {
  if (markdownIt !== null) return markdownIt
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false })
  // Links and images through the rich text's allow-list (the sanitiser checks again after).
  md.validateLink = (url) => isSafeHref(url)
  markdownIt = md
  return md
}

/** FNV-1a of the text, as 8 hex digits: a chart's ids, stable for the same block. */
function shortHash(value: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The inner HTML a block's data makes. `index` is the block's place in its body. */
export async function blockInnerHtml(
  data: BlockData,
  index: number,
  embedOrigins: readonly string[],
): Promise<string> {
  if ('chart' in data)
    return renderChart(data as ChartBlockData, `chart-${shortHash(JSON.stringify(data))}-${index}`)
  if (data.mode === 'source') return `<pre><code>${escapeHtml(data.source)}</code></pre>`
  const html = data.mode === 'markdown' ? markdown().render(data.source) : data.source
  return sanitizeRichText(html, embedOrigins)
}

/** The whole block element, as the body stores it. */
export async function blockHtml(
  data: BlockData,
  index: number,
  embedOrigins: readonly string[],
): Promise<string> {
  const type = blockTypeOf(data)
  const json = escapeHtmlAttribute(JSON.stringify(data))
  const inner = await blockInnerHtml(data, index, embedOrigins)
  return `<div class="${blockClassOf(type)}" data-block-type="${type}" data-block="${json}">${inner}</div>`
}

/**
 * An attribute's value as the page means it. HTMLRewriter hands attribute values over as they
 * are written, entities and all.
 */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|quot|amp|lt|gt|apos|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10))
    return { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" }[lower] ?? whole
  })
}

/**
 * A rich-text body with its blocks made again from their data, everything else sanitised. Each
 * block is swapped for a token no merchant can type (a fresh random id) while the rest is
 * sanitised, then the token for the block's own HTML. A block whose data is refused refuses the save.
 */
export async function sanitizeBody(
  html: string,
  field: string,
  embedOrigins: readonly string[],
): Promise<string> {
  if (!/data-block-type/i.test(html)) return sanitizeRichText(html, embedOrigins)
  const found: { type: string; data: string }[] = []
  const nonce = crypto.randomUUID().replaceAll('-', '')
  const token = (index: number) => `BLOCK${nonce}N${index}X`
  const extracted = await new HTMLRewriter()
    .on('[data-block-type]', {
      element(element) {
        found.push({
          type: element.getAttribute('data-block-type') ?? '',
          data: element.getAttribute('data-block') ?? '',
        })
        element.replace(token(found.length - 1))
      },
    })
    .transform(new Response(html, { headers: { 'content-type': 'text/html' } }))
    .text()
  if (found.length > BLOCK_LIMITS.blocksPerBody)
    refuse(field, fillText(BLOCKS_TEXT.tooManyBlocks, { max: BLOCK_LIMITS.blocksPerBody }))
  const blocks: string[] = []
  for (const [index, block] of found.entries()) {
    try {
      const data: unknown = JSON.parse(decodeEntities(block.data))
      blocks.push(await blockHtml(checkBlock(Number(block.type), data), index, embedOrigins))
    } catch (error) {
      refuse(field, error instanceof InputError ? error.message : BLOCKS_TEXT.blockDataInvalid)
    }
  }
  const sanitized = await sanitizeRichText(extracted, embedOrigins)
  return sanitized.replace(
    new RegExp(`BLOCK${nonce}N(\\d+)X`, 'g'),
    (_, index: string) => blocks[Number(index)] ?? '',
  )
}

const renderSchema = z.object({ type: z.number(), data: z.unknown() })

export const blockRoutes = new Hono<EditorAppEnv>()

/** The editor's preview: a block's element exactly as a save stores it, or 400 with the reason. */
blockRoutes.post('/blocks/render', async (c) => {
  const { capabilities } = c.get('editor')
  const refused = refusedUnless(c, capabilities.editContent || capabilities.editProducts)
  if (refused) return refused
  const body = await jsonBody(c, renderSchema)
  const embedOrigins = c.get('tenant').site.website.security?.embedOrigins ?? []
  const data = checkBlock(body.type, body.data)
  return c.json({ html: await blockHtml(data, 0, embedOrigins) })
})
