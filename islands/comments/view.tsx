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
import type { FormEvent, ReactNode, RefObject } from 'react'
import { COMMENTS_TEXT, dateFormat, fillText } from '../../shared/index'

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

/** The reader until the API says who reads: the server prints the thread for a visitor. */
const VISITOR: Viewer = { signedIn: false, name: null, moderator: false }

/** The form's parts the live island supplies (client.tsx). */
export interface FormParts {
  onReply(thread: ThreadView | null): void
  onSubmit(event: FormEvent<HTMLFormElement>): void
  captchaRef: RefObject<HTMLDivElement | null>
  formRef: RefObject<HTMLFormElement | null>
}

/**
 * What the live island adds (client.tsx): what Reply, Hide and the form do, and the order
 * control. The server prints the same Reply buttons and form for a visitor, so nothing moves
 * when the island goes live (CLS 0): only a signed-in reader's form and a moderator's Hide
 * change once the API has said who reads.
 */
export interface CommentsHandlers {
  onReply(thread: ThreadView): void
  onHide(comment: CommentView): void
  sort: ReactNode
  form: FormParts
  onMore(event: { preventDefault(): void }): void
}

/** Whether the reader may write here: the item takes comments and they are signed in or visitors may. */
function mayWrite(props: OwnCommentsProps, viewer: Viewer): boolean {
  return props.commentState === 1 && (viewer.signedIn || props.visitors)
}

/** The form: a signed-in reader's, a visitor's (name, email, the captcha), or why there is none. */
function CommentForm({
  props,
  state,
  parts,
}: {
  props: OwnCommentsProps
  state: CommentsState
  parts?: FormParts
}) {
  const viewer = state.viewer ?? VISITOR
  if (props.commentState !== 1) return <p className="comments-note">{COMMENTS_TEXT.closed}</p>
  const asVisitor = !viewer.signedIn
  if (asVisitor && !props.visitors) return <p className="comments-note">{COMMENTS_TEXT.signInToComment}</p>
  const fieldId = (name: string) => `comment-${props.itemId}-${name}`
  return (
    <form className="comment-form" method="post" ref={parts?.formRef} onSubmit={parts?.onSubmit} noValidate>
      {viewer.signedIn && viewer.name !== null ? (
        <p className="comments-note">{fillText(COMMENTS_TEXT.signedInAs, { name: viewer.name })}</p>
      ) : null}
      {state.replyTo !== null ? (
        <p className="comment-replying">
          {fillText(COMMENTS_TEXT.replyingTo, { name: state.replyTo.authorName })}{' '}
          <button type="button" className="comment-action" onClick={() => parts?.onReply(null)}>
            {COMMENTS_TEXT.cancelReply}
          </button>
        </p>
      ) : null}
      {asVisitor ? (
        <div className="comment-form-row">
          <label htmlFor={fieldId('name')}>{COMMENTS_TEXT.nameLabel}</label>
          <input id={fieldId('name')} name="name" autoComplete="name" maxLength={100} required />
          <label htmlFor={fieldId('email')}>{COMMENTS_TEXT.emailLabel}</label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            required
          />
        </div>
      ) : null}
      <label htmlFor={fieldId('text')}>{COMMENTS_TEXT.commentLabel}</label>
      <textarea id={fieldId('text')} name="text" rows={4} maxLength={5000} required />
      {asVisitor && props.captchaSiteKey !== null ? (
        <div className="comment-captcha" ref={parts?.captchaRef} />
      ) : null}
      <button type="submit" className="comment-submit" disabled={state.posting}>
        {state.posting ? COMMENTS_TEXT.posting : COMMENTS_TEXT.post}
      </button>
      {state.message !== null ? (
        <p
          className={state.message.error ? 'comment-error' : 'comment-posted'}
          role={state.message.error ? 'alert' : 'status'}
        >
          {state.message.text}
        </p>
      ) : null}
    </form>
  )
}

const COMMENT_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long' }

/** A comment's date in the site's language and time zone (the server's and the browser's words alike). */
export function commentDate(createdAt: number, locale: string, timeZone: string): string {
  try {
    return dateFormat(COMMENT_DATE, locale, timeZone).format(createdAt)
  } catch {
    return new Date(createdAt).toISOString().slice(0, 10)
  }
}

function Comment({
  comment,
  props,
  state,
  handlers,
  children,
  thread,
}: {
  comment: CommentView
  props: OwnCommentsProps
  state: CommentsState
  handlers?: CommentsHandlers
  children?: ReactNode
  thread?: ThreadView
}) {
  const viewer = state.viewer ?? VISITOR
  const reply = thread !== undefined && mayWrite(props, viewer)
  const hide = state.live && viewer.moderator
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
        {reply || hide ? (
          <div className="comment-actions">
            {reply ? (
              <button type="button" className="comment-action" onClick={() => handlers?.onReply(thread)}>
                {COMMENTS_TEXT.reply}
              </button>
            ) : null}
            {hide ? (
              <button type="button" className="comment-action" onClick={() => handlers?.onHide(comment)}>
                {COMMENTS_TEXT.hide}
              </button>
            ) : null}
          </div>
        ) : null}
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
            <Comment
              key={thread.id}
              comment={thread}
              thread={thread}
              props={props}
              state={state}
              handlers={handlers}
            >
              {thread.replies.length > 0 ? (
                <ol className="comment-replies">
                  {thread.replies.map((reply) => (
                    <Comment key={reply.id} comment={reply} props={props} state={state} handlers={handlers} />
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
      <CommentForm props={props} state={state} parts={handlers?.form} />
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
