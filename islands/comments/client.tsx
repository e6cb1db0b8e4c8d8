/**
 * Comments in the browser (issue 24). Our own: once live, the island asks the API who reads
 * (`API.itemComments`: signed in, their name, whether they may hide comments) with the thread's
 * first page, then offers the order (oldest or newest first), 'More comments', the form (a
 * signed-in site user; a visitor with a name and an email where the site allows, past the
 * captcha when the site has a key), a reply to a top-level comment and, for a COMMENTER or
 * MODERATOR, hiding. A comment shows only once the server answered that it is stored; the
 * page's comment links then print the new count. A comment service: its script, loaded into
 * the container (`disqus_config` names the item's URL and id).
 */
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { API, COMMENTS_TEXT, FORMS_TEXT } from '../../shared/index'
import { useCaptcha } from '../captcha/use-captcha'
import { defineClient } from '../contracts'
import { newIdempotencyKey, outcomeUnknown, request } from '../http'
import { sessionRequest } from '../site-user-session'
import {
  type CommentSortOrder,
  type CommentsHandlers,
  type CommentsProps,
  type CommentsState,
  CommentsView,
  type CommentView,
  commentDate,
  type DisqusProps,
  firstState,
  type OwnCommentsProps,
  type ThreadView,
  type Viewer,
} from './view'

type RawComment = Omit<CommentView, 'dateText'>
type RawThread = RawComment & { replies?: unknown }

function isRawComment(value: unknown): value is RawComment {
  const c = value as Partial<RawComment> | null
  return (
    typeof c?.id === 'string' &&
    typeof c.text === 'string' &&
    typeof c.authorName === 'string' &&
    typeof c.createdAt === 'number'
  )
}

function viewOf(props: OwnCommentsProps, comment: RawComment): CommentView {
  return {
    id: comment.id,
    parentId: comment.parentId ?? null,
    authorName: comment.authorName,
    createdAt: comment.createdAt,
    dateText: commentDate(comment.createdAt, props.locale, props.timeZone),
    text: comment.text,
    member: comment.member === true,
  }
}

function threadsOf(props: OwnCommentsProps, list: unknown[]): ThreadView[] {
  return list.filter(isRawComment).map((top) => {
    const replies = (top as RawThread).replies
    return {
      ...viewOf(props, top),
      replies: Array.isArray(replies)
        ? replies.filter(isRawComment).map((reply) => viewOf(props, reply))
        : [],
    }
  })
}

/** The page's comment links for this item print the new count (they are plain server HTML). */
function showCount(itemId: string, count: number): void {
  for (const link of document.querySelectorAll<HTMLElement>('.sqs-comment-link')) {
    if (link.dataset.id === itemId) link.textContent = COMMENTS_TEXT.count(count)
  }
}

