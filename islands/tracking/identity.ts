/**
 * Who is visiting, as the tracking script keeps it (platform.md sections 4, 8 and 9): the
 * analytics id in local storage (390 days, with its expiration) and in the `ss_aid` cookie, the
 * session id in session storage, the marketing id when one was stored, and whether this page is
 * the session's first landing and this the visitor's first session. Without storage the visit
 * is a session without an id ('Unable access local/session storage.'); an analytics id that
 * cannot be kept is used for this page only ('Unable to store analyticsId'). Under a restrictive
 * cookie policy nothing is kept, and what earlier visits left is removed.
 */
import { ANALYTICS_COOKIE_MAX_AGE, COOKIE, TRACKING_TEXT } from '../../shared/index'

/** Storage keys (platform.md section 9). */
const KEY = {
  analyticsId: 'ss_analytics_id',
  analyticsIdExpiration: 'ss_analytics_id_expiration',
  sessionId: 'ss_session_id',
  firstSession: 'ss_first_session',
  marketingId: 'ss_marketing_id',
} as const

export interface Identity {
  analyticsId?: string
  sessionId?: string
  marketingId?: string
  isFirstLanding: boolean
  isFirstSession: boolean
}

const newId = () => crypto.randomUUID()

function keepAnalyticsId(local: Storage, now: number): string {
  const stored = local.getItem(KEY.analyticsId)
  if (stored && Number(local.getItem(KEY.analyticsIdExpiration)) > now) return stored
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

/** The visitor's ids and first-landing and first-session flags for this page. */
export function identify(restrictive: boolean, now = Date.now()): Identity {
  let local: Storage
  let session: Storage
  try {
    local = localStorage
    session = sessionStorage
    if (restrictive) {
      for (const key of Object.values(KEY)) {
        local.removeItem(key)
        session.removeItem(key)
      }
      return { isFirstLanding: false, isFirstSession: false }
    }
    local.getItem(KEY.analyticsId)
  } catch {
    if (!restrictive) console.warn(TRACKING_TEXT.storageUnavailable)
    return restrictive
      ? { isFirstLanding: false, isFirstSession: false }
      : { analyticsId: newId(), isFirstLanding: true, isFirstSession: true }
  }
  const stored = session.getItem(KEY.sessionId)
  const sessionId = stored ?? newId()
  const firstSession = local.getItem(KEY.firstSession)
  try {
    session.setItem(KEY.sessionId, sessionId)
    if (firstSession === null) local.setItem(KEY.firstSession, sessionId)
  } catch {
    // A full storage keeps this page's ids for this page only.
  }
  return {
    analyticsId: keepAnalyticsId(local, now),
    sessionId,
    marketingId: local.getItem(KEY.marketingId) ?? undefined,
    isFirstLanding: stored === null,
    isFirstSession: firstSession === null || firstSession === sessionId,
  }
}
