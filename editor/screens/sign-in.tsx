/** Sign in through the storefront's account API; then the app reloads the session. */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { EDITOR_TEXT, fillText } from '../../shared/index'
import { messageOf, signIn } from '../api'
import { screenTitle } from '../session'

const SHELL_SITE = document.title.startsWith(`${EDITOR_TEXT.editorTitle} · `)
  ? document.title.slice(EDITOR_TEXT.editorTitle.length + 3)
  : ''

export function SignInScreen({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [emailError, setEmailError] = useState<string | null>(null)
  const id = useId()
  // The shell's title names the site (`Site editor · <site title>`); the host is the fallback.
  const [site] = useState(() => SHELL_SITE || location.hostname.split('.')[0] || '')
  useEffect(() => screenTitle(EDITOR_TEXT.signIn, EDITOR_TEXT.editorTitle), [])
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setEmailError(EDITOR_TEXT.invalidEmail)
      return
    }
    setEmailError(null)
    setBusy(true)
    setError(null)
    try {
      await signIn(email.trim(), password, remember)
      onSignedIn()
    } catch (e) {
      setError(messageOf(e))
      setBusy(false)
    }
  }
  return (
    <main id="main" className="center-screen">
      <form className="card sign-in" onSubmit={submit} noValidate>
        <h1>{fillText(EDITOR_TEXT.signInTitle, { site })}</h1>
        {error === null ? null : (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-email`}>{EDITOR_TEXT.email}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={emailError !== null}
            aria-describedby={emailError === null ? undefined : `${id}-email-error`}
            required
          />
          {emailError === null ? null : (
            <p className="field-error" id={`${id}-email-error`}>
              {emailError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{EDITOR_TEXT.password}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <div className="field field-check">
          <input
            id={`${id}-remember`}
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <label htmlFor={`${id}-remember`}>{EDITOR_TEXT.keepSignedIn}</label>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? EDITOR_TEXT.signingIn : EDITOR_TEXT.signIn}
        </button>
      </form>
    </main>
  )
}