function OwnComments(props: OwnCommentsProps) {
  const [state, setState] = useState<CommentsState>(() => firstState(props))
  const captchaRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  // Until the API answers, the reader is a visitor, as the server printed the thread for one.
  const asVisitor = state.viewer?.signedIn !== true
  const captcha = useCaptcha(
    captchaRef,
    asVisitor && props.captchaSiteKey !== null ? props.captchaSiteKey : null,
  )

  const load = useCallback(
    async (sort: CommentSortOrder, page: number) => {
      setState((previous) => ({ ...previous, loading: true }))
      const answer = await request(API.itemComments, undefined, {
        query: { itemId: props.itemId, sort, page: String(page) },
      })
      const data = answer.ok ? answer.data.data : null
      if (data === null || !Array.isArray(data.comments)) {
        console.warn('Comments could not be loaded:', answer.status)
        setState((previous) => ({ ...previous, loading: false }))
        return
      }
      const viewer = (answer.ok ? answer.data.viewer : null) as Viewer | null
      const more = threadsOf(props, data.comments)
      setState((previous) => {
        const shown = new Set(previous.threads.map((t) => t.id))
        return {
          ...previous,
          threads: page === 0 ? more : [...previous.threads, ...more.filter((t) => !shown.has(t.id))],
          count: typeof data.count === 'number' ? data.count : previous.count,
          nextPage: typeof data.nextPage === 'number' ? data.nextPage : null,
          sort,
          loading: false,
          viewer: viewer ?? previous.viewer,
        }
      })
    },
    [props],
  )

  // Live: the reader (and the current first page) from the API; a later page printed without
  // script (`?page=2`) stays as it is.
  useEffect(() => {
    setState((previous) => ({ ...previous, live: true }))
    if (props.page === 0) void load('oldest', 0)
    else
      void request(API.itemComments, undefined, {
        query: { itemId: props.itemId, page: String(props.page) },
      }).then((answer) => {
        if (answer.ok) setState((previous) => ({ ...previous, viewer: answer.data.viewer }))
      })
  }, [load, props.itemId, props.page])

  const onSort = useCallback(
    (event: ChangeEvent<HTMLSelectElement>) =>
      void load(event.currentTarget.value === 'newest' ? 'newest' : 'oldest', 0),
    [load],
  )
  const onMore = useCallback(
    (event: { preventDefault(): void }) => {
      event.preventDefault()
      if (!state.loading && state.nextPage !== null) void load(state.sort, state.nextPage)
    },
    [load, state.loading, state.nextPage, state.sort],
  )
  const onReply = useCallback((thread: ThreadView | null) => {
    setState((previous) => ({ ...previous, replyTo: thread, message: null }))
    if (thread !== null) formRef.current?.querySelector('textarea')?.focus()
  }, [])

  const onHide = useCallback(
    async (comment: CommentView) => {
      const answer = await sessionRequest(API.hideComment, undefined, { params: { commentId: comment.id } })
      if (!answer.ok) {
        setState((previous) => ({
          ...previous,
          message: { text: answer.message ?? COMMENTS_TEXT.noSuchComment, error: true },
        }))
        return
      }
      const count = typeof answer.body.count === 'number' ? answer.body.count : state.count
      showCount(props.itemId, count)
      setState((previous) => ({
        ...previous,
        count,
        threads: previous.threads
          .filter((t) => t.id !== comment.id)
          .map((t) => ({ ...t, replies: t.replies.filter((r) => r.id !== comment.id) })),
        replyTo: previous.replyTo?.id === comment.id ? null : previous.replyTo,
        message: { text: COMMENTS_TEXT.hidden, error: false },
      }))
    },
    [props.itemId, state.count],
  )

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (state.posting) return
      const form = event.currentTarget
      const field = (name: string) => {
        const input = form.elements.namedItem(name)
        return input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement
          ? input.value.trim()
          : ''
      }
      const text = field('text')
      const fail = (message: string) =>
        setState((previous) => ({ ...previous, posting: false, message: { text: message, error: true } }))
      if (text === '') return fail(`${COMMENTS_TEXT.commentLabel}: ${FORMS_TEXT.required}`)
      const visitor = state.viewer?.signedIn !== true
      const token = captcha.token()
      if (visitor && (field('name') === '' || field('email') === ''))
        return fail(COMMENTS_TEXT.nameAndEmailRequired)
      if (visitor && captcha.shown && token === '') return fail(FORMS_TEXT.captchaRequired)
      setState((previous) => ({ ...previous, posting: true, message: null }))
      const body = {
        itemId: props.itemId,
        text,
        ...(state.replyTo !== null ? { parentId: state.replyTo.id } : {}),
        ...(visitor ? { name: field('name'), email: field('email'), captchaToken: token || undefined } : {}),
      }
      // Sent once more with the same key when no answer came: the worker stores it once.
      const options = { headers: { 'Idempotency-Key': newIdempotencyKey() } }
      let answer = await sessionRequest(API.postComment, body, options)
      if (!answer.ok && outcomeUnknown(answer.status))
        answer = await sessionRequest(API.postComment, body, options)
      if (!answer.ok) {
        if (visitor) captcha.reset()
        return fail(answer.message ?? COMMENTS_TEXT.noSuchItem)
      }
      // Reset, not destroyed: the form stays for the reader's next comment, which needs a new token.
      if (visitor) captcha.reset()
      const stored = answer.body.comment
      const count = typeof answer.body.count === 'number' ? answer.body.count : state.count + 1
      showCount(props.itemId, count)
      form.reset()
      setState((previous) => {
        if (!isRawComment(stored)) return { ...previous, posting: false }
        const comment = viewOf(props, stored)
        const threads =
          comment.parentId === null
            ? previous.sort === 'newest'
              ? [{ ...comment, replies: [] }, ...previous.threads]
              : previous.nextPage === null
                ? [...previous.threads, { ...comment, replies: [] }]
                : previous.threads
            : previous.threads.map((t) =>
                t.id === comment.parentId ? { ...t, replies: [...t.replies, comment] } : t,
              )
        return {
          ...previous,
          threads,
          count,
          posting: false,
          replyTo: null,
          message: { text: COMMENTS_TEXT.posted, error: false },
        }
      })
    },
    [captcha, props, state.count, state.posting, state.replyTo, state.viewer],
  )

  const handlers: CommentsHandlers = {
    onReply,
    onHide: (comment) => void onHide(comment),
    sort: (
      <label className="comments-sort">
        {COMMENTS_TEXT.sortLabel}{' '}
        <select value={state.sort} onChange={onSort}>
          <option value="oldest">{COMMENTS_TEXT.oldestFirst}</option>
          <option value="newest">{COMMENTS_TEXT.newestFirst}</option>
        </select>
      </label>
    ),
    form: { onReply, onSubmit: (event) => void onSubmit(event), captchaRef, formRef },
    onMore,
  }
  return <CommentsView props={props} state={state} handlers={handlers} />
}

declare global {
  interface Window {
    disqus_config?: (this: { page: { url: string; identifier: string; title: string } }) => void
  }
}

/** The comment service's thread: its embed script, told the item's URL and id. */
function Disqus(props: DisqusProps) {
  useEffect(() => {
    const url = new URL(props.url, window.location.origin).href
    window.disqus_config = function config() {
      this.page.url = url
      this.page.identifier = props.itemId
      this.page.title = props.title
    }
    const script = document.createElement('script')
    script.src = `https://${props.shortname}.disqus.com/embed.js`
    script.setAttribute('data-timestamp', String(Date.now()))
    script.async = true
    document.head.appendChild(script)
  }, [props.itemId, props.shortname, props.title, props.url])
  return <CommentsView props={props} state={firstState(props)} />
}

function Comments(props: CommentsProps) {
  return props.kind === 'disqus' ? <Disqus {...props} /> : <OwnComments {...props} />
}

export default defineClient('comments', Comments)
