-- Our own comments (storefront.md sections 2 and 4, issue 24): a thread per item, replies one
-- level deep (`parent_id` names a top-level comment of the same item), written by a signed-in
-- site user (`site_user_id`) or, where the site allows, a visitor with a name and an email. A
-- comment a COMMENTER or MODERATOR hid (`hidden_at`, with its replies) is left out of every
-- thread and count.
CREATE TABLE item_comments (
  id TEXT NOT NULL,
  site_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  parent_id TEXT,
  author_name TEXT NOT NULL,
  author_email TEXT,
  site_user_id TEXT,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  hidden_at INTEGER,
  hidden_by TEXT,
  PRIMARY KEY (site_id, id)
);
CREATE INDEX item_comments_thread ON item_comments (site_id, item_id, parent_id, created_at, id);
CREATE INDEX item_comments_replies ON item_comments (site_id, parent_id);
