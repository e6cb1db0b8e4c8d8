-- Analytics beacons land here from the queue consumer (worker/analytics.ts).
CREATE TABLE analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The queue message id: a redelivered batch does not store an event twice.
  message_id TEXT NOT NULL UNIQUE,
  site_id TEXT NOT NULL,
  event TEXT NOT NULL,
  data TEXT NOT NULL,
  occurred_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX analytics_events_site_time ON analytics_events (site_id, occurred_at);
