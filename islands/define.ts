/**
 * How an island describes itself to the worker (one `island.ts` per island folder): its name,
 * the component that renders its server HTML, when it hydrates, the template formatters that
 * print it and the props each builds from the template data. Its CSS is in the theme's shared
 * stylesheet (islands/styles.ts). The worker derives
 * every island formatter and marker from these definitions (worker/render/islands.ts); the
 * browser never loads them.
 */
import type { ComponentType, ReactElement } from 'react'
import type { Scope } from '../templates/index'
import type { HydrateStrategy, IslandEventName } from './constants'

/** What a formatter's builder may answer besides the island's props. */
export class Placement<P> {
  private constructor(
    readonly props: P | null,
    readonly html: string | null,
    readonly hydrate: HydrateStrategy | null,
    readonly element: ReactElement | null = null,
    /** What a static view's markup depends on: the worker keeps its markup under it. */
    readonly key: string | null = null,
  ) {}

  /** The island with a strategy other than the island's default (a gallery that autoplays). */
  static island<P>(props: P, hydrate: HydrateStrategy): Placement<P> {
    return new Placement(props, null, hydrate)
  }

  /** Plain markup instead of the island (a grid gallery needs no script). */
  static markup<P>(html: string): Placement<P> {
    return new Placement<P>(null, html, null)
  }

  /**
   * Plain markup that React renders on the server (a reviews summary: a view with nothing to
   * hydrate). The worker renders it with its own renderer, so islands never bundle one, and
   * keeps the markup under `key`, which must name everything the view shows (React's render of
   * a summary was a sixth of a product page's render, issue 26).
   */
  static staticView<P>(element: ReactElement, key: string): Placement<P> {
    return new Placement<P>(null, null, null, element, key)
  }
}

/** Builds the island's props for the value a formatter formats; null prints nothing. */
export type PropsBuilder<P> = (
  value: unknown,
  args: readonly string[],
  scope: Scope,
) => P | Placement<P> | null

export interface IslandDefinition<N extends string, P extends object> {
  readonly name: N
  /** Renders the server HTML from the props; the client's first render must equal it. */
  readonly View: ComponentType<P>
  /** The strategy a marker gets unless its builder chose another. */
  readonly hydrate: HydrateStrategy
  /** Template formatter name → props builder: `{@|product-checkout}` prints the variant picker. */
  readonly formatters: Readonly<Record<string, PropsBuilder<P>>>
  /** Island events that also wake an `interaction` island (replayed once it is live). */
  readonly wakeOn?: readonly IslandEventName[]
  /**
   * The props as the marker carries them, without what the server HTML already prints (the
   * variant picker's variants are in its `data-variants`): each value is written once in the
   * page. The client module's `propsFromMarkup` puts them back before hydrating.
   */
  readonly markerProps?: (props: P) => object
}

/** Declares an island; the props type is taken from the view. */
export function defineIsland<const N extends string, P extends object>(
  definition: IslandDefinition<N, P>,
): IslandDefinition<N, P> {
  return definition
}
