-- The site editor (worker/editor/): drafts beside the live records, and the publish history.
--
-- One row per record the editor has touched. `record` holds the draft (the whole record as JSON)
-- while it has unpublished changes, and is NULL once they are published. `revision` grows with
-- every save and never goes back, so a save made from a stale revision is refused (409).
CREATE TABLE editor_drafts (
  site_id TEXT NOT NULL,
  -- `site`, `collection:<slug>` or `item:<collection>/<slug>` (shared/editing/api.ts, RecordKey).
  record_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('site', 'collection', 'item')),
  record TEXT,
  -- The status the record has once published (shared/editing/statuses.ts).
  status TEXT NOT NULL CHECK (status IN ('draft', 'review', 'scheduled', 'private', 'published')),
  needs_review INTEGER NOT NULL DEFAULT 0,
  publish_on INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0,
  revision INTEGER NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, record_key)
);

CREATE INDEX editor_drafts_pending ON editor_drafts (site_id, updated_at) WHERE record IS NOT NULL;

-- Each publish (and rollback): what it wrote to KV, with the values it replaced, so a rollback
-- can restore any earlier version. `state` 'writing' marks a publish whose KV writes may be
-- unfinished: the site's publisher completes it before anything else (worker/editor/publisher.ts).
CREATE TABLE editor_revisions (
  site_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  version TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('writing', 'done')),
  published_at INTEGER NOT NULL,
  published_by TEXT NOT NULL,
  -- JSON: the record keys published.
  keys TEXT NOT NULL,
  -- JSON: [{ "key": KV key, "before": text or null, "after": text or null }].
  writes TEXT NOT NULL,
  -- JSON: [{ "key": record key, "revision": n, "to": record key after, "keep": bool }]: the
  -- drafts this publish settles.
  drafts TEXT NOT NULL,
  restored_from TEXT,
  PRIMARY KEY (site_id, seq)
);
