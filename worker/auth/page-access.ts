/**
 * Member-only and locked pages (storefront.md section 6, platform.md section 1).
 *
 * - A member-only page shows 'This page available only site members' with a sign-in form to a
 *   visitor who is not signed in, and its content to a signed-in site user the page lets in
 *   (`memberRoles`, or any site user of the site when the page names none). A signed-in site
 *   user it does not let in is told so, with a way to sign out.
 * - A locked page shows 'This page is locked' with a password field. The right password (its
 *   hash is in the page's record) opens it for that visitor with a signed, HttpOnly cookie
 *   scoped to the page's path; a wrong one says so.
 *
 * Both forms are plain HTML posts to the page itself (checked with `Origin` / `Sec-Fetch-Site`,
 * rate-limited per visitor and per account or page), answered with a redirect back to the page
 * (post/redirect/get). The member form is also an island that signs in through the session API
 * with the XSRF flow (islands/member-account). Every answer here is personal: `private,
 * no-store`, never in a shared cache; the sitemap and search leave these pages out.
 */
import type { Context } from 'hono'
import { ACCOUNT_TEXT, COOKIE } from '../../shared/index'
import type { Collection } from '../catalogue/records'
import { verifyPassword } from '../crypto/passwords'
import { sessionSecret } from '../crypto/secrets'
import { normalizeEmail } from '../db/site-users'
import type { AppEnv } from '../env'
import { formFields } from '../http/body'
import { readCookie, writeCookie } from '../http/cookies'
import { isSameOriginPost, SAME_ORIGIN_REFUSAL } from '../middleware/crumb'
import { PERSONAL_CACHE_CONTROL } from '../middleware/page-cache'
import { withinLimits } from '../middleware/rate-limit'
import { renderTemplatePage } from '../render/template-page'
import * as z from '../runtime/zod'
import { endSession, SIGN_IN, signInAttempt, startSession } from './sessions'
import { hasRole, liveSiteUser, type SiteUserSession } from './site-user'
import { pagePasswordKeys, throttledCheck } from './throttle'
import { unlockTokenFor, unlockTokenOpens } from './tokens'

/** Personal answers: never stored by a shared cache (docs/architecture.md, "Cookies and what may be cached"). */
export const PRIVATE_HEADERS = { 'Cache-Control': PERSONAL_CACHE_CONTROL } as const

/**
 * The cookie that opens one locked page: `ss_unlock_<page>`, scoped to the page's path (the
 * page cache neither looks up nor stores for a visitor who carries one).
 */
export function unlockCookieName(collection: Collection): string {
  return `${COOKIE.pageUnlock}_${collection.urlId}`
}

/** How long the right password keeps a locked page open for the visitor: a day. */
export const UNLOCK_LIFETIME_SECONDS = 24 * 60 * 60

/**
 * Rate-limit endpoint of page passwords: per visitor (10 a minute, SIGN_IN_LIMITER) and per
 * client address. Wrong passwords slow further tries per page and address (auth/throttle.ts),
 * never per page alone: nobody can lock the other visitors out of a page.
 */
const PAGE_PASSWORD = 'page-password'

/** A page's record as templates see it: without its password hash. */
export function publicCollection(collection: Collection): Omit<Collection, 'pagePassword'> {
  const { pagePassword: _hidden, ...shown } = collection
  return shown
}

/** What the member screen and the member page's account bar show (the `member-account` island's input). */
export interface MemberArea {
  /** Where the forms post: the page itself. */
  action: string
  title: string
  error?: string
  /** The email of a sign-in the plain form just tried. */
  email?: string
  /** Signed in: the site user's email (and the sign-out button). */
  signedInEmail?: string
  /** Signed in, but the page does not let this site user in. */
  notAllowed?: boolean
}

/** What a visitor may see of a guarded collection. */
export type PageAccess =
  | { kind: 'open' }
  | { kind: 'member'; memberArea: MemberArea }
  | { kind: 'lock-screen' }
  | { kind: 'member-screen'; memberArea: MemberArea }

function memberMayRead(collection: Collection, session: SiteUserSession): boolean {
  return collection.memberRoles === undefined || hasRole(session.user, collection.memberRoles)
}

