/**
 * The member account island: `{memberArea|member-account}` prints the sign-in form on the
 * member screen and the signed-in bar (with sign-out) on a member page. It waits for the
 * visitor: until then its forms post to the page as plain HTML (routes/protected-pages.ts).
 */
import { defineIsland } from '../define'
import { memberAccountProps } from './server'
import { MemberAccountView } from './view'

export default defineIsland({
  name: 'member-account',
  View: MemberAccountView,
  hydrate: 'interaction',
  formatters: { 'member-account': (memberArea) => memberAccountProps(memberArea) },
})
