/** When an island hydrates. Each strategy calls `start` once, at its moment. */
import type { HydrateStrategy } from '../constants'

type Start = () => void

function onIdle(start: Start): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 })
  else setTimeout(start, 200)
}

function onVisible(element: Element, start: Start): void {
  if (!('IntersectionObserver' in window)) {
    start()
    return
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      start()
    },
    // Start a little before the island scrolls in, so it is ready when seen.
    { rootMargin: '200px' },
  )
  // The marker is `display: contents` and has no box: watch its children.
  const targets = element.children.length > 0 ? [...element.children] : [element]
  for (const target of targets) observer.observe(target)
}

export function schedule(strategy: HydrateStrategy, element: Element, start: Start): void {
  if (strategy === 'idle') onIdle(start)
  else if (strategy === 'visible') onVisible(element, start)
  else start()
}