async function isUnlocked(c: Context<AppEnv>, collection: Collection): Promise<boolean> {
  if (collection.pagePassword === undefined) return false
  return unlockTokenOpens(
    sessionSecret(c.env),
    readCookie(c, unlockCookieName(collection)),
    c.get('tenant').siteId,
    collection.id,
    collection.pagePassword,
    Math.floor(Date.now() / 1000),
  )
}

/**
 * Whether this visitor sees the collection (and its items), and how. A page both locked and
 * member-only needs the password first, then a member session. A locked page without a
 * password in its record opens for no one.
 */
export async function pageAccess(c: Context<AppEnv>, collection: Collection): Promise<PageAccess> {
  if (!collection.locked && !collection.memberOnly) return { kind: 'open' }
  if (collection.locked && !(await isUnlocked(c, collection))) return { kind: 'lock-screen' }
  if (!collection.memberOnly) return { kind: 'open' }
  const memberArea: MemberArea = { action: collection.fullUrl, title: collection.title }
  const session = await liveSiteUser(c)
  if (session === null) return { kind: 'member-screen', memberArea }
  memberArea.signedInEmail = session.user.email
  if (!memberMayRead(collection, session)) {
    return { kind: 'member-screen', memberArea: { ...memberArea, notAllowed: true } }
  }
  return { kind: 'member', memberArea }
}

/** The lock screen or the member screen, with an error from a form post when there was one. */
export function guardScreen(
  c: Context<AppEnv>,
  collection: Collection,
  path: string,
  access: Extract<PageAccess, { kind: 'lock-screen' | 'member-screen' }>,
  status = 200,
  error?: string,
): Promise<Response> {
  const shown = publicCollection(collection)
  const data =
    access.kind === 'lock-screen'
      ? { collection: shown, lockScreen: { action: collection.fullUrl, ...(error ? { error } : {}) } }
      : { collection: shown, memberArea: { ...access.memberArea, ...(error ? { error } : {}) } }
  return renderTemplatePage({
    catalog: c.get('catalog'),
    path,
    status,
    template: access.kind === 'lock-screen' ? 'lock-screen' : 'member-denied',
    head: { title: collection.title, path, type: 'website', noindex: true },
    data,
    headers: PRIVATE_HEADERS,
  })
}

/** A guarded page's content for a visitor it lets in: personal, with the member account bar's data. */
export interface GuardedContent {
  own: { memberArea?: MemberArea }
  headers: Record<string, string>
}

/**
 * What a collection (or an item in it) shows this visitor: null for an open page; the lock or
 * member screen; or, for a locked or member-only page the visitor may see, its content as a
 * personal page.
 */
export async function guardPage(
  c: Context<AppEnv>,
  collection: Collection,
  path: string,
): Promise<Response | GuardedContent | null> {
  if (!collection.locked && !collection.memberOnly) return null
  const access = await pageAccess(c, collection)
  if (access.kind === 'lock-screen' || access.kind === 'member-screen') {
    return guardScreen(c, collection, path, access)
  }
  return { own: access.kind === 'member' ? { memberArea: access.memberArea } : {}, headers: PRIVATE_HEADERS }
}

const passwordFormSchema = z.object({ password: z.string().check(z.minLength(1), z.maxLength(1024)) })
const signInFormSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(256)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  rememberMe: z.optional(z.string()),
})

/** The text fields of a guarded page's form post (a body too large or unreadable is a 4xx). */
async function textFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const fields = await formFields(c)
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string'))
}

/** Back to the page with a GET (post/redirect/get), carrying the cookies just set. */
function backToPage(c: Context<AppEnv>, collection: Collection): Response {
  return c.redirect(collection.fullUrl, 303)
}

