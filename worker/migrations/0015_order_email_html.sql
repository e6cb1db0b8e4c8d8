-- The order confirmation email's HTML part (issue 25): the local provider's outbox keeps it beside
-- the text part, so a developer or a test reads both. NULL for text-only emails.
ALTER TABLE outbound_emails ADD COLUMN html TEXT;
