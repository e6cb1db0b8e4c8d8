-- Hardening (issue 18): password guessing slowed per account and address, and orders owned by
-- the browser (or site user) that placed them.

-- Wrong passwords per tenant, scope and subject (worker/auth/throttle.ts): `account-address`
-- (email|address), `address`, `page-address` (page id|address), `page-address-all`.
CREATE TABLE sign_in_failures (
  site_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  subject TEXT NOT NULL,
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, scope, subject)
);

-- Who placed an order: the signed-in site user, and a hash of the placing browser's crumb (a
-- resubmit of the same idempotency key from that browser opens the order; from any other it
-- does not).
ALTER TABLE orders ADD COLUMN site_user_id TEXT;
ALTER TABLE orders ADD COLUMN placed_by TEXT;
