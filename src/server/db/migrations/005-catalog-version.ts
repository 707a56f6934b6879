import { versionCounterSql } from './version-counter-sql.ts';

/**
 * A counter bumped by triggers on every catalog write (including stock changes and direct edits of the
 * database), so serialised catalog answers can be cached and revalidated with one cheap read.
 */
export default versionCounterSql('catalog_meta', 'catalog_version',
  ['products', 'variants', 'bundles', 'bundle_price_options', 'bundle_components', 'categories', 'payment_methods']);
