/**
 * The local captcha provider (development and tests): a checkbox that, once ticked, holds a
 * token `local-pass.<nonce>` which the worker's local verifier accepts once
 * (worker/providers/captcha.ts), as reCAPTCHA accepts each token once. Reset clears the tick,
 * as the real widget does after an error; destroy removes it.
 */
import { FORMS_TEXT } from '../../shared/index'
import type { CaptchaProvider } from './provider'

interface LocalWidget {
  checkbox: HTMLInputElement
  token: string
}

const widgets = new Map<number, LocalWidget>()
let nextId = 1

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  const nonce = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  return `local-pass.${nonce}`
}

export const localCaptcha: CaptchaProvider = {
  async render(container, options) {
    const id = nextId++
    const widget = document.createElement('div')
    widget.className = `local-captcha local-captcha--${options.size} local-captcha--${options.theme}`
    const label = document.createElement('label')
    const checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    label.append(checkbox, ` ${FORMS_TEXT.captchaLocalLabel}`)
    widget.append(label)
    container.append(widget)
    const state: LocalWidget = { checkbox, token: '' }
    checkbox.addEventListener('change', () => {
      state.token = checkbox.checked ? newToken() : ''
    })
    widgets.set(id, state)
    return id
  },
  response(id) {
    return widgets.get(id)?.token ?? ''
  },
  reset(id) {
    const widget = widgets.get(id)
    if (widget === undefined) return
    widget.checkbox.checked = false
    widget.token = ''
  },
  destroy(id, container) {
    widgets.delete(id)
    container.replaceChildren()
  },
}
