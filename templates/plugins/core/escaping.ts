/**
 * Strict escaping for the storefront. The reference engine prints some record fields raw in
 * widget markup (ids in `data-*` attributes, `fullUrl` in links, `localizedStrings` as HTML, an
 * option name in an `aria-label`), and the conformance specs pin those bytes. The storefront
 * renders with `params: { [STRICT_ESCAPING]: true }`: every such value is then escaped for the
 * place it lands. The conformance adapter renders without it and stays byte-identical.
 */

import { escapeHtml, escapeHtmlAttribute } from '../../../shared/strings'
import type { Scope } from '../../registry'

/** The render parameter that turns strict escaping on. */
export const STRICT_ESCAPING = 'strictEscaping'

export function isStrict(scope: Pick<Scope, 'settings'>): boolean {
  return scope.settings.params[STRICT_ESCAPING] === true
}

/** A value the reference prints raw inside an attribute: escaped in strict mode. */
export function rawAttribute(strict: boolean, value: string): string {
  return strict ? escapeHtmlAttribute(value) : value
}

/** A value the reference prints raw as HTML text: escaped in strict mode. */
export function rawText(strict: boolean, value: string): string {
  return strict ? escapeHtml(value) : value
}
