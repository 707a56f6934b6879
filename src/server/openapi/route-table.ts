import type * as z from 'zod/mini';
import * as C from '../../contract/index.ts';
import { MERCHANT_ROUTES } from './merchant-routes.ts';

export type Credential = 'storeKey' | 'guestToken' | 'pageKey' | 'customerBearer' | 'businessKey' | 'businessBearer' | 'oauth';

/** One documented route. `path` uses OpenAPI `{param}` syntax; `ok` is the success status and its body (null: none). */
export type RouteDoc = {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: Credential[][];
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  ok: [number, z.ZodMiniType | null];
  /** Other answers that are not errors (a redirect, the same page again), each with what it means. */
  alsoOk?: Array<[number, string]>;
  errors: number[];
  idempotent?: boolean;
  /** Response carries X-Service-Guest-Token. */
  guestTokenHeader?: boolean;
  html?: boolean;
  /** Scopes an OAuth token needs (the `oauth` alternative of `auth`). */
  scopes?: string[];
  /** The role-table permission of a business route no OAuth token may call (`apps:*`); others use their scope. */
  permission?: string;
  /** The body is application/x-www-form-urlencoded (OAuth endpoints). */
  form?: boolean;
  /** Error answers other than this API's ErrorBody: RFC 6749 `{ error, error_description }`, or an HTML page. */
  errorBody?: 'oauth' | 'html';
};

const SF = '/v3/stores/{store_id}/public';
const ME = '/v3/stores/{store_id}/customers/me';
const PG = '/v3/pages/{page_unique_id}';
const sk = [['storeKey']] as Credential[][];
const skGt = [['storeKey', 'guestToken'], ['storeKey']] as Credential[][];
const pk = [['pageKey']] as Credential[][];
const cb = [['customerBearer']] as Credential[][];
const bk = [['businessKey'], ['businessBearer']] as Credential[][];
const bkOauth = [...bk, ['oauth']] as Credential[][];
/** A business route that OAuth tokens may call with `scope`. */
const scoped = (scope: string | null, extra: Partial<RouteDoc> = {}): Partial<RouteDoc> => ({ scopes: scope ? [scope] : [], ...extra });
const OA = '/v3/oauth';

const r = (method: RouteDoc['method'], path: string, summary: string, tag: string, auth: Credential[][], ok: RouteDoc['ok'],
  errors: number[], extra: Partial<RouteDoc> = {}): RouteDoc => ({ method, path, summary, tag, auth, ok, errors, ...extra });

const locationRoutes = (base: string, tag: string, auth: Credential[][]): RouteDoc[] => [
  r('get', `${base}/locations`, 'Search delivery locations', tag, auth, [200, C.LocationPage], [400, 404, 429], { query: C.LocationSearchQuery }),
  r('get', `${base}/locations/provinces`, 'List provinces', tag, auth, [200, C.ProvinceList], [400, 404, 429], { query: C.ProvinceQuery }),
  r('get', `${base}/locations/cities`, 'List cities of a province', tag, auth, [200, C.CityList], [400, 404, 429], { query: C.CityQuery }),
  r('get', `${base}/locations/subdistricts`, 'List subdistricts of a city', tag, auth, [200, C.SubdistrictList], [400, 404, 429], { query: C.SubdistrictQuery }),
  r('get', `${base}/locations/{location_id}/postal-codes`, 'List postal codes of a subdistrict', tag, auth, [200, C.PostalCodeList], [400, 404, 429], { query: C.PostalCodeQuery }),
];

