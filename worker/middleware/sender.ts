/**
 * Who sent a plain HTML form post, and a request's fingerprint, for the posts that carry no key
 * of a script (issue 19): a double click, back and resend, or a reload after a lost answer sends
 * the same fields again, and the same fingerprint finds the work the first copy did.
 */
import type { Context } from 'hono'
import { base64url, sha256 } from '../crypto/encoding'
import type { AppEnv } from '../env'
import { clientAddressOf } from './client-address'

/** The visitor's crumb when it came with the request, else their address and browser. */
export function senderOf(c: Context<AppEnv>): string {
  if (c.get('knownVisitor')) return `crumb:${c.get('crumb')}`
  return `address:${clientAddressOf(c.req.raw) ?? 'unknown'}|${c.req.header('User-Agent') ?? ''}`
}

/** SHA-256 of the parts as JSON, base64url (43 characters). */
export async function fingerprintOf(parts: readonly unknown[]): Promise<string> {
  return base64url(await sha256(JSON.stringify(parts)))
}
