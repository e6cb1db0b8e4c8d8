-- Public forms, newsletter subscribers, restock sign-ups, product reviews and likes
-- (storefront.md sections 3, 4 and 7). Every row carries its tenant's site id: one tenant's
-- rows are never read or counted for another.

-- SaveFormSubmission stores a submission under its signed key (worker/form-keys.ts); the
-- unique key makes a key good for one submission.
CREATE TABLE form_submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site_id TEXT NOT NULL,
  form_id TEXT NOT NULL,
  -- The submission key (a plain form post gets a random one): a key stores one submission.
  submission_key TEXT NOT NULL,
  -- JSON of the field values keyed by field id, as validated.
  fields TEXT NOT NULL,
  -- JSON of the page fields (title, id, path, content source).
  page TEXT NOT NULL,
  -- 'script' (the JSON API) or 'page' (a plain HTML form post).
  channel TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (site_id, submission_key)
);
CREATE INDEX form_submissions_site_form ON form_submissions (site_id, form_id, id);

-- One row per address and site; the first source that signed it up is kept.
CREATE TABLE newsletter_subscribers (
  site_id TEXT NOT NULL,
  email TEXT NOT NULL,
  -- 'form:<formId>' or 'restock'.
  source TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, email)
);

-- Back-in-stock sign-ups: the same address twice for one variant is one sign-up.
CREATE TABLE restock_signups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  variant_id TEXT NOT NULL,
  email TEXT NOT NULL,
  join_mailing_list INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  -- When the notification was queued; NULL while the sign-up waits.
  sent_at INTEGER,
  UNIQUE (site_id, product_id, variant_id, email)
);
CREATE INDEX restock_signups_variant ON restock_signups (site_id, product_id, variant_id, id);

-- Messages the notification queue consumer handed to the email provider (the local provider's
-- outbox; a redelivered message is stored once).
CREATE TABLE outbound_emails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id TEXT NOT NULL UNIQUE,
  site_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE product_reviews (
  id TEXT NOT NULL,
  site_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  -- A number as text, '4.5' (storefront.md section 3).
  star_rating TEXT NOT NULL,
  text TEXT NOT NULL,
  review_date INTEGER NOT NULL,
  -- 'ETSY' for reviews imported from the outside marketplace, else NULL.
  source_type TEXT,
  imported_product_name TEXT,
  -- JSON arrays of image URLs.
  imported_product_image_urls TEXT,
  imported_image_urls TEXT,
  first_name TEXT,
  last_name TEXT,
  login_name TEXT,
  user_name TEXT,
  PRIMARY KEY (site_id, id)
);
CREATE INDEX product_reviews_product ON product_reviews (site_id, product_id, review_date DESC, id);
CREATE INDEX product_reviews_site ON product_reviews (site_id, review_date DESC, id);

-- One like per visitor (their crumb) and item.
CREATE TABLE item_likes (
  site_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  visitor TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, item_id, visitor)
);
