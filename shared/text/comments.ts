import { commentCountText } from './comment-count'

/** Shopper text of our own comments (storefront.md sections 2 and 4; issue 24). */
export const COMMENTS_TEXT = {
  /** 'No Comments', '1 Comment', 'N Comments' (platform.md section 13): the link's words and the thread's heading. */
  count: commentCountText,
  /** The thread's order control. */
  sortLabel: 'Order',
  oldestFirst: 'Oldest first',
  newestFirst: 'Newest first',
  olderPage: 'More comments',
  loading: 'Loading comments…',
  empty: 'Be the first to comment.',
  closed: 'Comments are closed.',
  reply: 'Reply',
  cancelReply: 'Cancel',
  replyingTo: 'Replying to {name}',
  hide: 'Hide',
  hidden: 'The comment is hidden.',
  member: 'Member',
  /** The form. */
  commentLabel: 'Comment',
  nameLabel: 'Name',
  emailLabel: 'Email (not shown)',
  post: 'Post Comment',
  posting: 'Posting…',
  posted: 'Your comment is posted.',
  signInToComment: 'Sign in to comment.',
  signedInAs: 'Commenting as {name}',
  /** The comment's date as a screen reader hears it and the thread's accessible name. */
  threadLabel: 'Comments on {title}',
  /** Refusals (the API's messages). */
  disabled: 'Comments are not turned on for this site.',
  closedForItem: 'Comments are closed for this item.',
  noSuchItem: 'There is no such item.',
  noSuchComment: 'There is no such comment.',
  replyToReply: 'Replies go one level deep: answer the first comment instead.',
  visitorsNotAllowed: 'Sign in to comment.',
  nameAndEmailRequired: 'Enter your name and email to comment.',
} as const
