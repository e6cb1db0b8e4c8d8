/**
 * The unsaved-changes guard. The record editor registers what it has (`setLeaveGuard`); every
 * way out asks it first: in-app navigation (the router's `aroundNav`), the browser's back and
 * forward buttons (a popstate listener registered before the router's, which puts the editor's
 * URL back and asks), and closing the tab (`beforeunload`, the browser's own prompt).
 */

export interface LeaveGuard {
  isDirty: () => boolean
  /** Saves; false when the save did not go through (the editor shows why). */
  save: () => Promise<boolean>
  discard: () => void
}

/** Shows the "You have made changes" dialog; `go` leaves to where the user was going. */
export type LeavePrompt = (go: () => void) => void

let guard: LeaveGuard | null = null
let prompt: LeavePrompt | null = null

export function setLeaveGuard(next: LeaveGuard | null): void {
  guard = next
}

export function currentGuard(): LeaveGuard | null {
  return guard
}

export function setLeavePrompt(next: LeavePrompt | null): void {
  prompt = next
}

/** Runs `go` now, or after the user chose Save or Discard. */
export function guarded(go: () => void): void {
  if (guard?.isDirty() && prompt !== null) prompt(go)
  else go()
}

let currentUrl = typeof location === 'undefined' ? '' : location.href

/** Remembers the URL the app shows (after each navigation), for putting it back on Back. */
export function noteUrl(): void {
  currentUrl = location.href
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (!(guard?.isDirty() && prompt !== null)) {
      currentUrl = location.href
      return
    }
    event.stopImmediatePropagation()
    const target = location.href
    history.pushState(null, '', currentUrl)
    prompt(() => {
      history.pushState(null, '', target)
      currentUrl = target
      dispatchEvent(new PopStateEvent('popstate'))
    })
  })
  window.addEventListener('beforeunload', (event) => {
    if (guard?.isDirty()) event.preventDefault()
  })
}