async function unlockPage(c: Context<AppEnv>, collection: Collection): Promise<Response> {
  const screen = { kind: 'lock-screen' } as const
  const fields = passwordFormSchema.safeParse(await textFields(c))
  if (!(await withinLimits(c, PAGE_PASSWORD, { limiter: 'SIGN_IN_LIMITER' })))
    return guardScreen(c, collection, collection.fullUrl, screen, 429, ACCOUNT_TEXT.tooManyAttempts)
  const hash = collection.pagePassword
  const attempt = await throttledCheck(c, pagePasswordKeys(c, collection.id), false, async () =>
    fields.success && hash !== undefined && (await verifyPassword(fields.data.password, hash)) ? hash : null,
  )
  if ('waited' in attempt) return tooManyTries(c, collection, screen, attempt.waited)
  if (attempt.result === null) {
    return guardScreen(c, collection, collection.fullUrl, screen, 403, ACCOUNT_TEXT.wrongPagePassword)
  }
  const expiresAt = Math.floor(Date.now() / 1000) + UNLOCK_LIFETIME_SECONDS
  const token = await unlockTokenFor(
    sessionSecret(c.env),
    c.get('tenant').siteId,
    collection.id,
    attempt.result,
    expiresAt,
  )
  // Scoped to the page: the browser sends it to this page and its items only.
  writeCookie(c, unlockCookieName(collection), token, {
    path: collection.fullUrl,
    httpOnly: true,
    maxAge: UNLOCK_LIFETIME_SECONDS,
  })
  return backToPage(c, collection)
}

/** The screen again with 'Too many attempts…', 429 and how long to wait. */
async function tooManyTries(
  c: Context<AppEnv>,
  collection: Collection,
  screen: Extract<PageAccess, { kind: 'lock-screen' | 'member-screen' }>,
  waitSeconds: number,
): Promise<Response> {
  const response = await guardScreen(
    c,
    collection,
    collection.fullUrl,
    screen,
    429,
    ACCOUNT_TEXT.tooManyAttempts,
  )
  response.headers.set('Retry-After', String(waitSeconds))
  return response
}

/** The member form again after a refused post: the area (with the email typed), its status and message. */
export type MemberScreen = (memberArea: MemberArea, status: number, error: string) => Promise<Response>

/**
 * The member form's plain post (sign in or sign out) to `memberArea.action`, answered with a
 * redirect back to it (post/redirect/get), or the form again through `screen` with what went
 * wrong. Member pages and the account's order history (worker/routes/account-orders.tsx) share it.
 */
export async function memberFormPost(
  c: Context<AppEnv>,
  memberArea: MemberArea,
  screen: MemberScreen,
): Promise<Response> {
  const fields = await textFields(c)
  if (fields.intent === 'sign-out') {
    const session = await liveSiteUser(c)
    await endSession(c, session?.sessionId ?? null, true)
    return c.redirect(memberArea.action, 303)
  }
  const parsed = signInFormSchema.safeParse(fields)
  const email = parsed.success ? normalizeEmail(parsed.data.email) : ''
  // The form comes back with the email typed, so only the password is asked again.
  const shown = { ...memberArea, email }
  if (!(await withinLimits(c, SIGN_IN, { limiter: 'SIGN_IN_LIMITER' })))
    return screen(shown, 429, ACCOUNT_TEXT.tooManyAttempts)
  const attempt = parsed.success ? await signInAttempt(c, email, parsed.data.password) : { result: null }
  if ('waited' in attempt) {
    const response = await screen(shown, 429, ACCOUNT_TEXT.tooManyAttempts)
    response.headers.set('Retry-After', String(attempt.waited))
    return response
  }
  const user = attempt.result
  if (user === null) return screen(shown, 401, ACCOUNT_TEXT.wrongCredentials)
  await startSession(c, user, parsed.success && parsed.data.rememberMe !== undefined)
  return c.redirect(memberArea.action, 303)
}

function signInOrOut(c: Context<AppEnv>, collection: Collection): Promise<Response> {
  return memberFormPost(
    c,
    { action: collection.fullUrl, title: collection.title },
    (memberArea, status, error) =>
      guardScreen(c, collection, collection.fullUrl, { kind: 'member-screen', memberArea }, status, error),
  )
}

/**
 * A form posted to a guarded page: the lock screen's password, or the member screen's sign-in
 * or sign-out. Posts from other sites are refused; a page with no such form is not found.
 */
export async function postToGuardedPage(
  c: Context<AppEnv>,
  collection: Collection,
): Promise<Response | null> {
  if (!collection.locked && !collection.memberOnly) return null
  if (!isSameOriginPost(c.req.raw)) {
    return c.text(SAME_ORIGIN_REFUSAL, 403, PRIVATE_HEADERS)
  }
  if (collection.locked && !(await isUnlocked(c, collection))) return unlockPage(c, collection)
  if (collection.memberOnly) return signInOrOut(c, collection)
  return backToPage(c, collection)
}
