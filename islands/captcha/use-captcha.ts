/**
 * A captcha for a live island: rendered into the island's container once it is live (the
 * server printed the empty container), with the shopper's token, reset and destroy at hand.
 */
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react'
import { type CaptchaHandle, renderCaptcha } from './index'

export interface CaptchaControls {
  /** Whether the island shows a captcha at all (a site key exists). */
  shown: boolean
  /** The solved token, or '' (also while the widget is still loading). */
  token(): string
  reset(): void
  destroy(): void
}

export function useCaptcha(
  container: RefObject<HTMLElement | null>,
  siteKey: string | null,
  theme: 'light' | 'dark' = 'light',
): CaptchaControls {
  const handle = useRef<CaptchaHandle | null>(null)
  useEffect(() => {
    if (siteKey === null) return
    let live = true
    renderCaptcha(container.current, { siteKey, theme })
      .then((rendered) => {
        if (live) handle.current = rendered
      })
      // The console, not the shopper: the form still says 'Complete CAPTCHA before submitting.'.
      .catch((error: unknown) => console.warn(error))
    return () => {
      live = false
    }
  }, [container, siteKey, theme])
  const token = useCallback(() => handle.current?.token() ?? '', [])
  const reset = useCallback(() => handle.current?.reset(), [])
  const destroy = useCallback(() => {
    handle.current?.destroy()
    handle.current = null
  }, [])
  const shown = siteKey !== null
  return useMemo(() => ({ shown, token, reset, destroy }), [shown, token, reset, destroy])
}
