/**
 * What a response tells the steps after it (the security headers, the page cache) without a
 * cycle between the rooms that write pages and the middleware that reads them.
 */

/** Headers of every HTML response, tenant pages included (security headers: middleware/secure-headers.ts). */
export const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' }

/**
 * A page names the hashes of its inline style blocks here; `secureHeaders` moves them into the
 * Content-Security-Policy and removes this header before the response leaves.
 */
export const INLINE_STYLE_HASHES = 'x-sf-inline-style-hashes'

/** What happened while a streamed page was written: read once its body is complete. */
export interface PageOutcome {
  /** A part of the page failed (an error, a template past its render budget): never cache it. */
  failed: boolean
}

const outcomes = new WeakMap<Response, PageOutcome>()

/** Records the outcome `streamPage` will fill in as the page's body is written. */
export function recordPageOutcome(response: Response, outcome: PageOutcome): void {
  outcomes.set(response, outcome)
}

/** The outcome of a page `streamPage` answered with (null for any other response). */
export function pageOutcome(response: Response): PageOutcome | null {
  return outcomes.get(response) ?? null
}
