/** The member account panel's props, from the member area data the page route puts in the template data. */
import { asString, isObject } from '../../templates/index'
import type { MemberAccountProps } from './view'

/** Props from `memberArea` (routes/protected-pages.ts `MemberArea`); null prints nothing. */
export function memberAccountProps(memberArea: unknown): MemberAccountProps | null {
  if (!isObject(memberArea)) return null
  const action = asString(memberArea.action)
  if (!action.startsWith('/')) return null
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  return {
    action,
    title: asString(memberArea.title),
    error: text(memberArea.error),
    email: text(memberArea.email),
    signedInEmail: text(memberArea.signedInEmail),
    notAllowed: memberArea.notAllowed === true,
  }
}
