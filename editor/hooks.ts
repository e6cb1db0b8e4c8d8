import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { messageOf } from './api'
import { setLeaveGuard } from './guard'

export type Load<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string; status: number }
  | { state: 'ready'; data: T }

/** Loads with `fetcher` on mount and on `reload()`; the latest call wins. */
export function useLoad<T>(fetcher: () => Promise<T>, deps: readonly unknown[]): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' })
  const [tick, setTick] = useState(0)
  const call = useRef(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the fetch depends on
  useEffect(() => {
    const id = ++call.current
    setLoad((previous) => (previous.state === 'ready' ? previous : { state: 'loading' }))
    fetcher().then(
      (data) => {
        if (id === call.current) setLoad({ state: 'ready', data })
      },
      (error: unknown) => {
        if (id === call.current)
          setLoad({
            state: 'error',
            message: messageOf(error),
            status:
              typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0,
          })
      },
    )
  }, [...deps, tick])
  const reload = useCallback(() => setTick((n) => n + 1), [])
  return [load, reload]
}

/**
 * Registers a screen's unsaved changes with the leave guard (guard.ts) while it is shown: leaving
 * with changes asks to save, discard or review them. `save` resolves false when it did not save.
 */
export function useLeaveGuard(dirty: boolean, save: () => Promise<boolean>): void {
  const state = useRef({ dirty, save })
  state.current = { dirty, save }
  useEffect(() => {
    setLeaveGuard({
      isDirty: () => state.current.dirty,
      save: () => state.current.save(),
      discard: () => {
        state.current.dirty = false
      },
    })
    return () => setLeaveGuard(null)
  }, [])
}

/**
 * An autosaving form's guard (the record editor, the Design screen): leaving with unsaved changes
 * asks first, Ctrl/Cmd+S saves at once, and the pending autosave is cancelled when the screen
 * goes (or its changes are discarded).
 */
export function useAutosaveGuard({
  dirty,
  timer,
  save,
  editable,
}: {
  dirty: RefObject<boolean>
  timer: RefObject<ReturnType<typeof setTimeout> | undefined>
  save: () => Promise<boolean>
  editable: boolean
}): void {
  useEffect(() => {
    setLeaveGuard({
      isDirty: () => dirty.current,
      save,
      discard: () => {
        clearTimeout(timer.current)
        dirty.current = false
      },
    })
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        if (editable) void save()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      setLeaveGuard(null)
      window.removeEventListener('keydown', onKey)
      clearTimeout(timer.current)
    }
  }, [dirty, timer, save, editable])
}
