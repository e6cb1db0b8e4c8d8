-- The checkout a real shop can use (issue 25): every amount of an order, its shipping option, tax
-- lines and coupons, kept on the order row as the server computed them at checkout (JSON of
-- OrderAmounts, worker/db/orders.ts). NULL on orders placed before this migration: their amounts
-- are the subtotal and the grand total alone (amountsOf).
ALTER TABLE orders ADD COLUMN amounts TEXT;
-- A signed-in site user's order history, newest first (worker/db/orders.ts).
CREATE INDEX orders_site_user_page ON orders (site_id, site_user_id, created_at, id);
