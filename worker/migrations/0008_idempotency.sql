-- Idempotent retries (issue 19): a plain HTML form post sent again (a double click, back and
-- resend, a reload after a lost answer) is the submission already stored. Such posts have no
-- key from a script, so a post is known by its fingerprint: a SHA-256 of the tenant, the form,
-- the sender (their crumb, else their address and browser) and the validated answers. The same
-- fingerprint within the hour stores nothing more (worker/db/form-submissions.ts). Script
-- submissions keep their signed key (submission_key) and leave this NULL.
ALTER TABLE form_submissions ADD COLUMN fingerprint TEXT;
CREATE INDEX form_submissions_fingerprint ON form_submissions (site_id, fingerprint, created_at)
  WHERE fingerprint IS NOT NULL;
