/**
 * Password guessing, slowed without locking anyone out (issue 18): wrong passwords are counted
 * per account at a client address, per client address across accounts (spraying), and per
 * locked page at a client address, in D1 (db/sign-in-failures.ts). Each count lets a few
 * failures through freely, then makes the next try wait 1, 2, 4, … seconds after the last
 * failure, at most 15 minutes; a count forgets failures 15 minutes old.
 *
 * Nothing counts per account alone, so nobody can lock an account's owner out from elsewhere;
 * and a browser the account signed in from before carries a known-device cookie (HttpOnly, an
 * HMAC of the tenant and the account's email) that passes its own account's sign-in past every
 * count: the owner's right password is accepted there whatever others guessed.
 */
import type { Context } from 'hono'
import { COOKIE } from '../../shared/index'
import { base64url, fromBase64url, sameBytes } from '../crypto/encoding'
import { sessionSecret, sign } from '../crypto/secrets'
import { clearFailures, failureCounts, recordFailures } from '../db/sign-in-failures'
import type { AppEnv } from '../env'
import { readCookie, writeCookie } from '../http/cookies'
import { clientAddressOf } from '../middleware/client-address'

/** A count's failures are forgotten this long after the last one. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
/** The longest wait a count asks for. */
const MAX_WAIT_SECONDS = 15 * 60
/** A known-device cookie lasts a year from the last sign-in. */
const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60

/** One count a password try is judged by: its scope, its subject and the failures it lets through freely. */
export interface ThrottleKey {
  scope: string
  subject: string
  free: number
}

/** Free failures per account at an address, and per address across accounts or pages. */
export const FREE_FAILURES = { perAccountAtAddress: 10, perAddress: 30, perPageAtAddress: 10 } as const

function addressOf(c: Context<AppEnv>): string {
  return clientAddressOf(c.req.raw) ?? 'unknown'
}

/** The counts a sign-in to `email` is judged by. */
export function signInKeys(c: Context<AppEnv>, email: string): ThrottleKey[] {
  const address = addressOf(c)
  return [
    { scope: 'account-address', subject: `${email}|${address}`, free: FREE_FAILURES.perAccountAtAddress },
    { scope: 'address', subject: address, free: FREE_FAILURES.perAddress },
  ]
}

/** The counts a locked page's password is judged by. */
export function pagePasswordKeys(c: Context<AppEnv>, pageId: string): ThrottleKey[] {
  const address = addressOf(c)
  return [
    { scope: 'page-address', subject: `${pageId}|${address}`, free: FREE_FAILURES.perPageAtAddress },
    { scope: 'page-address-all', subject: address, free: FREE_FAILURES.perAddress },
  ]
}

/** Seconds a count with `failures` (the last at `lastFailureAt`) still asks to wait at `now`. */
export function waitSecondsOf(failures: number, lastFailureAt: number, free: number, now: number): number {
  if (failures <= free || now - lastFailureAt >= FAILURE_WINDOW_MS) return 0
  const delay = Math.min(2 ** (failures - free - 1), MAX_WAIT_SECONDS)
  return Math.max(0, Math.ceil((lastFailureAt + delay * 1000 - now) / 1000))
}

/** How long this try must wait (0: it may go ahead), by the longest of its counts. */
export async function waitBeforeTry(c: Context<AppEnv>, keys: readonly ThrottleKey[]): Promise<number> {
  const counts = await failureCounts(c.env.DB, c.get('tenant').siteId, keys)
  const now = Date.now()
  let wait = 0
  for (const key of keys) {
    const count = counts.get(`${key.scope}|${key.subject}`)
    if (count) wait = Math.max(wait, waitSecondsOf(count.failures, count.lastFailureAt, key.free, now))
  }
  return wait
}

/** Counts a wrong password against every key. */
export function recordWrongPassword(c: Context<AppEnv>, keys: readonly ThrottleKey[]): Promise<void> {
  return recordFailures(c.env.DB, c.get('tenant').siteId, keys, Date.now(), FAILURE_WINDOW_MS)
}

/** The right password: the first key's count (the account or page at this address) starts again. */
export async function recordRightPassword(c: Context<AppEnv>, keys: readonly ThrottleKey[]): Promise<void> {
  const [own] = keys
  if (own) await clearFailures(c.env.DB, c.get('tenant').siteId, own)
}

async function deviceMac(c: Context<AppEnv>, email: string): Promise<Uint8Array> {
  return (await sign(sessionSecret(c.env), `device|${c.get('tenant').siteId}|${email}`)).slice(0, 18)
}

/** Whether this browser signed in to `email`'s account before (its known-device cookie). */
export async function isKnownDevice(c: Context<AppEnv>, email: string): Promise<boolean> {
  const value = fromBase64url(readCookie(c, COOKIE.knownDevice) ?? '')
  return value !== null && value.length > 0 && sameBytes(value, await deviceMac(c, email))
}

/** Marks this browser as one `email`'s account signed in from. */
export async function rememberDevice(c: Context<AppEnv>, email: string): Promise<void> {
  writeCookie(c, COOKIE.knownDevice, base64url(await deviceMac(c, email)), {
    httpOnly: true,
    maxAge: KNOWN_DEVICE_SECONDS,
  })
}

/**
 * Runs a password check under the throttle: `null` when it must wait (the caller answers 429
 * with `retryAfter`), else the check's result, counted as a failure or a success. A known
 * device (`trusted`) skips the counts altogether.
 */
export async function throttledCheck<T>(
  c: Context<AppEnv>,
  keys: readonly ThrottleKey[],
  trusted: boolean,
  check: () => Promise<T | null>,
): Promise<{ waited: number } | { result: T | null }> {
  if (!trusted) {
    const wait = await waitBeforeTry(c, keys)
    if (wait > 0) return { waited: wait }
  }
  const result = await check()
  if (!trusted) {
    if (result === null) await recordWrongPassword(c, keys)
    else await recordRightPassword(c, keys)
  }
  return { result }
}
