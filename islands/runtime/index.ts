/**
 * The island runtime: the only script a page with islands loads up front (about 2 KB). It finds
 * the island markers and, at each one's moment, imports the island's module (its component with
 * React, retrying a failed import once), then hydrates it. What the shopper did on an
 * `interaction` island before it was live is replayed (replay.ts). One island failing never
 * stops the others.
 */
import {
  dispatchIslandEvent,
  HYDRATE_STRATEGIES,
  type HydrateStrategy,
  ISLAND_ASSET_PATH,
  ISLAND_ATTR,
  ISLAND_ELEMENT,
  ISLAND_EVENT,
} from '../constants'
import { parseProps } from '../props'
import { type Recorder, recordInteractions, wasTouched } from './replay'
import { schedule } from './strategies'

/** What an island's module exports (the build wraps each `client.tsx` with `mount.ts`). */
interface IslandModule {
  Component: unknown
  /** Restores the props the marker left out because the server HTML carries them (define.ts `markerProps`). */
  propsFromMarkup?: (element: Element, props: object) => object
  mount: (
    element: Element,
    component: unknown,
    props: object,
    ready: () => void,
    onError: (error: unknown) => void,
  ) => void
}

const RETRY_DELAY_MS = 400

/** Tells the page an island failed: a cancelable event first, then the console. */
function reportError(element: Element, name: string, error: unknown): void {
  const notCancelled = dispatchIslandEvent(element, ISLAND_EVENT.error, { name, error }, { cancelable: true })
  if (notCancelled) console.error(`Island "${name}" failed to hydrate:`, error)
}

/**
 * Imports an island's module, once more after a short wait on failure. Browsers remember a
 * failed module fetch per URL, so the second try asks for a new URL.
 */
async function importIsland(src: string): Promise<IslandModule> {
  try {
    return (await import(src)) as IslandModule
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
    return (await import(`${src}?retry=${Date.now()}`)) as IslandModule
  }
}

async function hydrateIsland(element: HTMLElement, name: string, recorder: Recorder | null): Promise<void> {
  const src = element.getAttribute(ISLAND_ATTR.src) ?? ''
  if (!src.startsWith(ISLAND_ASSET_PATH))
    throw new Error(`Island "${name}" has no module under ${ISLAND_ASSET_PATH}`)
  const props = parseProps(element.getAttribute(ISLAND_ATTR.props) ?? '{}')
  const module = await importIsland(src)
  recorder?.snapshot()
  module.mount(
    element,
    module.Component,
    module.propsFromMarkup ? module.propsFromMarkup(element, props) : props,
    () => {
      element.setAttribute(ISLAND_ATTR.hydrated, '')
      recorder?.replay()
    },
    (error) => reportError(element, name, error),
  )
}

function strategyOf(element: Element): HydrateStrategy {
  const value = element.getAttribute(ISLAND_ATTR.hydrate)
  return HYDRATE_STRATEGIES.find((strategy) => strategy === value) ?? 'load'
}

/** Markers already scheduled: a second call over the same markup never hydrates one twice. */
const scheduled = new WeakSet<Element>()

/**
 * Schedules every island marker inside `root` (the page at start; markup a script inserts later,
 * such as Quick View's dialog body, which imports this module and calls it with its container).
 */
export function hydrateIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(`${ISLAND_ELEMENT}[${ISLAND_ATTR.name}]`)) {
    if (scheduled.has(element)) continue
    scheduled.add(element)
    const name = element.getAttribute(ISLAND_ATTR.name) ?? ''
    const strategy = strategyOf(element)
    const wake = (element.getAttribute(ISLAND_ATTR.wake) ?? '').split(' ').filter(Boolean)
    const recorder = strategy === 'interaction' ? recordInteractions(element, wake) : null
    const when = strategy === 'interaction' && wasTouched(element) ? 'load' : strategy
    schedule(when, element, wake, () => {
      hydrateIsland(element, name, recorder).catch((error) => {
        recorder?.stop()
        reportError(element, name, error)
      })
    })
  }
}

hydrateIslands()
