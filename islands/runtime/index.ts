/**
 * The island runtime: the only script a page with islands loads up front. It finds the island
 * markers, and at each one's moment imports its component (retrying a failed import once) and
 * React, then hydrates it. React and the components are separate chunks, fetched only when the
 * first island hydrates. One island failing never stops the others.
 */
import {
  HYDRATE_STRATEGIES,
  type HydrateStrategy,
  ISLAND_ATTR,
  ISLAND_ELEMENT,
  ISLAND_EVENT,
} from '../constants'
import type { IslandName } from '../names'
import { parseProps } from '../props'
import { ISLANDS } from '../registry'
import { schedule } from './strategies'

/** Tells the page an island failed: a cancelable event first, then the console. */
function reportError(element: Element, name: string, error: unknown): void {
  const event = new CustomEvent(ISLAND_EVENT.error, {
    bubbles: true,
    cancelable: true,
    detail: { name, error },
  })
  if (element.dispatchEvent(event)) console.error(`Island "${name}" failed to hydrate:`, error)
}

async function importOnceMore<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch {
    return load()
  }
}

/**
 * esbuild hands a CommonJS package (React) imported dynamically into a split bundle over as
 * its `default` export only: `import('react')` is `{ default: React }` there.
 */
function commonJs<T extends object>(module: T): T {
  const inner: unknown = (module as { default?: unknown }).default
  return (inner !== null && typeof inner === 'object' ? inner : module) as T
}

async function hydrateIsland(element: HTMLElement, name: string): Promise<void> {
  if (!Object.hasOwn(ISLANDS, name)) throw new Error(`No island is registered as "${name}"`)
  const props = parseProps(element.getAttribute(ISLAND_ATTR.props) ?? '{}')
  const [component, react, reactDom] = await Promise.all([
    importOnceMore(ISLANDS[name as IslandName]),
    importOnceMore(() => import('react').then(commonJs)),
    importOnceMore(() => import('react-dom/client').then(commonJs)),
  ])
  reactDom.hydrateRoot(element, react.createElement(component.default, props), {
    onRecoverableError: (error) => reportError(element, name, error),
  })
  element.setAttribute(ISLAND_ATTR.hydrated, '')
}

function strategyOf(element: Element): HydrateStrategy {
  const value = element.getAttribute(ISLAND_ATTR.hydrate)
  return HYDRATE_STRATEGIES.find((strategy) => strategy === value) ?? 'load'
}

function start(): void {
  for (const element of document.querySelectorAll<HTMLElement>(`${ISLAND_ELEMENT}[${ISLAND_ATTR.name}]`)) {
    const name = element.getAttribute(ISLAND_ATTR.name) ?? ''
    schedule(strategyOf(element), element, () => {
      hydrateIsland(element, name).catch((error) => reportError(element, name, error))
    })
  }
}

start()
