/**
 * The like button in the browser: a press sends `API.likeItem` and shows the count
 * the worker answers (a visitor's like counts once however often they press). A refused crumb
 * says 'Your session has expired…' (or 'Please enable cookies…'); the rate limit 'Please try
 * again in a few seconds.'.
 */
import { type FormEvent, useCallback, useState } from 'react'
import { API, COMMERCE_TEXT } from '../../shared/index'
import { defineClient } from '../contracts'
import { messageOf, request } from '../http'
import { type LikeButtonProps, type LikeButtonState, LikeButtonView } from './view'

function LikeButton(props: LikeButtonProps) {
  const [state, setState] = useState<LikeButtonState>({
    likeCount: props.likeCount,
    liked: props.liked,
    pending: false,
    message: props.message,
  })

  const like = useCallback(async () => {
    setState((previous) => ({ ...previous, pending: true, message: null }))
    const answer = await request(API.likeItem, { itemId: props.itemId })
    const count = answer.body?.likeCount
    if (answer.status === 200 && typeof count === 'number') {
      setState({ likeCount: count, liked: true, pending: false, message: null })
      return
    }
    const message =
      answer.status === 403 && answer.body?.crumbFail === true
        ? navigator.cookieEnabled
          ? COMMERCE_TEXT.sessionExpired
          : COMMERCE_TEXT.enableCookies
        : answer.status === 429
          ? COMMERCE_TEXT.tryAgainShortly
          : messageOf(answer)
    setState((previous) => ({ ...previous, pending: false, message }))
  }, [props.itemId])

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (!state.pending) void like()
    },
    [like, state.pending],
  )

  return <LikeButtonView props={props} state={state} onSubmit={onSubmit} />
}

export default defineClient('like-button', LikeButton)
