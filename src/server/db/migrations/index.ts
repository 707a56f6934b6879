import core from './001-core.ts';
import accounts from './003-accounts.ts';
import pagesBusiness from './004-pages-business.ts';
import catalogVersion from './005-catalog-version.ts';
import oauth from './006-oauth.ts';
import webhooks from './007-webhooks.ts';
import storeGateVersion from './008-store-gate-version.ts';
import lookupIndexes from './009-lookup-indexes.ts';
import orderNumbers from './010-order-numbers.ts';
import resetLookups from './011-reset-lookups.ts';
import stockAdjustments from './012-stock-adjustments.ts';
import outboxPerPage from './013-outbox-per-page.ts';
import orderPurchaseDigest from './014-order-purchase-digest.ts';
import storeOrderStatusUrl from './015-store-order-status-url.ts';

/** Applied in order, once each; never edit an entry that has shipped, append a new one. */
export const migrations: { id: string; sql: string }[] = [
  { id: '001-core', sql: core },
  { id: '003-accounts', sql: accounts },
  { id: '004-pages-business', sql: pagesBusiness },
  { id: '005-catalog-version', sql: catalogVersion },
  { id: '006-oauth', sql: oauth },
  { id: '007-webhooks', sql: webhooks },
  { id: '008-store-gate-version', sql: storeGateVersion },
  { id: '009-lookup-indexes', sql: lookupIndexes },
  { id: '010-order-numbers', sql: orderNumbers },
  { id: '011-reset-lookups', sql: resetLookups },
  { id: '012-stock-adjustments', sql: stockAdjustments },
  { id: '013-outbox-per-page', sql: outboxPerPage },
  { id: '014-order-purchase-digest', sql: orderPurchaseDigest },
  { id: '015-store-order-status-url', sql: storeOrderStatusUrl },
];
