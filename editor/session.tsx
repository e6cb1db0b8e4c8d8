/** The signed-in session, shared by every screen, and the count of unpublished changes. */
import { createContext, useContext } from 'react'
import type { SessionAnswer } from '../shared/index'

export interface SessionContextValue {
  session: SessionAnswer
  /** Reloads the count of unpublished changes (the header's Review Changes). */
  refreshChanges: () => void
  changesCount: number | null
  signOut: () => void
}

export const SessionContext = createContext<SessionContextValue | null>(null)

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext)
  if (value === null) throw new Error('useSession outside the signed-in app')
  return value
}

/** Sets the document title: the screen, then the editor and the site. */
export function screenTitle(screen: string, site?: string): void {
  document.title = [screen, site].filter(Boolean).join(' · ')
}
