/**
 * Which credential layers a route receives, decided from its path alone so that no caller can send a credential to
 * the wrong place:
 * - store key: `/v3/stores/{id}/public/*` (including `/public/auth/*`);
 * - guest token: the guest cart and guest checkout routes (`/public/cart*`, `/public/checkout*`) and the storefront
 *   discount check, whose item source is the guest cart;
 * - customer bearer: `/v3/stores/{id}/customers/me/*` and `/public/cart/merge`;
 * - page key: `/v3/pages/{id}/*`.
 */
export type CredentialLayers = { storeKey: boolean; guestToken: boolean; bearer: boolean; pageKey: boolean };

const STORE_PUBLIC = /^\/v3\/stores\/[^/]+\/public(\/|$)/;
const GUEST_ROUTES = /^\/v3\/stores\/[^/]+\/public\/(cart|checkout|discount-codes\/check)(\/|$)/;
const CUSTOMER = /^\/v3\/stores\/[^/]+\/customers\/me(\/|$)/;
const CART_MERGE = /^\/v3\/stores\/[^/]+\/public\/cart\/merge$/;
const PAGE = /^\/v3\/pages\/[^/]+(\/|$)/;

export function credentialsFor(path: string): CredentialLayers {
  return {
    storeKey: STORE_PUBLIC.test(path),
    guestToken: GUEST_ROUTES.test(path),
    bearer: CUSTOMER.test(path) || CART_MERGE.test(path),
    pageKey: PAGE.test(path),
  };
}
