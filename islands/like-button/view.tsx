/**
 * The like button (storefront.md section 2: shown only when simple liking is enabled in the
 * website settings, with a like count). The platform's element (`sqs-simple-like` with its
 * item id and count) holds a real button in a form that posts to the page without script
 * (routes/page-posts.ts); the live island sends the like to the JSON API instead.
 */
import type { FormEvent } from 'react'
import { fillText, LIKES_TEXT } from '../../shared/index'
import { PAGE_POST_FIELD } from '../page-action'

/** The island's props: plain JSON, built by island.ts from the item. */
export type LikeButtonProps = {
  itemId: string
  likeCount: number
  /** Whether this visitor's like was just counted (a plain post), so the button shows pressed. */
  liked: boolean
  /** A plain post's message (cookies off, the rate limit), else null. */
  message: string | null
}

export interface LikeButtonState {
  likeCount: number
  liked: boolean
  pending: boolean
  message: string | null
}

export function LikeButtonView({
  props,
  state,
  onSubmit,
}: {
  props: LikeButtonProps
  state: LikeButtonState
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
  return (
    <span className="sqs-simple-like" data-item-id={props.itemId} data-like-count={state.likeCount}>
      <form className="sqs-simple-like-form" method="post" onSubmit={onSubmit}>
        <button
          type="submit"
          className={`sqs-simple-like-button${state.liked ? ' liked' : ''}`}
          aria-pressed={state.liked}
          aria-label={fillText(LIKES_TEXT.likeLabel, { count: state.likeCount })}
          disabled={state.pending}
        >
          {/* It shows 'Like (3)', words its name 'Like (3 likes)' holds (axe label-content-name-mismatch). */}
          <span className="like-icon" aria-hidden="true">
            ♥
          </span>{' '}
          <span className="like-text">{LIKES_TEXT.like}</span>{' '}
          <span className="like-count">({state.likeCount})</span>
        </button>
        <input type="hidden" name={PAGE_POST_FIELD.action} value="like" />
        <input type="hidden" name={PAGE_POST_FIELD.itemId} value={props.itemId} />
      </form>
      {state.message !== null ? (
        <span className="sqs-simple-like-message" role="alert">
          {state.message}
        </span>
      ) : null}
    </span>
  )
}
