-- Orders placed at checkout (worker/db/orders.ts). A row is written 'pending' before the stock
-- is reserved and the card charged, so a repeated submit with the same idempotency key finds
-- it instead of placing a second order; it becomes 'paid' once the charge and the stock commit
-- are done, and is deleted when the payment fails (the shopper may try again).
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  -- The cart the order came from, or null for a subscription or gift card bought on its own.
  cart_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid')),
  email TEXT NOT NULL,
  shipping TEXT NOT NULL,
  -- JSON list of lines: itemId, sku, title, attributes, quantity, unitCents, productType, additionalFields.
  lines TEXT NOT NULL,
  currency TEXT NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  grand_total_cents INTEGER NOT NULL,
  payment_ref TEXT,
  -- JSON of the subscription plan (billingPeriod, numBillingCycles) for a subscription order.
  subscription_plan TEXT,
  gift_card_code TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (site_id, idempotency_key)
);
CREATE INDEX orders_site_created ON orders (site_id, created_at);
