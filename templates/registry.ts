/**
 * Formatters and predicates come from plugins, one plugin per domain (core, commerce, money,
 * dates, i18n, content, social). A plugin is a plain object of named functions; the registry
 * merges them and refuses duplicates so two domains never silently shadow each other.
 */
import type { ErrorCode } from './errors'
import type { Path } from './opcodes'

/** Per-render settings a plugin may read. */
export interface RenderSettings {
  /** BCP-47 locale, or null for the platform default (en-US); 'none' turns i18n off. */
  readonly locale: string | null
  /** Clock override in epoch milliseconds, for relative times; null means "now". */
  readonly now: number | null
  /** Anything else the caller passes through (`RenderOptions.params`). */
  readonly params: Readonly<Record<string, unknown>>
}

/** What formatters and predicates see of the render in progress. */
export interface Scope {
  /** The innermost value (`@`). Inside a formatter chain that is the formatted variable. */
  node(): unknown
  /** Resolves a path the way a template reference does (up the stack, `@`-variables, indexes). */
  resolve(path: Path): unknown
  /** Like `resolve`, but starting one frame out: inside a formatter chain, the template's context. */
  resolveOuter(path: Path): unknown
  /** Renders a macro or partial against `value` and returns its output ('' when it cannot). */
  applyPartial(name: string, value: unknown, args: Record<string, string> | null, isolated: boolean): string
  /** Reports an error; the render carries on. */
  fail(code: ErrorCode, message: string): void
  readonly settings: RenderSettings
}

/**
 * A formatter: `{value|name arg1 arg2}`. `prepare` runs once per distinct argument list when
 * templates are linked (parse numbers, split paths) so `apply` does no setup work per render.
 * Its result is shared by every call site with the same arguments: treat it as read-only.
 */
export interface Formatter<A = readonly string[]> {
  readonly prepare?: (args: readonly string[]) => A
  /**
   * Returns the new value (any JSON value, or MISSING). `extra` holds the values of any
   * further variables in `{a, b, c|name}`.
   */
  readonly apply: (value: unknown, args: A, scope: Scope, extra: readonly unknown[]) => unknown
}

/** A predicate: `{.name? arg1 arg2}`; `prepare` as for formatters. */
export interface Predicate<A = readonly string[]> {
  readonly prepare?: (args: readonly string[]) => A
  readonly test: (args: A, scope: Scope) => boolean
}

/** A formatter whose prepared-argument type has been erased for storage in a registry. */
export type AnyFormatter = Formatter<unknown>
export type AnyPredicate = Predicate<unknown>

/**
 * Declares a formatter. The cast erases `A`: the registry only ever passes `apply` what the
 * same formatter's `prepare` returned (or the raw args when there is no `prepare`).
 */
export function defineFormatter<A = readonly string[]>(f: Formatter<A>): AnyFormatter {
  return f as unknown as AnyFormatter
}

/** Declares a predicate; see `defineFormatter` for why the type is erased. */
export function definePredicate<A = readonly string[]>(p: Predicate<A>): AnyPredicate {
  return p as unknown as AnyPredicate
}

/** One domain's contribution. Predicate names end in `?` as they are written in templates. */
export interface Plugin {
  readonly name: string
  readonly formatters?: Readonly<Record<string, AnyFormatter>>
  readonly predicates?: Readonly<Record<string, AnyPredicate>>
}

export interface Registry {
  readonly formatters: ReadonlyMap<string, AnyFormatter>
  readonly predicates: ReadonlyMap<string, AnyPredicate>
}

/** Merges plugins. Throws at start-up if two plugins define the same name. */
export function createRegistry(plugins: readonly Plugin[]): Registry {
  const formatters = new Map<string, AnyFormatter>()
  const predicates = new Map<string, AnyPredicate>()
  const owner = new Map<string, string>()
  function claim<T>(map: Map<string, T>, kind: string, name: string, value: T, plugin: string): void {
    const key = `${kind}:${name}`
    const previous = owner.get(key)
    if (previous !== undefined) {
      throw new Error(
        `JSON-T plugin '${plugin}' defines the ${kind} '${name}', already defined by plugin '${previous}'. ` +
          'Rename one of them or leave one plugin out of createEngine({ plugins }).',
      )
    }
    owner.set(key, plugin)
    map.set(name, value)
  }
  for (const p of plugins) {
    for (const [name, f] of Object.entries(p.formatters ?? {}))
      claim(formatters, 'formatter', name, f, p.name)
    for (const [name, f] of Object.entries(p.predicates ?? {})) {
      if (!name.endsWith('?'))
        throw new Error(`JSON-T plugin '${p.name}': predicate '${name}' must end with '?'.`)
      claim(predicates, 'predicate', name, f, p.name)
    }
  }
  return { formatters, predicates }
}
