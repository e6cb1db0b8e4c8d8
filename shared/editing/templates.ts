/**
 * The template editor's side of the admin API (issue 23; `/config/api/templates`, ADMIN only:
 * the `editTemplates` capability). A template is a page template (`product`, `header`, …) or a
 * partial (`product-card.block`, …): the tenant's own source from KV when it overrides the
 * built-in one, else the built-in default. A draft is new source, or `null`: "restore the
 * built-in default", which a publish turns into deleting the tenant's override.
 */

/** The draft key of a template in `editor_drafts` and in Review Changes: `template:<name>`. */
export const TEMPLATE_KEY_PREFIX = 'template:'

export type TemplateKind = 'page' | 'partial'

export interface TemplateSummary {
  name: string
  kind: TemplateKind
  /** The tenant has its own source of this template live (else the built-in one renders). */
  overridden: boolean
  /** Unpublished changes wait in a draft. */
  hasDraft: boolean
}

export interface TemplatesAnswer {
  templates: TemplateSummary[]
}

/** What the last render of a draft against its page's data used of the render budget. */
export interface BudgetUse {
  /** The page whose data it rendered against. */
  path: string
  /** Units of work (templates/limits.ts `maxWork`). */
  work: number
  maxWork: number
  /** Characters of output (`maxOutputSize`). */
  output: number
  maxOutput: number
  /** Set when the render ran past the budget: the engine's message. */
  stopped: string | null
}

export interface TemplateDraft {
  /** The draft source; null: the draft restores the built-in default. */
  source: string | null
  /** The render of the draft against its page's data when it was saved (the server's). */
  budget: BudgetUse | null
  revision: number
  updatedBy: string
  updatedAt: number
}

export interface TemplateAnswer {
  name: string
  kind: TemplateKind
  /** The source that renders now: the tenant's own, else the built-in default. */
  live: string
  overridden: boolean
  /** The built-in default source (what "Restore default" goes back to). */
  builtIn: string
  draft: TemplateDraft | null
  /** Send back as `baseRevision`; 0 when there is no draft row. */
  revision: number
  /** The URL of the engine bundle the editor checks and renders with in the browser. */
  engine: string
}

/** `PUT /config/api/templates/<name>`: save a draft (autosave and Save). */
export interface TemplateSaveBody {
  /** null: restore the built-in default at the next publish. */
  source: string | null
  baseRevision: number
}

/** 409 of a stale save: nothing was stored. */
export interface TemplateConflictAnswer {
  message: string
  conflict: { theirs: TemplateDraft | null; live: string; revision: number }
}

/** A page of the site a template can be previewed on. */
export interface TemplatePage {
  path: string
  title: string
  /** The page template that renders it. */
  template: string
}

/**
 * `GET /config/api/templates/<name>/data?path=`: what the storefront gives the page's template
 * for that page (drafts applied), and the sources a render in the browser needs.
 */
export interface TemplateDataAnswer {
  name: string
  /** The page template the page renders with (a partial previews inside one that applies it). */
  template: string
  path: string
  /** The template data of the page: the site's and the page's own. */
  data: Record<string, unknown>
  /** That page template's source (drafts applied): a partial's preview renders it. */
  templateSource: string
  /** Every partial's source (drafts applied), by name. */
  partials: Record<string, string>
  /** Pages to preview on, the suggested one first. */
  pages: TemplatePage[]
  /** The storefront's stylesheet for that page (same origin). */
  stylesheet: string
}
