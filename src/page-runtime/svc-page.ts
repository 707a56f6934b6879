import { createPageApi } from './api.ts';
import type { PageConfig } from './config.ts';
import { bindCheckoutForm } from './form/checkout-form.ts';
import { createTracker } from './tracker.ts';

/**
 * `window.svcPage`: every page route, conversion tracking and form binding, for one configured page.
 * Route methods return promises of the contract's response types and reject with the client's `ApiError`,
 * `NetworkError` or `ContractError`.
 */
export function createSvcPage(config: PageConfig) {
  const api = createPageApi(config);
  const tracker = createTracker(config, api);
  const { sendEvent: _internal, beaconUrl: _beacon, ...routes } = api;
  return {
    /** `pageId`, `pageKey`, `baseUrl` (and the analytics set-up): what elements need to use the page routes. */
    config,
    ...routes,
    track: tracker.track,
    trackPurchase: tracker.trackPurchase,
    identify: tracker.identify,
    consent: tracker.consent,
    flush: tracker.flush,
    /** Binds a `<form data-svc-checkout>` added after the page loaded (forms in the markup are bound already). */
    bind: (form: HTMLFormElement) => bindCheckoutForm(form, { api, tracker, config }),
  };
}
export type SvcPage = ReturnType<typeof createSvcPage>;
