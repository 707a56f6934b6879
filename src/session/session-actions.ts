import type { MapStore } from 'nanostores';
import type { LoginBody, OtpVerifyBody } from '../contract/auth.ts';
import type { CustomerProfileResponse, PasswordUpdateBody, ProfileUpdateBody } from '../contract/customer.ts';
import type { Client } from '../client/client.ts';
import type { SignInResult } from '../client/routes/auth.ts';
import type { SessionState, SessionStatus } from './session.ts';

const authRoutes = () => import('../client/routes/auth.ts');
const accountRoutes = () => import('../client/routes/account.ts');

export type SessionActions = ReturnType<typeof sessionActions>;

/**
 * The customer actions of `$session` (session.ts), loaded with the first one called: the elements a catalog page
 * shows never call them. Each sets `status` and `error` as it goes; the auth listener of session.ts reflects the
 * sign-in and sign-out themselves.
 */
export function sessionActions(client: Client, $session: MapStore<SessionState>) {
  async function run<T>(status: SessionStatus | null, work: () => Promise<T>): Promise<T> {
    const before = $session.get().status;
    if (status) $session.setKey('status', status);
    $session.setKey('error', null);
    try {
      return await work();
    } catch (error) {
      $session.set({ ...$session.get(), status: $session.get().status === status ? before : $session.get().status, error: error as Error });
      throw error;
    }
  }

  return {
    signIn: (body: LoginBody): Promise<SignInResult> =>
      run('signing-in', async () => {
        const result = await (await authRoutes()).signIn(client, body);
        if (result.status === 'otp-required') $session.set({ ...$session.get(), status: 'otp-required', otpEmail: body.email });
        return result;
      }),
    verifyOtp: (body: Partial<OtpVerifyBody> & { otp: string }): Promise<SignInResult> =>
      run('signing-in', async () => (await authRoutes()).verifyOtp(client, { email: body.email ?? $session.get().otpEmail ?? '', otp: body.otp })),
    signOut: (): Promise<boolean> => run(null, async () => (await authRoutes()).signOut(client)),
    requestPasswordReset: (email: string) => run(null, async () => (await authRoutes()).requestPasswordReset(client, { email })),
    resetPassword: (token: string, password: string) => run(null, async () => (await authRoutes()).resetPassword(client, { token, password })),
    updateProfile: async (body: ProfileUpdateBody) => showProfile(await (await accountRoutes()).updateProfile(client, body)),
    changePassword: async (body: PasswordUpdateBody) => showProfile(await (await accountRoutes()).changePassword(client, body)),
  };

  function showProfile(customer: CustomerProfileResponse): CustomerProfileResponse {
    $session.set({ ...$session.get(), customer, error: null });
    return customer;
  }
}
