-- Hardening (issue 18) and a checkout that always ends paid or not charged (issue 19).

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

-- Orders with every state of a resumable checkout (worker/commerce/order-states.ts):
--   pending   stock reserved, the row written; a charge may be in flight (attempt N)
--   charged   the provider took the money (payment_ref); stock, cart and row still to finish
--   paid      stock committed, cart closed: done
--   failed    not charged (declined, or the charge never happened); stock released
--   refunded  charged, but the stock was gone: the charge was refunded
-- SQLite cannot widen a CHECK constraint, so the table is rebuilt with its rows.
CREATE TABLE orders_next (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  cart_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'charged', 'paid', 'failed', 'refunded')),
  email TEXT NOT NULL,
  shipping TEXT NOT NULL,
  lines TEXT NOT NULL,
  currency TEXT NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  grand_total_cents INTEGER NOT NULL,
  payment_ref TEXT,
  subscription_plan TEXT,
  gift_card_code TEXT,
  created_at INTEGER NOT NULL,
  -- The signed-in site user who placed it, and a hash of the placing browser's crumb: a resubmit
  -- of the same idempotency key from that browser opens the order; from any other it does not.
  site_user_id TEXT,
  placed_by TEXT,
  -- The charge attempt (1, 2, … after a decline and a retry): the provider's idempotency key is
  -- `<id>.<attempt>`, so the sweep asks the provider about the right one.
  attempt INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL,
  -- Why a checkout failed or was refunded (declined, stock), for the shopper and the operator.
  failure TEXT,
  -- When the confirmation email was accepted by the email provider (the sweep sends missing ones).
  confirmation_sent_at INTEGER,
  -- The tenant's origin at checkout: the confirmation email's links point there.
  origin TEXT,
  UNIQUE (site_id, idempotency_key)
);
INSERT INTO orders_next (id, site_id, idempotency_key, cart_id, status, email, shipping, lines, currency,
  subtotal_cents, grand_total_cents, payment_ref, subscription_plan, gift_card_code, created_at, updated_at,
  confirmation_sent_at)
SELECT id, site_id, idempotency_key, cart_id, status, email, shipping, lines, currency, subtotal_cents,
  grand_total_cents, payment_ref, subscription_plan, gift_card_code, created_at, created_at, created_at
FROM orders;
DROP TABLE orders;
ALTER TABLE orders_next RENAME TO orders;
CREATE INDEX orders_site_created ON orders (site_id, created_at);
CREATE INDEX orders_site_cart ON orders (site_id, cart_id);
-- The reconciliation sweep's reading: unfinished orders by age.
CREATE INDEX orders_unfinished ON orders (status, updated_at) WHERE status IN ('pending', 'charged');

-- The local test payment provider's own record (worker/payments/test-provider.ts), as Stripe
-- keeps one: what was charged under which idempotency key, so a lost answer can be asked about.
CREATE TABLE test_payment_charges (
  idempotency_key TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('succeeded', 'declined', 'refunded')),
  payment_ref TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX test_payment_charges_reference ON test_payment_charges (reference);
-- … and paid orders whose confirmation email was never accepted.
CREATE INDEX orders_unconfirmed ON orders (updated_at) WHERE status = 'paid' AND confirmation_sent_at IS NULL;
