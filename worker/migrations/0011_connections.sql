-- Connections (issue 23; docs/site-editor.md, "Connections").
--
-- The mailing-list connector: one connection per site (which service and which of its lists a
-- newsletter form's confirmed sign-ups and restock sign-ups that join the list go to;
-- worker/db/mailing-list-store.ts). The local service's lists and their members live here too
-- (worker/providers/mailing-lists.ts, `local`); Mailchimp's live at Mailchimp.
CREATE TABLE mailing_list_connections (
  site_id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  list_id TEXT NOT NULL,
  list_name TEXT NOT NULL,
  connected_at INTEGER NOT NULL,
  connected_by TEXT NOT NULL
);

CREATE TABLE mailing_lists (
  site_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, id)
);
CREATE UNIQUE INDEX mailing_lists_by_name ON mailing_lists (site_id, name COLLATE NOCASE);

-- `status` as Mailchimp spells a member's: `subscribed` (confirmed), `unsubscribed`.
CREATE TABLE mailing_list_members (
  site_id TEXT NOT NULL,
  list_id TEXT NOT NULL,
  email TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('subscribed', 'unsubscribed')),
  source TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, list_id, email)
);
CREATE INDEX mailing_list_members_newest ON mailing_list_members (site_id, list_id, added_at DESC);

-- Zapier (worker/db/zapier-hooks.ts): the merchant's API keys, of which only the SHA-256 (hex)
-- and the first characters (to tell them apart) are kept, and the REST hooks Zapier subscribed
-- with them. Revoking a key removes its hooks.
CREATE TABLE zapier_api_keys (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX zapier_api_keys_by_site ON zapier_api_keys (site_id, created_at);

CREATE TABLE zapier_hooks (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('form_submission', 'order', 'restock_signup')),
  target_url TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX zapier_hooks_by_event ON zapier_hooks (site_id, event);
