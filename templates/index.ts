/**
 * JSON-T, the template language of tenant pages (platform spec §3–5, §8).
 *
 * ```ts
 * import { createEngine } from '../templates'
 * const engine = createEngine({ plugins: [commercePlugin] })   // core plugins are always in
 * const { code, errors } = engine.compile(source)              // JSON: store it in KV
 * const { output, errors: renderErrors } = engine.render(code, data, { partials, locale })
 * ```
 * `createRenderEngine` is the same engine without `compile`: it renders compiled trees only, so
 * a bundle that renders what was compiled elsewhere (the storefront's Worker) has no compiler.
 *
 * A plugin is `{ name, formatters, predicates }` built with `defineFormatter` /
 * `definePredicate` (see plugins/core/formatters.ts for examples); one file per domain.
 * Nothing here throws at render time: errors are values in `errors`, and the part of the page
 * that failed renders empty.
 *
 * Render budget: every render is bounded by `limits.maxOutputSize` (characters, default 2 MiB)
 * and `limits.maxWork` (units of work, default 1,000,000), both settable through
 * `createEngine({ limits })`. A render past either stops at once; its result has
 * `stopped: 'output' | 'work'` (null otherwise) and ends its `errors` with one whose `code` is
 * `RENDER_BUDGET`. Serve the failure page for it and never cache it:
 *
 * ```ts
 * const result = engine.render(code, data, options)
 * if (result.stopped !== null) return failurePage(result.errors)   // and no cache.put
 * ```
 * Deviations from the reference engine, kept on purpose, are listed in `deviations.ts`.
 *
 * This is one of the two doors into `templates/` for the worker and the islands; the other is
 * `shared.ts` (the rules both the worker and the browser apply). Nothing else is imported from
 * outside (biome.json's `noRestrictedImports`).
 */
import { createEngine, type RenderOptions, type RenderResult } from './engine'
import type { CompiledTemplate } from './opcodes'

export {
  asBoolean,
  asNumber,
  asString,
  child,
  isObject,
  isTruthy,
  keptPerObject,
  MISSING,
  toOutput,
  walk,
} from '../shared/json'
export { escapeHtml, escapeHtmlAttribute } from '../shared/strings'
export { type TemplateUses, templateUses } from './analyze'
export { type CompileResult, compile, isCompiledTemplate } from './compile'
// The storefront's side of the engine: the domain plugins, the built-in page templates and
// partials, and the widget data builders server-rendered islands reuse to print the same DOM.
export { DEFAULT_TEMPLATES, type TemplateName } from './defaults/pages'
export { DEFAULT_PARTIALS } from './defaults/partials'
export {
  createEngine,
  type Engine,
  type EngineOptions,
  type RenderOptions,
  type RenderResult,
  type RenderStopped,
} from './engine'
export { type ErrorCode, messages, type TemplateError } from './errors'
export { clampDigits, DEFAULT_LIMITS, type Limits, MAX_DIGITS } from './limits'
export { type CompiledTemplate, type Inst, Op, type Path } from './opcodes'
export {
  type AddToCartButtonData,
  fieldSummaryLines,
  fieldValueText,
  type RestockNotificationData,
  restockNotificationMarkup,
  type VariantOptionData,
  type VariantsSelectData,
} from './plugins/commerce/markup'
export {
  addToCartButtonData,
  quantityInputData,
  restockNotificationsData,
  variantsSelectData,
} from './plugins/commerce/widgets'
export { parseColor, type Rgba } from './plugins/content/colors'
export { STRICT_ESCAPING } from './plugins/core/escaping'
export { corePlugins } from './plugins/core/index'
export { SPEC_RULES } from './plugins/core/spec-rules'
export { domainPlugins } from './plugins/index'
export { renderLocale } from './plugins/money/formatters'
export {
  type AnyFormatter,
  type AnyPredicate,
  defineFormatter,
  definePredicate,
  type Formatter,
  type Plugin,
  type Predicate,
  type RenderSettings,
  type Scope,
} from './registry'
// The storefront's engine: rendering alone, no compiler in its bundle (render-engine.ts).
export { createRenderEngine, type RenderEngine } from './render-engine'

let shared: ReturnType<typeof createEngine> | undefined

/** Renders with a shared engine that has only the core plugins. */
export function render(
  template: string | CompiledTemplate,
  data: unknown,
  options?: RenderOptions,
): RenderResult {
  shared ??= createEngine()
  return shared.render(template, data, options)
}
