/** Shopper text of the like button (storefront.md section 2: shown only with simple liking on). */
export const LIKES_TEXT = {
  like: 'Like',
  /** The button's accessible name; `{count}` is the number of likes. */
  likeLabel: 'Like ({count} likes)',
} as const
