/**
 * A tab list and its one panel, the ARIA tabs pattern as the link editor and the file picker use
 * it: the chosen tab is the one in the tab order, the arrow keys go round the tabs, Home and End
 * to the ends, and the tab chosen (by key or click) takes the focus.
 */
import { type KeyboardEvent, type ReactNode, useRef } from 'react'

export function Tabs<T extends string>({
  id,
  label,
  tabs,
  current,
  onChoose,
  listTabIndex,
  children,
}: {
  /** Prefixes the tabs' and the panel's ids. */
  id: string
  label: string
  tabs: readonly (readonly [T, string])[]
  current: T
  onChoose: (tab: T) => void
  /** The tab list's own `tabIndex` (-1: a dialog may focus it first). */
  listTabIndex?: number
  children: ReactNode
}) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({})
  const choose = (next: T) => {
    onChoose(next)
    refs.current[next]?.focus()
  }
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex(([name]) => name === current)
    const last = tabs.length - 1
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index + last) % tabs.length,
      Home: 0,
      End: last,
    }
    const to = keys[event.key]
    if (to === undefined) return
    event.preventDefault()
    const next = tabs[to]
    if (next !== undefined) choose(next[0])
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs" tabIndex={listTabIndex} onKeyDown={onKey}>
        {tabs.map(([name, text]) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={current === name}
            aria-controls={`${id}-panel`}
            tabIndex={current === name ? 0 : -1}
            className="tab"
            onClick={() => choose(name)}
          >
            {text}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} className="tab-panel">
        {children}
      </div>
    </>
  )
}
