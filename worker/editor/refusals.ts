/**
 * How a save's checks refuse a field (400 naming it, the editor shows the message beside it):
 * the record rules (record-rules.ts) and the site record's settings, store and menus
 * (site-settings.ts) say it the same way, in the spec's words where it has them.
 */
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { InputError } from '../http/body'

export function refuse(field: string, message: string): never {
  throw new InputError(message, { [field]: message })
}

/** '{val} is not one of the expected options' (platform.md section 5) for `field`. */
export function notExpected(field: string, value: unknown): never {
  refuse(field, fillText(EDITOR_TEXT.notExpectedOption, { val: String(value) }))
}

/** A catalogue text whose placeholder appears more than once, filled in order. */
export function fillInOrder(text: string, name: string, values: readonly string[]): string {
  let index = 0
  return text.replace(new RegExp(`\\{${name}\\}`, 'g'), () => values[index++] ?? '')
}

export const LINK_EXAMPLES = ['https://example.com', '/a-page'] as const

/** 'Links must be formatted as {host} or {host}' with the two kinds of link the editor takes. */
export function refuseLink(field: string): never {
  refuse(field, fillInOrder(EDITOR_TEXT.linkFormat, 'host', LINK_EXAMPLES))
}
