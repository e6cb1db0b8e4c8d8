/**
 * The comment count in words (platform.md section 13: 'No Comments', '1 Comment', 'N Comments'):
 * the comment link's words (templates' `comment-count`) and the thread's heading (the comments
 * island). A module of its own, so the template engine's bundle carries this line, not the
 * comments' whole catalogue.
 */
export const commentCountText = (n: number): string => `${n === 0 ? 'No' : n} Comment${n === 1 ? '' : 's'}`
