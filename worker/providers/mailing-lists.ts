/**
 * Mailing lists (issue 23): where the connector's sign-ups go (worker/editor/connections-queue.ts).
 *
 * - `local` (always offered; development and tests): lists and members in D1
 *   (worker/db/mailing-list-store.ts), shown in the editor, created there too.
 * - `mailchimp`: Mailchimp's Marketing API v3 with `MAILCHIMP_API_KEY`, whose suffix after the
 *   last `-` is the account's data centre (`…-us21` → `https://us21.api.mailchimp.com/3.0`).
 *
 * `MAILING_LIST_PROVIDER = "mailchimp"` offers Mailchimp beside the local lists
 * (docs/deployment.md, "Configuration"). A service that cannot be reached, answers an error or
 * takes longer than `TIMEOUT_MS` throws `MailingListUnavailable` ('Unable to connect. Please try again').
 */

import { hex } from '../crypto/encoding'
import { readSecret } from '../crypto/secrets'
import { localLists, upsertLocalMember } from '../db/mailing-list-store'
import type { Env } from '../env'

export type MailingListProvider = 'local' | 'mailchimp'

export interface MailingList {
  id: string
  name: string
  memberCount: number
}

export interface MailingListService {
  readonly name: MailingListProvider
  /** The account's lists (Mailchimp: its audiences). */
  lists(): Promise<MailingList[]>
  /** Subscribes an address (a confirmed one: double opt-in is done on our side); again is the same member. */
  subscribe(listId: string, member: { email: string; source: string }): Promise<void>
}

/** The service could not be reached or refused the call. */
export class MailingListUnavailable extends Error {
  override name = 'MailingListUnavailable'
}

/** The local list a sign-up was for is gone (deleted while connected). */
export class MailingListGone extends Error {
  override name = 'MailingListGone'
}

const TIMEOUT_MS = 10_000

export function localMailingLists(db: D1Database, siteId: string): MailingListService {
  return {
    name: 'local',
    lists: () => localLists(db, siteId),
    async subscribe(listId, member) {
      const stored = await upsertLocalMember(db, siteId, listId, {
        email: member.email,
        status: 'subscribed',
        source: member.source,
        addedAt: Date.now(),
      })
      if (!stored) throw new MailingListGone(`No local list ${listId}`)
    },
  }
}

/** Mailchimp (https://mailchimp.com/developer/marketing/api/); `fetcher` is the network. */
export function mailchimpLists(apiKey: string, fetcher: typeof fetch = fetch): MailingListService {
  const dc = apiKey.slice(apiKey.lastIndexOf('-') + 1)
  if (!/^[a-z]+[0-9]+$/.test(dc))
    throw new Error('MAILCHIMP_API_KEY must end with its data centre, as "…-us21"')
  const base = `https://${dc}.api.mailchimp.com/3.0`
  async function call(path: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response
    try {
      response = await fetcher(`${base}${path}`, {
        ...init,
        headers: { authorization: `Basic ${btoa(`key:${apiKey}`)}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new MailingListUnavailable(`Mailchimp unreachable: ${String(error)}`)
    }
    if (!response.ok) throw new MailingListUnavailable(`Mailchimp answered ${response.status} to ${path}`)
    return response.json()
  }
  return {
    name: 'mailchimp',
    async lists() {
      const body = (await call('/lists?count=1000&fields=lists.id,lists.name,lists.stats.member_count')) as {
        lists?: { id: string; name: string; stats?: { member_count?: number } }[]
      }
      return (body.lists ?? []).map((list) => ({
        id: list.id,
        name: list.name,
        memberCount: list.stats?.member_count ?? 0,
      }))
    },
    async subscribe(listId, member) {
      // The member's id is the MD5 of the lower-case address: PUT adds it or updates it.
      const email = member.email.toLowerCase()
      const digest = await crypto.subtle.digest('MD5', new TextEncoder().encode(email))
      await call(`/lists/${encodeURIComponent(listId)}/members/${hex(new Uint8Array(digest))}`, {
        method: 'PUT',
        body: JSON.stringify({ email_address: email, status_if_new: 'subscribed', status: 'subscribed' }),
      })
    },
  }
}

/** The services the connector offers (the editor's first step). */
export function offeredProviders(env: Pick<Env, 'MAILING_LIST_PROVIDER'>): MailingListProvider[] {
  const configured = env.MAILING_LIST_PROVIDER ?? 'local'
  if (configured === 'local') return ['local']
  if (configured === 'mailchimp') return ['local', 'mailchimp']
  throw new Error(`MAILING_LIST_PROVIDER must be "local" or "mailchimp", not "${configured}"`)
}

/** The service `provider` names, for a site; a misconfiguration says how to fix it. */
export function mailingListService(
  env: Pick<Env, 'DB' | 'MAILING_LIST_PROVIDER' | 'MAILCHIMP_API_KEY' | 'ENVIRONMENT'>,
  siteId: string,
  provider: MailingListProvider,
): MailingListService {
  if (!offeredProviders(env).includes(provider))
    throw new MailingListUnavailable(`${provider} is not offered`)
  if (provider === 'local') return localMailingLists(env.DB, siteId)
  return mailchimpLists(readSecret(env, 'MAILCHIMP_API_KEY'))
}
