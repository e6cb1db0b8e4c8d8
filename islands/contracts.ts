/**
 * The island contracts, derived from the registry's types: the names, and the props type of
 * each island. The server marker, the registry and the client components all use these, so a
 * client never casts its props. Type-only: the browser never loads the registry.
 */
import type { ComponentType } from 'react'
import type { IslandDefinition } from './define'
import type * as Registry from './registry'

/** The props type of each island of a registry, by name. */
export type IslandPropsOf<R> = {
  // biome-ignore lint/suspicious/noExplicitAny: matches any island name; the props are what is inferred.
  [N in keyof R & string]: R[N] extends IslandDefinition<any, infer P> ? P : never
}

export type IslandPropsMap = IslandPropsOf<typeof Registry>
export type IslandName = keyof IslandPropsMap

/** `defineClient` for a registry: checks each client component against its island's props. */
export function clientDefiner<R>() {
  return <N extends keyof IslandPropsOf<R>>(_name: N, component: ComponentType<IslandPropsOf<R>[N]>) =>
    component
}

/** The client component of an island, typed by its registry entry: `defineClient('gallery', Gallery)`. */
export const defineClient = clientDefiner<typeof Registry>()
