/**
 * `svc-storefront/testing`: test a page that embeds the storefront elements without running the reference
 * server. MSW 2 handlers of one store's public API over an in-memory storefront, contract-valid fixtures, and
 * faults on demand. Needs `msw` (2.x) in your dev dependencies. Guide: docs/testing.md.
 *
 *   import { setupWorker } from 'msw/browser';
 *   import { createMockStorefront, faults } from 'svc-storefront/testing';
 *   const store = createMockStorefront({ baseUrl: 'https://api.example' });
 *   await setupWorker(...store.handlers).start();
 */
export { createMockStorefront, storefrontHandlers, GUEST_TOKEN_HEADER, type MockStorefront, type MockStorefrontOptions } from './handlers.ts';
export { faults, type FaultOptions } from './faults.ts';
export type { StorefrontState } from './storefront.ts';
export * as fixtures from './fixtures.ts';
