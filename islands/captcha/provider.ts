/**
 * What a captcha provider does in the browser: render a widget into a container, read its
 * token, reset it, remove it. The real provider (reCAPTCHA, recaptcha.ts) and the local one
 * (local.ts) both implement it; `renderCaptcha` (index.ts) picks one by the site key.
 */
export type CaptchaSize = 'compact' | 'normal'

export interface CaptchaOptions {
  siteKey: string
  size: CaptchaSize
  theme: 'light' | 'dark'
}

export interface CaptchaProvider {
  /** Renders the widget into `container`; answers its id. */
  render(container: HTMLElement, options: CaptchaOptions): Promise<number>
  /** The solved widget's token, or '' while unsolved. */
  response(id: number): string
  reset(id: number): void
  /** Removes the widget (after a successful submission). */
  destroy(id: number, container: HTMLElement): void
}
