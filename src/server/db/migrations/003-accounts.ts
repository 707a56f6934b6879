/**
 * Customer accounts and their credentials. Only hashes of tokens and codes are stored: a copy of this database
 * does not let anyone sign in. The JWT signing secret lives in `server_secrets` so restarts keep tokens valid.
 */
export default /* sql */ `
CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  email TEXT NOT NULL COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  password_generated INTEGER NOT NULL DEFAULT 0,
  name TEXT,
  phone TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (store_id, email)
);
-- One family per sign-in; every refresh token rotated from it shares the family and its absolute expiry.
CREATE TABLE token_families (
  id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  absolute_expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_reason TEXT
);
CREATE INDEX token_families_customer ON token_families(customer_id);
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  family_id TEXT NOT NULL REFERENCES token_families(id),
  expires_at INTEGER NOT NULL,
  spent_at TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
-- Blacklisted tokens (access or refresh), kept until they would have expired anyway.
CREATE TABLE revoked_tokens (token_hash TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
CREATE TABLE one_time_codes (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX one_time_codes_customer ON one_time_codes(customer_id);
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  expires_at INTEGER NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
-- The dev mailbox: every e-mail the server would send.
CREATE TABLE mailbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL COLLATE NOCASE,
  store_id INTEGER,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX mailbox_to ON mailbox(to_address, id);
CREATE TABLE store_display (
  store_id INTEGER PRIMARY KEY REFERENCES stores(id),
  show_logo INTEGER NOT NULL DEFAULT 1,
  show_payment_accounts INTEGER NOT NULL DEFAULT 1,
  show_courier_etd INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  status TEXT NOT NULL,
  product_name TEXT NOT NULL,
  variant_id INTEGER,
  variant_name TEXT,
  price INTEGER NOT NULL,
  interval TEXT NOT NULL,
  interval_count INTEGER NOT NULL DEFAULT 1,
  current_period_start TEXT NOT NULL,
  current_period_end TEXT NOT NULL,
  next_billing_at TEXT,
  created_at TEXT NOT NULL,
  cancelled_at TEXT
);
CREATE INDEX subscriptions_customer ON subscriptions(customer_id, id);
CREATE TABLE courses (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  UNIQUE (store_id, slug)
);
CREATE TABLE course_sections (
  id INTEGER PRIMARY KEY,
  course_id INTEGER NOT NULL REFERENCES courses(id),
  title TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE TABLE course_contents (
  id INTEGER PRIMARY KEY,
  section_id INTEGER NOT NULL REFERENCES course_sections(id),
  title TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('video','text','file')),
  body_html TEXT,
  video_url TEXT,
  file_url TEXT,
  duration_seconds INTEGER,
  position INTEGER NOT NULL
);
CREATE TABLE course_access (
  course_id INTEGER NOT NULL REFERENCES courses(id),
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  granted_at TEXT NOT NULL,
  expires_at TEXT,
  PRIMARY KEY (customer_id, course_id)
);
CREATE TABLE course_progress (
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  content_id INTEGER NOT NULL REFERENCES course_contents(id),
  completed_at TEXT,
  position_seconds INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, content_id)
);
`;
