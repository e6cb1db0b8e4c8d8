-- The shop's records in the site editor (issue 23): orders (fulfilment, refunds), form
-- submissions, restock sign-ups and reviews, each paged by a cursor through an index range
-- (worker/editor/records-admin-api.ts), never a scan of the site's rows.

-- "Mark fulfilled": a paid order is fulfilled once, with who and when (db/orders.ts).
ALTER TABLE orders ADD COLUMN fulfilled_at INTEGER;
ALTER TABLE orders ADD COLUMN fulfilled_by TEXT;
-- What the merchant's refunds gave back so far (minor units); a full refund also sets the status
-- 'refunded'. Reserved before the provider is asked, so two refunds never give back more than
-- was paid.
ALTER TABLE orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;
-- The orders list: newest first, all or one status; a page is a range of one of these.
CREATE INDEX orders_site_page ON orders (site_id, created_at, id);
CREATE INDEX orders_site_status_page ON orders (site_id, status, created_at, id);

-- The merchant's refunds of an order (db/order-refunds.ts). The idempotency key is the one the
-- provider gets: the same Refund sent twice (a double click, a retry after a lost answer) is
-- one refund. 'pending' while the provider is asked; the row goes when the provider refuses.
CREATE TABLE order_refunds (
  site_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded')),
  -- The provider's refund id (Stripe's `re_…`).
  provider_refund_id TEXT,
  refunded_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, idempotency_key)
);
CREATE INDEX order_refunds_order ON order_refunds (site_id, order_id, created_at);

-- The local test payment provider's refunds (worker/payments/test-provider.ts), as Stripe keeps
-- them: one per idempotency key, never more than the charge's amount in total.
CREATE TABLE test_payment_refunds (
  refund_id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  payment_ref TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX test_payment_refunds_payment ON test_payment_refunds (payment_ref);
-- The test card a charge was made with: one of them takes charges but refuses refunds.
ALTER TABLE test_payment_charges ADD COLUMN card TEXT;

-- A form's submissions, newest first (the CSV export reads the same range, page by page).
CREATE INDEX form_submissions_site_form_page ON form_submissions (site_id, form_id, created_at, id);

-- A review the merchant hid: the storefront leaves it out of lists, counts and averages.
ALTER TABLE product_reviews ADD COLUMN hidden_at INTEGER;
ALTER TABLE product_reviews ADD COLUMN hidden_by TEXT;
CREATE INDEX product_reviews_site_page ON product_reviews (site_id, review_date, id);