/** Every route the reference server implements (the OpenAPI test checks this against the app's router). */
export const ROUTES: RouteDoc[] = [
  r('get', `${SF}/items`, 'Catalog feed (products and bundle price options)', 'catalog', sk, [200, C.ItemCardPage], [400, 404, 429], {
    query: C.ItemsQuery, alsoOk: [[304, 'Not modified: the ETag sent in If-None-Match still matches']],
  }),
  r('get', `${SF}/items/count`, 'Count catalog items', 'catalog', sk, [200, C.ItemCount], [404, 429], { query: C.ItemsCountQuery }),
  r('get', `${SF}/products/{slug}`, 'Product detail', 'catalog', sk, [200, C.ProductDetail], [404, 429]),
  r('get', `${SF}/bundle-price-options/{slug}`, 'Bundle price option detail', 'catalog', sk, [200, C.BundlePriceOptionDetail], [404, 429]),
  r('get', `${SF}/categories`, 'Categories with visible products', 'catalog', sk, [200, C.CategoryList], [404, 429]),
  r('get', `${SF}/payment-methods`, 'Enabled public checkout payment methods', 'catalog', sk, [200, C.PaymentMethodList], [404, 429]),
  r('get', `${SF}/variants/pricing`, 'Pricing of variants (variant_ids=1,2,3)', 'catalog', sk, [200, C.VariantPricingList], [400, 404, 429], { query: C.VariantPricingQuery }),
  r('get', `${SF}/variants/{variant_id}/availability`, 'Availability of a variant', 'catalog', sk, [200, C.VariantAvailability], [400, 404, 429]),
  ...locationRoutes(SF, 'locations', sk),
  r('get', `${SF}/cart`, 'Guest cart', 'cart', skGt, [200, C.Cart], [404, 429], { guestTokenHeader: true }),
  r('post', `${SF}/cart/items`, 'Add an item to the guest cart', 'cart', skGt, [201, C.Cart], [400, 404, 429], { body: C.CartItemInput, guestTokenHeader: true }),
  r('patch', `${SF}/cart/items/{item_id}`, 'Change a guest cart item quantity', 'cart', skGt, [200, C.Cart], [400, 404, 429], { body: C.CartItemUpdate, guestTokenHeader: true }),
  r('delete', `${SF}/cart/items/{item_id}`, 'Remove a guest cart item', 'cart', skGt, [200, C.Cart], [404, 429], { guestTokenHeader: true }),
  r('post', `${SF}/cart/merge`, 'Merge the guest cart into the customer cart', 'cart', [['storeKey', 'guestToken', 'customerBearer']], [200, C.Cart], [401, 404, 429], { guestTokenHeader: true }),
  r('post', `${SF}/checkout/shipping-options`, 'Shipping options', 'checkout', skGt, [200, C.ShippingOptionList], [400, 404, 429], { body: C.ShippingOptionsBody }),
  r('post', `${SF}/checkout/summary`, 'Checkout summary', 'checkout', skGt, [200, C.Summary], [400, 404, 429], { body: C.SummaryBody }),
  r('post', `${SF}/discount-codes/check`, 'Check a discount code', 'checkout', skGt, [200, C.DiscountCheckResult], [400, 404, 429], { body: C.DiscountCheckBody }),
  r('post', `${SF}/checkout`, 'Guest checkout', 'checkout', skGt, [201, C.PublicOrder], [400, 404, 422, 429], { body: C.CheckoutBody, idempotent: true, guestTokenHeader: true }),
  r('get', `${SF}/orders/{secret_slug}`, 'Public order', 'orders', sk, [200, C.PublicOrder], [404, 429]),
  r('patch', `${SF}/orders/{secret_slug}`, 'Update a public order', 'orders', sk, [200, C.PublicOrder], [400, 404, 429], { body: C.PublicOrderUpdate }),
  r('post', `${SF}/orders/{secret_slug}/payment`, 'Create payment instructions (idempotent)', 'orders', sk, [200, C.PublicOrder], [400, 404, 429]),

  r('post', `${SF}/auth/login`, 'Sign in (token response, or a one-time-code challenge)', 'customer auth', sk, [200, C.LoginResponse], [400, 401, 404, 429], { body: C.LoginBody }),
  r('post', `${SF}/auth/otp/verify`, 'Verify a one-time code', 'customer auth', sk, [200, C.TokenResponse], [400, 401, 404, 429], { body: C.OtpVerifyBody }),
  r('post', `${SF}/auth/jwt/refresh`, 'Rotate the refresh token', 'customer auth', sk, [200, C.TokenResponse], [400, 401, 404, 429], { body: C.RefreshBody }),
  r('post', `${SF}/auth/jwt/blacklist`, 'Revoke tokens', 'customer auth', sk, [204, null], [400, 404, 429], { body: C.BlacklistBody }),
  r('post', `${SF}/auth/forget-password`, 'Send a password reset e-mail', 'customer auth', sk, [200, C.MessageResponse], [400, 404, 429], { body: C.ForgetPasswordBody }),
  r('post', `${SF}/auth/save-password`, 'Save a new password with a reset token', 'customer auth', sk, [200, C.MessageResponse], [400, 404, 429], { body: C.SavePasswordBody }),

  r('get', `${ME}/profile`, 'Customer profile', 'customer account', cb, [200, C.CustomerProfileResponse], [401, 404, 429]),
  r('patch', `${ME}/profile`, 'Update the customer profile', 'customer account', cb, [200, C.CustomerProfileResponse], [400, 401, 404, 429], { body: C.ProfileUpdateBody }),
  r('patch', `${ME}/profile/password`, 'Change the password', 'customer account', cb, [200, C.CustomerProfileResponse], [400, 401, 404, 429], { body: C.PasswordUpdateBody }),
  r('get', `${ME}/cart`, 'Customer cart', 'customer account', cb, [200, C.Cart], [401, 404, 429]),
  r('post', `${ME}/cart/items`, 'Add an item to the customer cart', 'customer account', cb, [201, C.Cart], [400, 401, 404, 429], { body: C.CartItemInput }),
  r('patch', `${ME}/cart/items/{item_id}`, 'Change a customer cart item quantity', 'customer account', cb, [200, C.Cart], [400, 401, 404, 429], { body: C.CartItemUpdate }),
  r('delete', `${ME}/cart/items/{item_id}`, 'Remove a customer cart item', 'customer account', cb, [200, C.Cart], [401, 404, 429]),
  r('post', `${ME}/checkout`, 'Customer checkout', 'customer account', cb, [201, C.PublicOrder], [400, 401, 404, 422, 429], { body: C.CustomerCheckoutBody, idempotent: true }),
  r('get', `${ME}/orders`, 'Customer orders (buyer-safe)', 'customer account', cb, [200, C.CustomerOrderPage], [400, 401, 404, 429], { query: C.CustomerOrdersQuery }),
  r('get', `${ME}/orders/{order_id}`, 'Customer order (UUIDv7 or legacy id)', 'customer account', cb, [200, C.CustomerOrder], [401, 404, 429]),
  r('get', `${ME}/subscriptions`, 'Customer subscriptions', 'customer account', cb, [200, C.SubscriptionPage], [400, 401, 404, 429], { query: C.SubscriptionsQuery }),
  r('get', `${ME}/subscriptions/{subscription_id}`, 'Customer subscription', 'customer account', cb, [200, C.Subscription], [401, 404, 429]),
  r('get', `${ME}/courses`, 'Courses the customer can access', 'courses', cb, [200, C.CourseAccessPage], [400, 401, 404, 429], { query: C.PageQuery }),
  r('get', `${ME}/courses/{course_id}`, 'Course access', 'courses', cb, [200, C.CourseAccess], [401, 404, 429]),
  r('get', `${ME}/courses/{course_id}/sections`, 'Course sections', 'courses', cb, [200, C.CourseSectionList], [401, 404, 429]),
  r('get', `${ME}/courses/{course_id}/contents/{content_id}`, 'Course content', 'courses', cb, [200, C.CourseContent], [401, 403, 404, 429]),
  r('patch', `${ME}/courses/{course_id}/contents/{content_id}/progress`, 'Update content progress', 'courses', cb, [200, C.ProgressUpdateResponse], [400, 401, 403, 404, 429], { body: C.ProgressUpdateBody }),

  ...locationRoutes(PG, 'page runtime', pk),
  r('post', `${PG}/discount-codes/check`, 'Check a discount code against the page store', 'page runtime', pk, [200, C.DiscountCheckResult], [400, 404, 429], { body: C.DiscountCheckBody }),
  r('post', `${PG}/checkout/shipping-options`, 'Page shipping options', 'page runtime', pk, [200, C.ShippingOptionList], [400, 404, 429], { body: C.PageShippingOptionsBody }),
  r('post', `${PG}/checkout/summary`, 'Page checkout summary', 'page runtime', pk, [200, C.Summary], [400, 404, 429], { body: C.PageSummaryBody }),
  r('post', `${PG}/orders`, 'Create a page order (flat public order)', 'page runtime', pk, [201, C.PublicOrder], [400, 404, 422, 429], { body: C.PageOrderBody, idempotent: true }),
  r('post', `${PG}/analytics/meta/events`, 'Conversion event (kind meta | facebook)', 'page analytics', pk, [204, null], [400, 403, 404, 429], { body: C.AnalyticsEvent }),
  r('post', `${PG}/analytics/tiktok/events`, 'Conversion event (kind tiktok)', 'page analytics', pk, [204, null], [400, 403, 404, 429], { body: C.AnalyticsEvent }),
  r('post', `${PG}/analytics/snackvideo/events`, 'Conversion event (kind snackvideo | kwai)', 'page analytics', pk, [204, null], [400, 403, 404, 429], { body: C.AnalyticsEvent }),

  r('get', '/v3/me', 'Identity of the credential (OAuth: user, app, active installations)', 'business', bkOauth, [200, C.MeResponse], [401, 403, 429], scoped(null)),
  r('get', '/v3/me/business-users', 'Memberships of the user', 'business', bkOauth, [200, C.BusinessUserPage], [400, 401, 403, 429], scoped('business:read', { query: C.BusinessUsersQuery })),
  r('get', '/v3/business-users/me', 'Selected membership', 'business', bkOauth, [200, C.BusinessUser], [401, 403, 429], scoped('business:read')),
  r('post', '/v3/business-users/me/leave', 'Leave the selected business', 'business', bkOauth, [204, null], [400, 401, 403, 429], scoped('business:write', { body: C.LeaveBody })),
  r('post', '/v3/business-users/me/accept-invitation', 'Accept the invitation', 'business', bkOauth, [200, C.BusinessUser], [400, 401, 403, 429], scoped('business:write', { body: C.AcceptInvitationBody })),
  r('post', '/v3/business-users/me/deny-invitation', 'Deny the invitation', 'business', bkOauth, [204, null], [400, 401, 403, 429], scoped('business:write')),
  r('get', '/v3/orders', 'Business orders', 'business orders', bkOauth, [200, C.BusinessOrderPage], [400, 401, 403, 429], scoped('orders:read', { query: C.BusinessOrdersQuery })),
  r('get', '/v3/orders/{id}', 'Business order (UUIDv7 or legacy numeric id)', 'business orders', bkOauth, [200, C.BusinessOrder], [401, 403, 404, 429], scoped('orders:read')),
  r('patch', '/v3/orders/{id}', 'Update a business order', 'business orders', bkOauth, [200, C.BusinessOrder], [400, 401, 403, 404, 429], scoped('orders:write', { body: C.BusinessOrderUpdate })),
  r('get', '/v3/webhook-endpoints', 'Webhook endpoints of the business', 'webhooks', bkOauth, [200, C.WebhookEndpointList], [401, 403, 429], scoped('webhooks:read')),
  r('post', '/v3/webhook-endpoints', 'Register a webhook endpoint (the signing secret is shown once)', 'webhooks', bkOauth, [201, C.WebhookEndpointCreated], [400, 401, 403, 429], scoped('webhooks:write', { body: C.WebhookEndpointCreate })),
  r('delete', '/v3/webhook-endpoints/{id}', 'Remove a webhook endpoint (waiting deliveries are cancelled)', 'webhooks', bkOauth, [204, null], [401, 403, 404, 429], scoped('webhooks:write')),

  r('get', '/.well-known/oauth-authorization-server', 'OAuth authorization-server metadata (RFC 8414)', 'oauth', [], [200, C.AuthorizationServerMetadata], []),
  r('get', `${OA}/authorize`, 'Consent page (authorization-code flow; PKCE S256 for public clients)', 'oauth', [], [200, null], [400, 429], {
    html: true, errorBody: 'html', alsoOk: [[302, 'To the redirect_uri with an error (RFC 6749 §4.1.2.1), once the client and redirect_uri are known good']],
  }),
  r('post', `${OA}/authorize`, 'Consent decision: sign_in, approve or deny (303 to the redirect_uri)', 'oauth', [], [303, null], [400, 403, 413, 429], {
    html: true, form: true, errorBody: 'html',
    alsoOk: [[200, 'The consent page again: after sign_in the approval step, or the sign-in form with its error (a wrong password, an expired sign-in)']],
  }),
  r('post', `${OA}/token`, 'Token endpoint: authorization_code and refresh_token grants (errors per RFC 6749)', 'oauth', [], [200, C.OAuthTokenResponse], [400, 401, 429], { body: C.OAuthTokenRequest, form: true, errorBody: 'oauth' }),
  r('post', `${OA}/revoke`, 'Token revocation (RFC 7009)', 'oauth', [], [200, null], [400, 401, 429], { body: C.OAuthRevokeRequest, form: true, errorBody: 'oauth' }),
  r('get', `${OA}/installations`, 'Apps connected to the business (business API key only)', 'oauth', bk, [200, C.OAuthInstallationList], [401, 403, 429], { permission: 'apps:read' }),
  r('post', `${OA}/installations/{id}/revoke`, 'Disconnect an app (owner or admin; API key only)', 'oauth', bk, [200, C.OAuthInstallation], [401, 403, 404, 429], { permission: 'apps:manage' }),

  ...MERCHANT_ROUTES,

  r('get', '/v3/openapi.json', 'This document', 'meta', [], [200, null], []),
  r('get', '/__reference/mailbox', 'Dev: e-mails the server sent (?to=)', 'dev only', [], [200, null], [403]),
  r('get', '/__reference/outbox', 'Dev: conversion event outbox (?provider=)', 'dev only', [], [200, null], [403]),
  r('get', '/__reference/webhooks', 'Dev: webhook events and delivery log (?business_id=&event_type=&event_id=&status=)', 'dev only', [], [200, null], [403]),
  r('get', '/__reference/pay/{secret_slug}', 'Dev: hosted payment simulator page', 'dev only', [], [200, null], [403, 404], { html: true }),
  r('post', '/__reference/pay/{secret_slug}', 'Dev: pay from the simulator page (303 back to it)', 'dev only', [], [303, null], [400, 403, 404]),
  r('post', '/__reference/orders/{secret_slug}/pay', 'Dev: mark an order paid', 'dev only', [], [200, C.PublicOrder], [400, 403, 404]),
];
