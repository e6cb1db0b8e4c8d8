/**
 * The shopper's first moves on an `interaction` island are never lost. Until the island is
 * live its server HTML works as plain HTML: a select takes its choice, a radio its check. When
 * React takes over it keeps what the DOM shows but does not know about it, so once the island's
 * effects have run this hands each changed control to React the way a shopper's own input
 * would reach it, then replays clicks on buttons (from the moment React claims the island, a
 * recorded click reaches nothing else: each counts once). Island events that woke it (or came
 * before it was live) are remembered for it to read when it subscribes (`onIslandEvent` with `last`).
 */
import { rememberIslandEvent } from '../constants'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** A control's state as the shopper left it before hydration. */
interface ControlState {
  control: Control
  checked: boolean
  value: string
}

export interface Recorder {
  /** Takes the controls' state right before React hydrates the island. */
  snapshot(): void
  /** Replays what happened before the island was live; call once its effects have run. */
  replay(): void
  /** Stops recording (after `replay`). */
  stop(): void
}

const CLICKABLE = 'button, [role="button"], summary'
const MAX_CLICKS = 5

function isCheckable(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')
}

/** Whether the shopper changed a control from what the server printed. */
function changed(state: ControlState): boolean {
  const { control } = state
  if (isCheckable(control)) return state.checked !== control.defaultChecked
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((option) => option.defaultSelected) ?? control.options[0]
    return state.value !== (initial?.value ?? '')
  }
  return state.value !== control.defaultValue
}

/** Sets a value past React's value tracker, so the event that follows reads as a change. */
function setNativeValue(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(control) as object
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set
  control.value = value === '' ? ' ' : ''
  if (setter) setter.call(control, value)
  else control.value = value
}

/**
 * Whether the shopper already used the island's plain HTML before the runtime arrived (the
 * scripts were slow): focus inside, a control changed, a native dialog opened. Then it hydrates
 * at once instead of waiting for a next interaction.
 */
export function wasTouched(element: Element): boolean {
  if (element.contains(document.activeElement) && document.activeElement !== document.body) return true
  if (element.querySelector('dialog[open]') !== null) return true
  return [...element.querySelectorAll<Control>('input, select, textarea')].some((control) =>
    changed({ control, checked: isCheckable(control) ? control.checked : false, value: control.value }),
  )
}

function replayControl(state: ControlState): void {
  const { control } = state
  if (isCheckable(control)) {
    // Clear it through the tracker, then click: React sees the check happen.
    control.checked = !state.checked
    control.click()
  } else if (control instanceof HTMLSelectElement) {
    control.value = state.value
    control.dispatchEvent(new Event('change', { bubbles: true }))
  } else {
    setNativeValue(control, state.value)
    control.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

export function recordInteractions(element: Element, wake: readonly string[]): Recorder {
  const controller = new AbortController()
  const clicks: Element[] = []
  /** The clicks recorded for the replay (snapshot keeps them from React). */
  const recorded = new WeakSet<Event>()
  let states: ControlState[] = []

  // A submit button's first click would post the form natively while the island loads: hold the
  // submission; the click is replayed once the island is live, which submits it its own way.
  element.addEventListener('submit', (event) => event.preventDefault(), {
    capture: true,
    signal: controller.signal,
  })
  element.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest(CLICKABLE) : null
      // An invoker-command button already did its work natively (its dialog opened or closed):
      // clicking it again once the island is live would undo the shopper's last move. A submit
      // button did not: its submission is held above and its click replayed.
      if (target?.hasAttribute('commandfor')) return
      if (!target || !element.contains(target) || clicks.length >= MAX_CLICKS) return
      clicks.push(target)
      recorded.add(event)
    },
    { capture: true, signal: controller.signal },
  )
  for (const type of wake) {
    document.addEventListener(
      type,
      (event) => {
        if (event instanceof CustomEvent && event.target instanceof Node && event.target.contains(element))
          rememberIslandEvent(event.target, type, event.detail)
      },
      { capture: true, signal: controller.signal },
    )
  }

  return {
    snapshot() {
      // React claims the island right after this. A click on it before the replay, React would
      // handle as it hydrates (or drop), and the replay would count it twice or not at all (a
      // quantity of 2 went into the cart as 3): a recorded click is the replay's alone to
      // deliver. Its default action (a submission, held above) is not React's and still runs.
      element.addEventListener(
        'click',
        (event) => {
          if (recorded.has(event)) event.stopImmediatePropagation()
        },
        { capture: true, signal: controller.signal },
      )
      states = [...element.querySelectorAll<Control>('input, select, textarea')].map((control) => ({
        control,
        checked: isCheckable(control) ? control.checked : false,
        value: control.value,
      }))
    },
    replay() {
      controller.abort()
      // A radio group's checked radio carries the choice; the one it replaced needs nothing.
      for (const state of states)
        if (changed(state) && (state.checked || !isCheckable(state.control))) replayControl(state)
      for (const target of clicks) if (target.isConnected) (target as HTMLElement).click()
    },
    stop() {
      controller.abort()
    },
  }
}
