/** A local mailing list's members, newest first, a page at a time, with Refresh (the connector). */
import { useId, useState } from 'react'
import {
  CONNECTIONS_TEXT,
  LIST_MEMBERS_PAGE_SIZE,
  type ListMembersAnswer,
  memberCountText,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { request } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { useSession } from '../session'
import { MAILING_LIST_API } from './connector-steps'
import { LoadError, Loading } from './load-error'

const BASE = MAILING_LIST_API

/** A local list's members, newest first, a page at a time. */
export function ListMembers({ listId, listName }: { listId: string; listName: string }) {
  const { session } = useSession()
  const [page, setPage] = useState(1)
  const [load, reload] = useLoad(
    () =>
      request<ListMembersAnswer>('GET', `${BASE}/lists/${encodeURIComponent(listId)}/members?page=${page}`),
    [listId, page],
  )
  const headingId = useId()
  const pages = load.state === 'ready' ? Math.max(1, Math.ceil(load.data.total / LIST_MEMBERS_PAGE_SIZE)) : 1
  return (
    <div className="members">
      <div className="card-row">
        <h3 id={headingId} className="members-title">
          {fillText(CONNECTIONS_TEXT.membersTitle, { list: listName })}
        </h3>
        {load.state === 'ready' ? <span className="meta">{memberCountText(load.data.total)}</span> : null}
        <button type="button" className="button" onClick={reload}>
          {CONNECTIONS_TEXT.refresh}
        </button>
      </div>
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={CONNECTIONS_TEXT.unableToConnect} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' && load.data.members.length === 0 ? (
        <p className="hint">{CONNECTIONS_TEXT.noMembers}</p>
      ) : null}
      {load.state === 'ready' && load.data.members.length > 0 ? (
        // Scrolls sideways on a phone: focusable, so the keyboard scrolls it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
        <section className="table-wrap" tabIndex={0} aria-labelledby={headingId}>
          <table className="members-table">
            <thead>
              <tr>
                <th scope="col">{CONNECTIONS_TEXT.memberEmail}</th>
                <th scope="col">{CONNECTIONS_TEXT.memberStatus}</th>
                <th scope="col">{CONNECTIONS_TEXT.memberSource}</th>
                <th scope="col">{CONNECTIONS_TEXT.memberAdded}</th>
              </tr>
            </thead>
            <tbody>
              {load.data.members.map((member) => (
                <tr key={member.email}>
                  <td>{member.email}</td>
                  <td>{member.status}</td>
                  <td>{member.source}</td>
                  <td>{formatWhen(member.addedAt, session.site.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {pages > 1 ? (
        <nav
          className="row-actions pager"
          aria-label={fillText(CONNECTIONS_TEXT.membersTitle, { list: listName })}
        >
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {CONNECTIONS_TEXT.previousPage}
          </button>
          <span className="meta">{fillText(CONNECTIONS_TEXT.pageOf, { page, pages })}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {CONNECTIONS_TEXT.nextPage}
          </button>
        </nav>
      ) : null}
    </div>
  )
}
