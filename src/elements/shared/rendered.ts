/**
 * What a server rendered an element from (`svc-storefront/ssr`), handed over as a plain instance property: the
 * server's renderer binds it, `svc-hydrate.js` sets it from the element's data child before the element upgrades.
 * Not a reactive property (no decorator, no accessor): a page without server rendering carries only this read.
 */
export const RENDERED = 'svcRendered';

/** The element's server data, read at its first update; `undefined` after it, and on pages the server did not render. */
export const takeRendered = <T>(host: HTMLElement & { hasUpdated: boolean }): T | undefined =>
  host.hasUpdated ? undefined : (host as unknown as Record<typeof RENDERED, T | undefined>)[RENDERED];
