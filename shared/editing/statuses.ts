/**
 * Content statuses (platform.md section 3: Scheduled, Needs Review, Draft, Private) and the
 * published state, with the transitions the spec leaves open (section 4: "allowed transitions
 * not shown"). Ours, written down in the README's "Edit a site":
 *
 * - a new item or page starts as Draft;
 * - Draft -> Needs Review: whoever may edit it (submitting for review); Needs Review -> Draft
 *   (withdrawn, or sent back);
 * - Draft or Needs Review -> Published, Scheduled or Private: whoever may publish it;
 * - Scheduled -> Draft (unscheduled), or -> Published (now);
 * - Published or Private -> Draft (unpublished); Published <-> Private;
 * - a change to a live record (its draft) may be submitted for review by whoever may edit it:
 *   the record keeps its status and stays live as it is until someone publishes the change;
 * - pages (collections) are Draft, Needs Review or Published: Scheduled and Private apply to
 *   items; the site record (its navigation) is always Published.
 *
 * A status change is staged in the record's draft like any edit and takes effect when the site
 * is published (Review Changes lists it). Draft and Needs Review records are not live: their
 * content lives only in the editor's drafts. Scheduled content is stored live with its time and
 * kept off every page until then; the site's publisher (a Durable Object alarm) turns the site's
 * pages over at that second. Private content is live for signed-in editors only: never cached,
 * never in the sitemap or search.
 */
export const CONTENT_STATUSES = ['draft', 'review', 'scheduled', 'private', 'published'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** Whether a record in this status is stored live (KV) when the site is published. */
export function isLiveStatus(status: ContentStatus): boolean {
  return status === 'published' || status === 'scheduled' || status === 'private'
}

/** Who may make a transition: `edit` (whoever may edit the record) or `publish`. */
export type TransitionRight = 'edit' | 'publish'

const TRANSITIONS: Readonly<Record<ContentStatus, Partial<Record<ContentStatus, TransitionRight>>>> = {
  draft: { review: 'edit', published: 'publish', scheduled: 'publish', private: 'publish' },
  review: { draft: 'edit', published: 'publish', scheduled: 'publish', private: 'publish' },
  scheduled: { draft: 'publish', published: 'publish' },
  published: { draft: 'publish', private: 'publish' },
  private: { draft: 'publish', published: 'publish' },
}

/** The right a transition needs, or null when the transition is not allowed at all. */
export function transitionRight(from: ContentStatus, to: ContentStatus): TransitionRight | null {
  return TRANSITIONS[from][to] ?? null
}

/** The statuses a record in `from` may move to. */
export function nextStatuses(from: ContentStatus): ContentStatus[] {
  return Object.keys(TRANSITIONS[from]) as ContentStatus[]
}
