/**
 * The member account panel in the browser: signing in and out through the session API
 * (islands/site-user-session.ts) instead of the plain form post. Sign-in keeps the answer's
 * XSRF token; sign-out sends it as `X-XSRF-Token` and keeps a copy of the cart (`cloneCart`);
 * both retry once on a crumb failure. Then the page is loaded again, now with (or without) the
 * member content. A network failure, or a sign-out without a kept token (signed in by the plain
 * form, or in another tab), falls back to the plain form post.
 */
import { type FormEvent, useState } from 'react'
import { ACCOUNT_TEXT } from '../../shared/index'
import { defineClient } from '../contracts'
import { type SessionAnswer, signIn, signOut } from '../site-user-session'
import { type MemberAccountProps, MemberAccountView } from './view'

function MemberAccount(props: MemberAccountProps) {
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null | undefined>(undefined)

  const run = async (form: HTMLFormElement, action: () => Promise<SessionAnswer>) => {
    setBusy(true)
    try {
      const answer = await action()
      if (answer.ok) {
        location.assign(props.action)
        return
      }
      // Signed in without a kept XSRF token: the page's own form post ends the session instead.
      if (answer.body.xsrfFail === true) {
        form.submit()
        return
      }
      setMessage(answer.message ?? ACCOUNT_TEXT.signInFailed)
    } catch {
      form.submit()
      return
    }
    setBusy(false)
  }

  const onSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    void run(form, () =>
      signIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''), data.has('rememberMe')),
    )
  }

  const onSignOut = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void run(event.currentTarget, () => signOut(true))
  }

  return (
    <MemberAccountView {...props} busy={busy} message={message} onSignIn={onSignIn} onSignOut={onSignOut} />
  )
}

export default defineClient('member-account', MemberAccount)
