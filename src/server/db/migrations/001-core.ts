/** Businesses, stores, catalog, carts, orders: everything the storefront routes need. */
export default /* sql */ `
CREATE TABLE businesses (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL CHECK (plan IN ('free','lite','basic','pro','ultimate')),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive')),
  paid INTEGER NOT NULL DEFAULT 1,
  domains TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE stores (
  id INTEGER PRIMARY KEY,
  unique_id TEXT NOT NULL UNIQUE,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  name TEXT NOT NULL,
  logo TEXT,
  custom_domain TEXT NOT NULL,
  requires_otp INTEGER NOT NULL DEFAULT 0,
  other_income INTEGER NOT NULL DEFAULT 0,
  other_income_name TEXT,
  payment_accounts TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE store_keys (key TEXT PRIMARY KEY, store_id INTEGER NOT NULL REFERENCES stores(id));
CREATE TABLE store_origins (
  store_id INTEGER NOT NULL REFERENCES stores(id),
  origin TEXT NOT NULL,
  PRIMARY KEY (store_id, origin)
);
CREATE TABLE payment_methods (
  store_id INTEGER NOT NULL REFERENCES stores(id),
  code TEXT NOT NULL,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  channels TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (store_id, code)
);
CREATE TABLE warehouses (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  name TEXT NOT NULL,
  location_id INTEGER NOT NULL
);
CREATE TABLE couriers (
  store_id INTEGER NOT NULL REFERENCES stores(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  services TEXT NOT NULL,
  supports_cod INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (store_id, code)
);
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (store_id, slug)
);
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  item_type TEXT NOT NULL CHECK (item_type IN ('physical','digital')),
  description_html TEXT NOT NULL DEFAULT '',
  images TEXT NOT NULL DEFAULT '[]',
  category_id INTEGER REFERENCES categories(id),
  listed INTEGER NOT NULL DEFAULT 1,
  position INTEGER NOT NULL DEFAULT 0,
  UNIQUE (store_id, slug)
);
CREATE TABLE variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT NOT NULL,
  sku TEXT,
  options TEXT NOT NULL DEFAULT '{}',
  price INTEGER NOT NULL CHECK (price >= 0),
  compare_at_price INTEGER,
  weight_grams INTEGER NOT NULL DEFAULT 0,
  stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
  image_url TEXT
);
CREATE INDEX variants_product ON variants(product_id);
CREATE TABLE bundles (id INTEGER PRIMARY KEY, store_id INTEGER NOT NULL REFERENCES stores(id), name TEXT NOT NULL);
CREATE TABLE bundle_price_options (
  id INTEGER PRIMARY KEY,
  bundle_id INTEGER NOT NULL REFERENCES bundles(id),
  store_id INTEGER NOT NULL REFERENCES stores(id),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  description_html TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  price INTEGER NOT NULL CHECK (price >= 0),
  compare_at_price INTEGER,
  category_id INTEGER REFERENCES categories(id),
  listed INTEGER NOT NULL DEFAULT 1,
  position INTEGER NOT NULL DEFAULT 0,
  UNIQUE (store_id, slug)
);
CREATE TABLE bundle_components (
  bundle_price_option_id INTEGER NOT NULL REFERENCES bundle_price_options(id),
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (bundle_price_option_id, variant_id)
);
CREATE TABLE discount_codes (
  store_id INTEGER NOT NULL REFERENCES stores(id),
  code TEXT NOT NULL COLLATE NOCASE,
  discount_type TEXT NOT NULL CHECK (discount_type IN ('percentage','fixed')),
  value INTEGER NOT NULL,
  min_purchase INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  expires_at TEXT,
  PRIMARY KEY (store_id, code)
);
CREATE TABLE carts (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  guest_token TEXT UNIQUE,
  customer_id INTEGER,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX carts_customer ON carts(store_id, customer_id) WHERE customer_id IS NOT NULL;
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY,
  cart_id INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  variant_id INTEGER REFERENCES variants(id),
  bundle_price_option_id INTEGER REFERENCES bundle_price_options(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  CHECK ((variant_id IS NULL) <> (bundle_price_option_id IS NULL))
);
CREATE UNIQUE INDEX cart_items_variant ON cart_items(cart_id, variant_id) WHERE variant_id IS NOT NULL;
CREATE UNIQUE INDEX cart_items_bundle ON cart_items(cart_id, bundle_price_option_id) WHERE bundle_price_option_id IS NOT NULL;
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  legacy_id INTEGER UNIQUE,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  page_id INTEGER,
  customer_id INTEGER,
  secret_slug TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending',
  payment_status TEXT NOT NULL DEFAULT 'unpaid',
  payment_method TEXT NOT NULL,
  sub_payment_method TEXT,
  pg_payment_info TEXT,
  payment_url TEXT,
  payment_expires_at TEXT,
  customer TEXT NOT NULL,
  notes TEXT,
  destination TEXT,
  shipping TEXT,
  warehouse_id INTEGER,
  product_price INTEGER NOT NULL,
  shipping_cost INTEGER NOT NULL,
  other_income INTEGER NOT NULL,
  other_income_name TEXT,
  discount_amount INTEGER NOT NULL DEFAULT 0,
  discount_code TEXT,
  gross_revenue INTEGER NOT NULL,
  platform_fee INTEGER NOT NULL DEFAULT 0,
  net_revenue INTEGER NOT NULL DEFAULT 0,
  affiliate TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  paid_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX orders_store ON orders(store_id, id);
CREATE TABLE order_lines (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  variant_id INTEGER,
  bundle_price_option_id INTEGER,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  unit_price INTEGER NOT NULL,
  snapshot TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX order_lines_order ON order_lines(order_id);
CREATE TABLE order_status_history (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL,
  payment_status TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  headers TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  PRIMARY KEY (scope, key)
);
`;
