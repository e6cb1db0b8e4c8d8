-- Site users, their website roles and their sessions (storefront.md section 6), and an index
-- for counting stored analytics events by kind (the load script, the suppression tests).

-- One row per site user of a tenant. Passwords are PBKDF2-SHA256 (worker/auth/passwords.ts):
-- `pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>`, never the password itself.
CREATE TABLE site_users (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  -- Lower-cased; one account per email per site.
  email TEXT NOT NULL,
  display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL CHECK (password_hash LIKE 'pbkdf2-sha256$%'),
  created_at INTEGER NOT NULL,
  UNIQUE (site_id, email)
);

-- Website roles per site user, by the platform's numbers (platform.md section 6).
CREATE TABLE site_user_roles (
  site_user_id TEXT NOT NULL REFERENCES site_users (id) ON DELETE CASCADE,
  role INTEGER NOT NULL CHECK (role IN (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13)),
  PRIMARY KEY (site_user_id, role)
);

-- A session per sign-in: the cookie's token names it (`jti`); signing out revokes it, so a
-- copied cookie stops working too.
CREATE TABLE site_user_sessions (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  site_user_id TEXT NOT NULL REFERENCES site_users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX site_user_sessions_user ON site_user_sessions (site_user_id);

CREATE INDEX analytics_events_site_event ON analytics_events (site_id, event);
