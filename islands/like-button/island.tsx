/**
 * The like button island: `{@|like-button}` prints it for an item when the site has simple
 * liking on (nothing otherwise). Its count is the item's, as the page route read it (the
 * published count plus the likes stored here); a plain post's outcome for this item shows it
 * pressed with the new count.
 */
import { asNumber, asString, child, isTruthy, type Scope } from '../../templates/index'
import { defineIsland } from '../define'
import { PAGE_ACTION_DATA_KEY, pageActionOf } from '../page-action'
import { type LikeButtonProps, LikeButtonView } from './view'

function likeButtonProps(item: unknown, scope: Scope): LikeButtonProps | null {
  if (!isTruthy(item) || !isTruthy(scope.resolve(['websiteSettings', 'simpleLikingEnabled']))) return null
  const itemId = asString(child(item, 'id'))
  if (itemId === '') return null
  const posted = pageActionOf(scope.resolve([PAGE_ACTION_DATA_KEY]), 'like')
  const mine = posted !== null && posted.itemId === itemId ? posted : null
  const count = asNumber(child(item, 'likeCount'))
  return {
    itemId,
    likeCount: mine?.likeCount ?? (Number.isFinite(count) ? count : 0),
    liked: mine !== null && mine.likeCount !== null,
    message: mine?.message ?? null,
  }
}

function LikeButtonIsland(props: LikeButtonProps) {
  return (
    <LikeButtonView
      props={props}
      state={{ likeCount: props.likeCount, liked: props.liked, pending: false, message: props.message }}
    />
  )
}

export default defineIsland({
  name: 'like-button',
  View: LikeButtonIsland,
  hydrate: 'interaction',
  formatters: { 'like-button': (item, _args, scope) => likeButtonProps(item, scope) },
})
