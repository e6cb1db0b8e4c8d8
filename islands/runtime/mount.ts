/**
 * React's side of hydration, bundled with each island's module (so the runtime itself carries
 * no React): hydrates the island's server HTML with its component and props, and calls `ready`
 * once the component's effects have run (a parent's effects run after its children's).
 */
import { type ComponentType, createElement, type ReactNode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'

function Ready({ onReady, children }: { onReady: () => void; children?: ReactNode }): ReactNode {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the island's own effects.
  useEffect(onReady, [])
  return children
}

export function mount<P extends object>(
  element: Element,
  component: ComponentType<P>,
  props: P,
  ready: () => void,
  onError: (error: unknown) => void,
): void {
  hydrateRoot(element, createElement(Ready, { onReady: ready }, createElement(component, props)), {
    onRecoverableError: onError,
  })
}
