/**
 * Who is visiting, as the tracking script keeps it (platform.md sections 4, 8 and 9): the
 * analytics id in local storage (390 days, with its expiration) and in the `ss_aid` cookie, the
 * session id in session storage, the marketing id when one was stored, and whether this page is
 * the session's first landing and this the visitor's first session. Without storage the visit
 * is a session without an id ('Unable access local/session storage.'); an analytics id that
 * cannot be kept is used for this page only ('Unable to store analyticsId'). Under a restrictive
 * cookie policy nothing is kept, and what earlier visits left is removed.
 */
import { ANALYTICS_COOKIE_MAX_AGE, COOKIE, TRACKING_TEXT } from '../../templates/shared'

/** Storage keys (platform.md section 9). */
const KEY = {
  analyticsId: 'ss_analytics_id',
  analyticsIdExpiration: 'ss_analytics_id_expiration',
  sessionId: 'ss_session_id',
  firstSession: 'ss_first_session',
  marketingId: 'ss_marketing_id',
} as const

export interface Identity {
  analyticsId: string | undefined
  sessionId: string | undefined
  marketingId: string | undefined
  isFirstLanding: boolean
  isFirstSession: boolean
}

function newId(): string {
  return crypto.randomUUID()
}

function keepAnalyticsId(local: Storage, now: number): string {
  const stored = local.getItem(KEY.analyticsId)
  const expires = Number(local.getItem(KEY.analyticsIdExpiration))
  if (stored && expires > now) return stored
  const id = newId()
  try {
    local.setItem(KEY.analyticsId, id)
    local.setItem(KEY.analyticsIdExpiration, String(now + ANALYTICS_COOKIE_MAX_AGE * 1000))
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet.
    document.cookie = `${COOKIE.analyticsId}=${id}; Max-Age=${ANALYTICS_COOKIE_MAX_AGE}; Path=/; Secure; SameSite=Lax`
  } catch {
    console.warn(TRACKING_TEXT.analyticsIdNotStored)
  }
  return id
}

function forget(): void {
  try {
    for (const key of Object.values(KEY)) {
      localStorage.removeItem(key)
      sessionStorage.removeItem(key)
    }
  } catch {
    // Nothing stored where there is no storage.
  }
}

/** The visitor's ids and first-landing and first-session flags for this page. */
export function identify(restrictive: boolean, now = Date.now()): Identity {
  const none = { analyticsId: undefined, sessionId: undefined, marketingId: undefined }
  if (restrictive) {
    forget()
    return { ...none, isFirstLanding: false, isFirstSession: false }
  }
  let local: Storage
  let session: Storage
  try {
    local = localStorage
    session = sessionStorage
    local.getItem(KEY.analyticsId)
  } catch {
    console.warn(TRACKING_TEXT.storageUnavailable)
    return { ...none, analyticsId: newId(), isFirstLanding: true, isFirstSession: true }
  }
  let sessionId = session.getItem(KEY.sessionId)
  const isFirstLanding = sessionId === null
  if (sessionId === null) {
    sessionId = newId()
    try {
      session.setItem(KEY.sessionId, sessionId)
    } catch {
      console.warn(TRACKING_TEXT.storageUnavailable)
    }
  }
  const firstSession = local.getItem(KEY.firstSession)
  if (firstSession === null) {
    try {
      local.setItem(KEY.firstSession, sessionId)
    } catch {
      // The flag is only for this page then.
    }
  }
  return {
    analyticsId: keepAnalyticsId(local, now),
    sessionId,
    marketingId: local.getItem(KEY.marketingId) ?? undefined,
    isFirstLanding,
    isFirstSession: firstSession === null || firstSession === sessionId,
  }
}
