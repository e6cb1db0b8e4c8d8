/**
 * Captchas in public forms and restock sign-ups (storefront.md sections 4 and 8): a container
 * is rendered once and marked rendered (a second render of it is skipped); the widget is
 * compact when the container is narrower than 320 px, else normal; it is reset after an error
 * and destroyed after a success. Site keys that start with `local-` get the local provider
 * (development and tests), others reCAPTCHA; the worker verifies tokens with the provider its
 * configuration names (worker/providers/captcha.ts).
 */
import { FORMS_TEXT } from '../../shared/index'
import { localCaptcha } from './local'
import type { CaptchaOptions, CaptchaProvider, CaptchaSize } from './provider'
import { recaptcha } from './recaptcha'

/** The mark a rendered container carries. */
export const CAPTCHA_RENDERED_ATTR = 'data-captcha-rendered'
/** Narrower than this, the widget is compact (storefront.md section 4). */
export const CAPTCHA_COMPACT_BELOW = 320

export interface CaptchaHandle {
  /** The token once solved, else ''. */
  token(): string
  reset(): void
  destroy(): void
}

/** Each rendered container's widget (a browser page is one visit: nothing here is shared across requests). */
const rendered = new WeakMap<Element, Promise<CaptchaHandle>>()

export function captchaSize(width: number): CaptchaSize {
  return width < CAPTCHA_COMPACT_BELOW ? 'compact' : 'normal'
}

function providerFor(siteKey: string): CaptchaProvider {
  return siteKey.startsWith('local-') ? localCaptcha : recaptcha
}

/**
 * Renders a captcha into `container` once. Answers the widget's handle (the existing one for a
 * container already rendered), or null for something that is not an element ('Error rendering
 * captcha into node' goes to the console). Rejects with 'Document was destroyed' when the page
 * is gone, and with 'ReCaptcha has not been set up!' when the provider never loaded.
 */
export function renderCaptcha(
  container: unknown,
  options: Omit<CaptchaOptions, 'size'>,
): Promise<CaptchaHandle | null> {
  if (!(container instanceof HTMLElement)) {
    console.log(FORMS_TEXT.captchaRenderError, container)
    return Promise.resolve(null)
  }
  const existing = rendered.get(container)
  if (existing !== undefined && container.hasAttribute(CAPTCHA_RENDERED_ATTR)) return existing
  container.setAttribute(CAPTCHA_RENDERED_ATTR, 'true')
  const handle = renderInto(container, options)
  rendered.set(container, handle)
  handle.catch(() => {
    container.removeAttribute(CAPTCHA_RENDERED_ATTR)
    rendered.delete(container)
  })
  return handle
}

async function renderInto(
  container: HTMLElement,
  options: Omit<CaptchaOptions, 'size'>,
): Promise<CaptchaHandle> {
  if (!container.isConnected) throw new Error(FORMS_TEXT.captchaDocumentDestroyed)
  const provider = providerFor(options.siteKey)
  const size = captchaSize(container.getBoundingClientRect().width)
  const id = await provider.render(container, { ...options, size })
  if (!container.isConnected) throw new Error(FORMS_TEXT.captchaDocumentDestroyed)
  return {
    token: () => provider.response(id),
    reset: () => provider.reset(id),
    destroy: () => {
      provider.destroy(id, container)
      container.removeAttribute(CAPTCHA_RENDERED_ATTR)
      rendered.delete(container)
    },
  }
}
