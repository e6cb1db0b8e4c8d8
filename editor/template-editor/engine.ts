/**
 * The engine as the storefront runs it, in the browser (a lazy chunk of the template screen):
 * every domain plugin, and the storefront's two formatters of its own (`srcset` and `cart-pill`,
 * worker/render/storefront-plugin.ts) in small versions, so a template that prints them compiles
 * and renders here as it does there. Islands render their server markup (no script runs in the
 * preview). Limits are the engine's defaults: the render budget the storefront enforces.
 */
import { escapeHtmlAttribute, srcsetOf } from '../../shared/index'
import {
  asString,
  createEngine,
  DEFAULT_LIMITS,
  defineFormatter,
  domainPlugins,
  MISSING,
  STRICT_ESCAPING,
  type TemplateError,
} from '../../templates/index'

const srcset = defineFormatter({
  apply(image) {
    const record = (image ?? {}) as { assetUrl?: unknown; originalSize?: unknown }
    const url = asString(record.assetUrl ?? '')
    return url === '' ? MISSING : escapeHtmlAttribute(srcsetOf(url, record.originalSize))
  },
})

const engine = createEngine({
  plugins: [
    ...domainPlugins,
    { name: 'storefront', formatters: { srcset, 'cart-pill': defineFormatter({ apply: () => '' }) } },
  ],
})

export const LIMITS = DEFAULT_LIMITS

/** Compile errors of a source, as the storefront's engine reports them. */
export function compileErrors(source: string): TemplateError[] {
  return engine.compile(source).errors
}

/** Renders as the storefront does (strict escaping, the site's language), within the render budget. */
export function renderPreview(
  source: string,
  data: unknown,
  partials: Record<string, string>,
  locale: string | null,
) {
  return engine.render(source, data, { partials, locale, params: { [STRICT_ESCAPING]: true } })
}
