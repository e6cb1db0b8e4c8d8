/**
 * The comments container (storefront.md section 4, "Comments"). Our own: the platform's element
 * (`squarespace-comments` with the item id, the public count and the comment state) holding the
 * thread as plain HTML, so a reader without script reads it (a long thread pages by links,
 * `?page=2`); the live island adds the order, the form, replies and, for a COMMENTER or
 * MODERATOR, hiding. With a comment service: its thread container (`disqus_thread`), which the
 * live island fills by loading the service's script.
 *
 * Every value is text React escapes; a comment keeps its line breaks by CSS (`pre-line`).
 */
import type { ReactNode } from 'react'
import { COMMENTS_TEXT } from '../../shared/index'

/** A comment as the view prints it: the API's fields and its date in the site's words. */
export interface CommentView {
  id: string
  parentId: string | null
  authorName: string
  createdAt: number
  /** The date in the site's language and time zone. */
  dateText: string
  text: string
  member: boolean
}

export interface ThreadView extends CommentView {
  replies: CommentView[]
}

export type CommentSortOrder = 'oldest' | 'newest'

export type OwnCommentsProps = {
  kind: 'own'
  itemId: string
  collectionId: string
  itemUrl: string
  title: string
  locale: string
  timeZone: string
  /** The item's comment state: 1 takes new comments, anything else is read only. */
  commentState: number
  count: number
  threads: ThreadView[]
  /** This page (from 0) and the next, or null on the last. */
  page: number
  nextPage: number | null
  /** Whether visitors who are not signed in may comment (with a name and an email). */
  visitors: boolean
  captchaSiteKey: string | null
}

export type DisqusProps = {
  kind: 'disqus'
  shortname: string
  itemId: string
  url: string
  title: string
}

export type CommentsProps = OwnCommentsProps | DisqusProps

export interface Viewer {
  signedIn: boolean
  name: string | null
  moderator: boolean
}

export interface CommentsState {
  threads: ThreadView[]
  count: number
  sort: CommentSortOrder
  nextPage: number | null
  /** Whether the island is live (the form and controls need script). */
  live: boolean
  loading: boolean
  viewer: Viewer | null
  replyTo: ThreadView | null
  posting: boolean
  /** The form's outcome: a refusal, or the posted confirmation. */
  message: { text: string; error: boolean } | null
}

/**
 * What only the live island shows, made by client.tsx (the worker never renders them, so its
 * bundle carries none of it): a comment's Reply and Hide, the order control, the form.
 */
export interface CommentsHandlers {
  actions(comment: CommentView, thread?: ThreadView): ReactNode
  sort: ReactNode
  form: ReactNode
  onMore(event: { preventDefault(): void }): void
}

/** A comment's date in the site's language and time zone (the server's and the browser's words alike). */
export function commentDate(createdAt: number, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(createdAt))
  } catch {
    return new Date(createdAt).toISOString().slice(0, 10)
  }
}

function Comment({
  comment,
  state,
  handlers,
  children,
  thread,
}: {
  comment: CommentView
  state: CommentsState
  handlers?: CommentsHandlers
  children?: ReactNode
  thread?: ThreadView
}) {
  const controls = state.live && handlers !== undefined
  return (
    <li className="comment" id={`comment-${comment.id}`} data-comment-id={comment.id}>
      <article className="comment-body">
        <header className="comment-meta">
          <span className="comment-author">{comment.authorName}</span>
          {comment.member ? <span className="comment-member">{COMMENTS_TEXT.member}</span> : null}
          <time className="comment-date" dateTime={new Date(comment.createdAt).toISOString()}>
            {comment.dateText}
          </time>
        </header>
        <p className="comment-text">{comment.text}</p>
        {controls ? handlers.actions(comment, thread) : null}
      </article>
      {children}
    </li>
  )
}

function OwnComments({
  props,
  state,
  handlers,
}: {
  props: OwnCommentsProps
  state: CommentsState
  handlers?: CommentsHandlers
}) {
  const live = state.live && handlers !== undefined
  const headingId = `comments-${props.itemId}-heading`
  return (
    <div
      className="squarespace-comments own-comments"
      id={`comments-${props.itemId}`}
      data-item-id={props.itemId}
      data-public-comment-count={state.count}
      data-comment-state={props.commentState}
    >
      <div className="comments-header">
        <h2 className="comments-heading" id={headingId}>
          {COMMENTS_TEXT.count(state.count)}
        </h2>
        {live && state.count > 1 ? handlers.sort : null}
      </div>
      {state.threads.length > 0 ? (
        <ol className="comments-list" aria-busy={state.loading}>
          {state.threads.map((thread) => (
            <Comment key={thread.id} comment={thread} thread={thread} state={state} handlers={handlers}>
              {thread.replies.length > 0 ? (
                <ol className="comment-replies">
                  {thread.replies.map((reply) => (
                    <Comment key={reply.id} comment={reply} state={state} handlers={handlers} />
                  ))}
                </ol>
              ) : null}
            </Comment>
          ))}
        </ol>
      ) : props.commentState === 1 ? (
        <p className="comments-note">{COMMENTS_TEXT.empty}</p>
      ) : null}
      {state.nextPage !== null ? (
        <a
          className="comments-more"
          href={`${props.itemUrl}?page=${state.nextPage + 1}#comments-${props.itemId}`}
          onClick={handlers?.onMore}
        >
          {state.loading ? COMMENTS_TEXT.loading : COMMENTS_TEXT.olderPage}
        </a>
      ) : null}
      {live ? handlers.form : null}
    </div>
  )
}

/** The comment service's container; the live island loads the service into it. */
function DisqusThread({ props }: { props: DisqusProps }) {
  return (
    <div
      className="squarespace-comments"
      id="disqus_thread"
      data-disqus-shortname={props.shortname}
      data-item-id={props.itemId}
    />
  )
}

export function CommentsView({
  props,
  state,
  handlers,
}: {
  props: CommentsProps
  state: CommentsState
  handlers?: CommentsHandlers
}) {
  return props.kind === 'disqus' ? (
    <DisqusThread props={props} />
  ) : (
    <OwnComments props={props} state={state} handlers={handlers} />
  )
}

/** The first state, on the server and in the browser's first render alike. */
export function firstState(props: CommentsProps): CommentsState {
  const own = props.kind === 'own'
  return {
    threads: own ? props.threads : [],
    count: own ? props.count : 0,
    sort: 'oldest',
    nextPage: own ? props.nextPage : null,
    live: false,
    loading: false,
    viewer: null,
    replyTo: null,
    posting: false,
    message: null,
  }
}
