/** Signed in, but no role that opens this site's editor. */
import { useEffect } from 'react'
import { EDITOR_TEXT, fillText, type SessionAnswer } from '../../shared/index'
import { screenTitle } from '../session'

export function NoAccessScreen({ session, onSignOut }: { session: SessionAnswer; onSignOut: () => void }) {
  useEffect(() => screenTitle(EDITOR_TEXT.noAccessTitle, session.site.title), [session.site.title])
  return (
    <main id="main" className="center-screen">
      <div className="card">
        <h1>{EDITOR_TEXT.noAccessTitle}</h1>
        <p>{fillText(EDITOR_TEXT.noAccessBody, { email: session.user.email })}</p>
        <button type="button" className="button button-primary" onClick={onSignOut}>
          {EDITOR_TEXT.signOut}
        </button>
      </div>
    </main>
  )
}
