/**
 * Google reCAPTCHA v2 (the real provider): its script is loaded once, on the first captcha a
 * page renders, and each widget is rendered explicitly into its container.
 * https://developers.google.com/recaptcha/docs/display#explicit_render
 */
import { FORMS_TEXT } from '../../shared/index'
import type { CaptchaProvider } from './provider'

interface Grecaptcha {
  render(container: HTMLElement, parameters: Record<string, unknown>): number
  getResponse(id: number): string
  reset(id: number): void
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
    storefrontRecaptchaLoaded?: () => void
  }
}

const SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=storefrontRecaptchaLoaded'

/** The loaded API, settled once per page (a page is one visit: no request shares it). */
let loaded: Promise<Grecaptcha> | null = null

function loadScript(): Promise<Grecaptcha> {
  loaded ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.storefrontRecaptchaLoaded = () => {
      if (window.grecaptcha) resolve(window.grecaptcha)
      else reject(new Error(FORMS_TEXT.captchaNotSetUp))
    }
    const script = document.createElement('script')
    script.src = SCRIPT
    script.async = true
    script.onerror = () => {
      loaded = null
      reject(new Error(FORMS_TEXT.captchaNotSetUp))
    }
    document.head.append(script)
  })
  return loaded
}

/** The API once loaded; a call before then is refused with 'ReCaptcha has not been set up!'. */
function api(): Grecaptcha {
  if (!window.grecaptcha) throw new Error(FORMS_TEXT.captchaNotSetUp)
  return window.grecaptcha
}

export const recaptcha: CaptchaProvider = {
  async render(container, options) {
    const grecaptcha = await loadScript()
    return grecaptcha.render(container, {
      sitekey: options.siteKey,
      size: options.size,
      theme: options.theme,
    })
  },
  response(id) {
    return api().getResponse(id)
  },
  reset(id) {
    api().reset(id)
  },
  destroy(id, container) {
    api().reset(id)
    container.replaceChildren()
  },
}
