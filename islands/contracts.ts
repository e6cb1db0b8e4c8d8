/**
 * The island contracts, derived from the registry's types: the names, and the props type of
 * each island. The server marker, the registry and the client components all use these, so a
 * client never casts its props. Type-only: the browser never loads the registry.
 */
import type { ComponentType } from 'react'
import type { IslandDefinition } from './define'
import type * as Registry from './registry'

type Definitions = typeof Registry

export type IslandName = keyof Definitions & string

/** The props type of each island, by name. */
export type IslandPropsMap = {
  [N in IslandName]: Definitions[N] extends IslandDefinition<N, infer P> ? P : never
}

/** The client component of an island, typed by its registry entry. */
export function defineClient<N extends IslandName>(
  _name: N,
  component: ComponentType<IslandPropsMap[N]>,
): ComponentType<IslandPropsMap[N]> {
  return component
}
