/**
 * The member account panel: on the member screen, the sign-in form ('This page available only
 * site members' is the screen's heading, in its template); on a member page, who is signed in
 * and a sign-out button. Both are plain HTML forms posting to the page itself, so they work
 * before (and without) script; the island then sends them through the session API instead.
 * Semantic markup with stable classes (`member-account`, `member-sign-in`, `member-sign-out`)
 * and a label on every control, for the theme to style.
 */
import type { FormEventHandler } from 'react'
import { ACCOUNT_TEXT, fillText } from '../../shared/index'

export type MemberAccountProps = {
  /** Where the forms post: the page itself. */
  action: string
  /** The page's title, for the sign-in intro. */
  title: string
  /** A message from the last attempt ('The email or password is incorrect…'). */
  error: string | null
  /** The email the last attempt used (the plain form's answer keeps it). */
  email: string | null
  /** Signed in: the site user's email. */
  signedInEmail: string | null
  /** Signed in, but this page does not let the site user in. */
  notAllowed: boolean
}

/** What the client island adds: busy state, its own error and the submit handlers. */
export interface MemberAccountState {
  busy?: boolean
  message?: string | null
  onSignIn?: FormEventHandler<HTMLFormElement>
  onSignOut?: FormEventHandler<HTMLFormElement>
}

const ERROR_ID = 'member-account-error'

export function MemberAccountView(props: MemberAccountProps & MemberAccountState) {
  const { action, busy = false } = props
  const error = props.message === undefined ? props.error : props.message
  const alert = (
    <p className="member-account-error" id={ERROR_ID} role="alert" hidden={!error}>
      {error ?? ''}
    </p>
  )
  if (props.signedInEmail !== null) {
    return (
      <div className="member-account member-account--signed-in">
        {props.notAllowed && <p className="member-account-denied">{ACCOUNT_TEXT.memberNotAllowed}</p>}
        {alert}
        <p className="member-account-who">
          {fillText(ACCOUNT_TEXT.signedInAs, { email: props.signedInEmail })}
        </p>
        <form className="member-sign-out" method="post" action={action} onSubmit={props.onSignOut}>
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" disabled={busy}>
            {busy ? ACCOUNT_TEXT.signingOut : ACCOUNT_TEXT.signOutButton}
          </button>
        </form>
      </div>
    )
  }
  const described = error ? ERROR_ID : undefined
  return (
    <div className="member-account">
      <p className="member-account-intro">
        {fillText(ACCOUNT_TEXT.memberSignInIntro, { title: props.title })}
      </p>
      <form className="member-sign-in" method="post" action={action} onSubmit={props.onSignIn}>
        {alert}
        <p className="member-sign-in-field">
          <label htmlFor="member-sign-in-email">{ACCOUNT_TEXT.emailLabel}</label>
          <input
            id="member-sign-in-email"
            type="email"
            name="email"
            autoComplete="email"
            defaultValue={props.email ?? undefined}
            required
            maxLength={256}
            aria-describedby={described}
          />
        </p>
        <p className="member-sign-in-field">
          <label htmlFor="member-sign-in-password">{ACCOUNT_TEXT.passwordLabel}</label>
          <input
            id="member-sign-in-password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            aria-describedby={described}
          />
        </p>
        <p className="member-sign-in-remember">
          <input id="member-sign-in-remember" type="checkbox" name="rememberMe" value="on" />
          <label htmlFor="member-sign-in-remember">{ACCOUNT_TEXT.rememberMeLabel}</label>
        </p>
        <button type="submit" disabled={busy}>
          {busy ? ACCOUNT_TEXT.signingIn : ACCOUNT_TEXT.signInButton}
        </button>
      </form>
    </div>
  )
}
