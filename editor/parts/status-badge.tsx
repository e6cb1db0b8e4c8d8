import { type ContentStatus, EDITOR_TEXT } from '../../shared/index'

export const STATUS_LABEL: Record<ContentStatus, string> = {
  draft: EDITOR_TEXT.statusDraft,
  review: EDITOR_TEXT.statusNeedsReview,
  scheduled: EDITOR_TEXT.statusScheduled,
  private: EDITOR_TEXT.statusPrivate,
  published: EDITOR_TEXT.statusPublished,
}

export function StatusBadge({ status }: { status: ContentStatus }) {
  return <span className={`badge badge-${status}`}>{STATUS_LABEL[status]}</span>
}
