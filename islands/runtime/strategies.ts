/** When an island hydrates. Each strategy calls `start` once, at its moment. */
import type { HydrateStrategy } from '../constants'

type Start = () => void

/** What counts as the shopper's first interaction with an island. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'change', 'input', 'click'] as const

function onIdle(start: Start): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 })
  else setTimeout(start, 200)
}

/** The marker is `display: contents` and has no box: watch (and listen on) its children. */
function targetsOf(element: Element): Element[] {
  return element.children.length > 0 ? [...element.children] : [element]
}

/**
 * Near the viewport, once the page has loaded and the main thread is idle: an island that must
 * run on its own (an autoplaying gallery) never competes with the page's first paint and load.
 */
function onVisible(element: Element, start: Start): void {
  if (!('IntersectionObserver' in window)) {
    onIdle(start)
    return
  }
  const observe = () => onIdle(() => observeVisible(element, start))
  if (document.readyState === 'complete') observe()
  else window.addEventListener('load', observe, { once: true })
}

function observeVisible(element: Element, start: Start): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      start()
    },
    // Start a little before the island scrolls in, so it is ready when seen.
    { rootMargin: '200px' },
  )
  for (const target of targetsOf(element)) observer.observe(target)
}

/**
 * The first pointer, key, focus or change inside the island, or one of its wake events
 * dispatched on an element that holds it (the variant picker's change on the product).
 */
function onInteraction(element: Element, wake: readonly string[], start: Start): void {
  const controller = new AbortController()
  const fire = () => {
    controller.abort()
    start()
  }
  const options = { capture: true, passive: true, signal: controller.signal }
  for (const type of INTERACTIONS) element.addEventListener(type, fire, options)
  for (const type of wake) {
    document.addEventListener(
      type,
      (event) => {
        if (event.target instanceof Node && event.target.contains(element)) fire()
      },
      options,
    )
  }
}

export function schedule(
  strategy: HydrateStrategy,
  element: Element,
  wake: readonly string[],
  start: Start,
): void {
  if (strategy === 'idle') onIdle(start)
  else if (strategy === 'visible') onVisible(element, start)
  else if (strategy === 'interaction') onInteraction(element, wake, start)
  else start()
}
