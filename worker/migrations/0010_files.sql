-- The site's files (issue 22; worker/editor/files-store.ts). One row per file; its bytes are in R2
-- (`FILES`) under keys by id, never by name: `sites/<site>/files/<id>/original` and `…/w<width>`
-- once served, `sites/<site>/uploads/<id>/<upload>/…` while an upload is staged.
--
-- `state` is the file's: `uploading` (a new file whose bytes are not in yet: not listed),
-- `processing` (the queued job checks them), `ready` (served: its original is in R2), `failed`
-- (its first content was refused: nothing of it is in R2), `deleting` (being removed: not listed;
-- shoppers get it until its objects are gone, as the storefront reads R2 alone). `job_state` and `error` are those of the latest upload (a replace of a ready file
-- runs its job while the file stays `ready`). `pending_upload` is the staged upload, with what
-- the browser claimed of it (`pending_claims`, JSON) and the multipart parts received
-- (`pending_parts`, JSON: part number -> R2 etag); `pending_at` is when it started, or when its
-- processing started (the job's timeout and the sweep of abandoned uploads count from it).
CREATE TABLE editor_files (
  site_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'document', 'audio', 'video', 'archive')),
  size INTEGER NOT NULL DEFAULT 0,
  width INTEGER,
  height INTEGER,
  -- JSON: ColorData (shared/editing/files.ts), images only.
  color_data TEXT,
  focal_x REAL NOT NULL DEFAULT 0.5,
  focal_y REAL NOT NULL DEFAULT 0.5,
  alt_text TEXT NOT NULL DEFAULT '',
  -- JSON: the srcset widths stored below the original's width.
  variants TEXT NOT NULL DEFAULT '[]',
  version INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL CHECK (state IN ('uploading', 'processing', 'ready', 'failed', 'deleting')),
  job_state TEXT CHECK (job_state IN ('uploading', 'processing', 'ready', 'failed', 'cancelled')),
  error TEXT,
  pending_upload TEXT,
  pending_claims TEXT,
  pending_parts TEXT,
  pending_at INTEGER,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, id)
);

CREATE INDEX editor_files_updated ON editor_files (site_id, updated_at);
CREATE INDEX editor_files_pending ON editor_files (site_id, pending_at) WHERE pending_upload IS NOT NULL;
