/**
 * The names of every island, in one list the worker and the browser both read: the worker
 * prints only these names in island markers, the registry (islands/registry.ts) must map each
 * one to its component, and a test checks each one is in the production bundle.
 */
export const ISLAND_NAMES = ['gallery', 'installment-teaser', 'variant-picker'] as const

export type IslandName = (typeof ISLAND_NAMES)[number]
