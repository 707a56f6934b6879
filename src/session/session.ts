import { map, type MapStore } from 'nanostores';
import type { LoginBody, OtpVerifyBody } from '../contract/auth.ts';
import type { CustomerProfileResponse, PasswordUpdateBody, ProfileUpdateBody } from '../contract/customer.ts';
import type { Client } from '../client/client.ts';
import type { SignInResult } from '../client/routes/auth.ts';
import type { SessionActions } from './session-actions.ts';

// Customer routes and their schemas load when a customer appears (most visitors never sign in).
const accountRoutes = () => import('../client/routes/account.ts');

export type SessionStatus = 'anonymous' | 'signing-in' | 'otp-required' | 'authenticated';

/** The storefront's identity layers. Tokens themselves never enter a store: elements cannot leak what they never see. */
export type SessionState = {
  storeId: string;
  baseUrl: string;
  /** The guest cart token (also kept in storage, per store). */
  guestToken: string | null;
  status: SessionStatus;
  /** Profile of the signed-in customer, once loaded. */
  customer: CustomerProfileResponse | null;
  /** The e-mail waiting for its one-time code. */
  otpEmail: string | null;
  /** Whether a refresh token is held (the access token is refreshed on demand). */
  hasTokens: boolean;
  error: Error | null;
};

export type Session = ReturnType<typeof createSession>;

/** `$session` and the customer actions. Cart merging on sign-in is wired by `createStorefront`. */
export function createSession(client: Client) {
  const $session: MapStore<SessionState> = map<SessionState>({
    storeId: client.options.storeId ?? '',
    baseUrl: client.options.baseUrl,
    guestToken: client.guestToken(),
    status: client.auth.signedIn ? 'authenticated' : 'anonymous',
    customer: null,
    otpEmail: null,
    hasTokens: client.auth.signedIn,
    error: null,
  });
  client.onGuestToken((token) => $session.setKey('guestToken', token));

  let profileLoad: Promise<void> | null = null;
  /** Loads (or reloads) the profile; a failed refresh on the way signs out, which the auth listener reflects. */
  function loadCustomer(): Promise<void> {
    profileLoad ??= accountRoutes()
      .then(({ getProfile }) => getProfile(client))
      .then((customer) => $session.set({ ...$session.get(), customer, status: 'authenticated', error: null }))
      .catch((error: Error) => $session.setKey('error', error))
      .finally(() => (profileLoad = null));
    return profileLoad;
  }

  client.auth.subscribe((event) => {
    if (event.type === 'signed-out') {
      $session.set({ ...$session.get(), status: 'anonymous', customer: null, otpEmail: null, hasTokens: false });
    } else {
      $session.set({ ...$session.get(), status: 'authenticated', otpEmail: null, hasTokens: true });
      if (event.type === 'signed-in') void loadCustomer();
    }
  });
  if (client.auth.signedIn) void loadCustomer();

  // the customer actions load with the first one called (session-actions.ts): a catalog page never calls them
  let actions: Promise<SessionActions> | undefined;
  const act = () => (actions ??= import('./session-actions.ts').then((m) => m.sessionActions(client, $session)));

  return {
    $session,
    loadCustomer,
    /** E-mail and password; resolves `otp-required` when the store sends a one-time code first. */
    signIn: async (body: LoginBody): Promise<SignInResult> => (await act()).signIn(body),
    /** The one-time code sent to `otpEmail` (or the given e-mail). */
    verifyOtp: async (body: Partial<OtpVerifyBody> & { otp: string }): Promise<SignInResult> => (await act()).verifyOtp(body),
    /** Blacklists both tokens and signs out every tab of this store. */
    signOut: async (): Promise<boolean> => (await act()).signOut(),
    requestPasswordReset: async (email: string) => (await act()).requestPasswordReset(email),
    resetPassword: async (token: string, password: string) => (await act()).resetPassword(token, password),
    /** Saves name and phone; `$session.customer` (every view of the profile) shows the server's answer. */
    updateProfile: async (body: ProfileUpdateBody) => (await act()).updateProfile(body),
    /** The server signs out the customer's other sign-ins; this one keeps working. */
    changePassword: async (body: PasswordUpdateBody) => (await act()).changePassword(body),
  };
}
