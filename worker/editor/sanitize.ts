/**
 * Rich text as the editor stores it: the merchant's HTML reduced to an allow-list, on every save
 * and again at publish. No script or style elements, no event-handler or style attributes, no
 * `javascript:` (or any scheme but http, https, mailto and tel) in a link, images from http(s)
 * or the site's own paths, and embedded frames only from the site's allowed embed origins
 * (`website.security.embedOrigins`). Unknown elements are unwrapped (their text stays); elements
 * that carry code or foreign content are removed with their content.
 */

/** Elements kept, with the attributes each may carry (besides `class`, kept on all). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  a: ['href', 'target', 'rel', 'title', 'data-ref'],
  img: ['src', 'alt', 'width', 'height', 'title'],
  figure: [],
  figcaption: [],
  span: [],
  div: [],
  section: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
}

/** Removed with everything inside them. */
const DROPPED = [
  'script',
  'style',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
]

const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i
const SITE_PATH = /^\/(?!\/)/

/** Whether a link target is one a visitor may follow: a site path, `#anchor`, or an allowed scheme. */
export function isSafeHref(value: string): boolean {
  const href = value.trim()
  if (href.startsWith('#') || SITE_PATH.test(href)) return ![...href].some((ch) => ch.charCodeAt(0) < 32)
  return LINK_SCHEMES.test(href)
}

function isSafeImage(value: string): boolean {
  const src = value.trim()
  return SITE_PATH.test(src) || /^https?:\/\//i.test(src)
}

function isAllowedEmbed(value: string, embedOrigins: readonly string[]): boolean {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'https:' && embedOrigins.includes(url.origin)
  } catch {
    return false
  }
}

/** The HTML reduced to the allow-list above. */
export async function sanitizeRichText(html: string, embedOrigins: readonly string[] = []): Promise<string> {
  if (html === '') return ''
  const rewriter = new HTMLRewriter()
  rewriter.on(DROPPED.join(', '), {
    element(element) {
      element.remove()
    },
  })
  rewriter.on('*', {
    element(element) {
      const name = element.tagName.toLowerCase()
      if (DROPPED.includes(name)) return
      const allowed = ALLOWED[name]
      if (allowed === undefined) {
        element.removeAndKeepContent()
        return
      }
      if (name === 'iframe' && !isAllowedEmbed(element.getAttribute('src') ?? '', embedOrigins)) {
        element.remove()
        return
      }
      for (const [attribute, value] of [...element.attributes] as [string, string][]) {
        const keep =
          (attribute === 'class' || allowed.includes(attribute)) &&
          (attribute !== 'href' || isSafeHref(value)) &&
          (attribute !== 'src' || name === 'iframe' || isSafeImage(value))
        if (!keep) element.removeAttribute(attribute)
      }
      if (name === 'a' && element.getAttribute('target') === '_blank')
        element.setAttribute('rel', 'noopener noreferrer')
      else if (name === 'a') element.removeAttribute('target')
    },
  })
  rewriter.onDocument({
    comments(comment) {
      comment.remove()
    },
  })
  return rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html' } })).text()
}
