/**
 * Every island, by name, with the lazy import of its component. The runtime hydrates only
 * names listed here; a test checks that each one is in the production bundle (no glob
 * discovery that could silently drop an island).
 */
import type { ComponentType } from 'react'
import type { IslandName } from './names'
import type { IslandProps } from './props'

export type IslandModule = { default: ComponentType<IslandProps> }

export const ISLANDS: Readonly<Record<IslandName, () => Promise<IslandModule>>> = {
  gallery: () => import('./gallery/client'),
  'installment-teaser': () => import('./installment-teaser/client'),
  'variant-picker': () => import('./variant-picker/client'),
}
