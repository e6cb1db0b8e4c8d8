-- Queues that lose nothing (issue 19) and double opt-in for newsletter and restock sign-ups
-- (issue 18).

-- Messages a queue consumer gave up on after its retries, parked here until an operator replays
-- them onto their queue (README, "Queues and dead letters"): by the consumer itself on its last
-- attempt when D1 takes the row, else by the dead-letter queue's consumer
-- (worker/queues/dead-letters.ts). Consumers key on the id a message body carries, so a replay
-- stores or sends nothing twice.
CREATE TABLE dead_letters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The queue the message failed on: where a replay sends it back.
  queue TEXT NOT NULL,
  message_id TEXT NOT NULL,
  -- The message body, JSON.
  body TEXT NOT NULL,
  -- The consumer's last failure, or what the dead-letter queue knows when the consumer could not say.
  error TEXT NOT NULL,
  -- Deliveries on the queue before the message was parked.
  attempts INTEGER NOT NULL,
  parked_at INTEGER NOT NULL,
  -- When a replay put it back on its queue; NULL while it waits.
  replayed_at INTEGER,
  UNIQUE (queue, message_id)
);
CREATE INDEX dead_letters_waiting ON dead_letters (replayed_at, queue, id);

-- A restock sign-up's state: 'pending' (the shopper has not confirmed the address yet: double
-- opt-in), 'waiting' (for the owner's send), 'queued' (claimed by a send: its notification is on
-- the queue), 'sent' (the email provider accepted the notification; `sent_at` says when).
-- `notification_round` counts the times a sign-up was armed again after a notification: with the
-- sign-up's id it names one notification (its email's idempotency key), so a redelivered or
-- re-queued message sends one email.
ALTER TABLE restock_signups ADD COLUMN status TEXT NOT NULL DEFAULT 'waiting'
  CHECK (status IN ('pending', 'waiting', 'queued', 'sent'));
ALTER TABLE restock_signups ADD COLUMN notification_round INTEGER NOT NULL DEFAULT 0;
-- When the owner's send claimed it: a sign-up still 'queued' long after is queued again.
ALTER TABLE restock_signups ADD COLUMN queued_at INTEGER;
-- The confirmation link's token as SHA-256 hex (the token itself is only in the email), when it
-- stops working, when its email was last queued, and when the shopper confirmed.
ALTER TABLE restock_signups ADD COLUMN token_hash TEXT;
ALTER TABLE restock_signups ADD COLUMN token_expires_at INTEGER;
ALTER TABLE restock_signups ADD COLUMN confirmation_queued_at INTEGER;
ALTER TABLE restock_signups ADD COLUMN confirmed_at INTEGER;
-- Sign-ups from before: `sent_at` was set when the notification was queued; take them as sent.
UPDATE restock_signups SET status = 'sent' WHERE sent_at IS NOT NULL;
CREATE INDEX restock_signups_token ON restock_signups (site_id, token_hash);

-- A newsletter subscriber is 'pending' until the address is confirmed (double opt-in), then
-- 'confirmed'. Subscribers from before double opt-in stay as they were: confirmed.
ALTER TABLE newsletter_subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed'
  CHECK (status IN ('pending', 'confirmed'));
ALTER TABLE newsletter_subscribers ADD COLUMN token_hash TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN token_expires_at INTEGER;
ALTER TABLE newsletter_subscribers ADD COLUMN confirmation_queued_at INTEGER;
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at INTEGER;
CREATE INDEX newsletter_subscribers_token ON newsletter_subscribers (site_id, token_hash);
