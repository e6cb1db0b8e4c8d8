/**
 * The connections API's answers (issue 23; worker/editor/connections-api.ts and the Connections
 * screen, editor/screens/connections.tsx), and the words that depend on a count.
 */

import { CONNECTIONS_TEXT } from '../text/editing-connections'
import { fillText } from '../text/format'

export type MailingListProvider = 'local' | 'mailchimp'

export interface MailingListSummary {
  id: string
  name: string
  memberCount: number
}

export interface MailingListConnectionSummary {
  provider: MailingListProvider
  listId: string
  listName: string
  connectedAt: number
}

/** `GET /config/api/connections/mailing-list` */
export interface MailingListAnswer {
  providers: MailingListProvider[]
  connection: MailingListConnectionSummary | null
}

/** `GET /config/api/connections/mailing-list/lists?provider=…` */
export interface MailingListsAnswer {
  lists: MailingListSummary[]
}

export interface ListMemberSummary {
  email: string
  status: 'subscribed' | 'unsubscribed'
  source: string
  addedAt: number
}

/** `GET /config/api/connections/mailing-list/lists/:id/members?page=…` (local lists). */
export interface ListMembersAnswer {
  members: ListMemberSummary[]
  total: number
  page: number
  pageSize: number
}

export interface ApiKeySummary {
  id: string
  prefix: string
  createdAt: number
  lastUsedAt: number | null
}

/** `GET /config/api/connections/zapier` */
export interface ZapierAnswer {
  /** Hooks Zapier subscribed: one per Zap turned on. */
  connectedZaps: number
  keys: ApiKeySummary[]
}

/** `POST /config/api/connections/zapier/keys`: the key itself, this once. */
export interface NewApiKeyAnswer extends ApiKeySummary {
  key: string
}

/** Members shown per page of a local list. */
export const LIST_MEMBERS_PAGE_SIZE = 25

export function providerName(provider: MailingListProvider): string {
  return provider === 'mailchimp' ? CONNECTIONS_TEXT.providerMailchimp : CONNECTIONS_TEXT.providerLocal
}

/** '1 connected Zap', '3 connected Zaps'. */
export function connectedZapsText(count: number): string {
  return count === 1 ? CONNECTIONS_TEXT.connectedZapsOne : fillText(CONNECTIONS_TEXT.connectedZaps, { count })
}

/** '1 member', '12 members'. */
export function memberCountText(count: number): string {
  return count === 1 ? CONNECTIONS_TEXT.memberCountOne : fillText(CONNECTIONS_TEXT.memberCount, { count })
}
