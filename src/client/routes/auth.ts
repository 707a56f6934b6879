import type { LoginBody, OtpVerifyBody } from '../../contract/auth.ts';
import { LoginResponse, MessageResponse, TokenResponse } from '../../contract/json-schemas/index.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

export type SignInResult = { status: 'signed-in'; storeUniqueId?: string } | { status: 'otp-required'; message: string };

/**
 * Signs the customer in. When the store requires one-time codes the answer is a challenge (the same whether or not
 * the e-mail exists): follow with `verifyOtp`. On success the tokens are kept by `client.auth`, never returned.
 */
export async function signIn(client: Client, body: LoginBody, options?: CallOptions): Promise<SignInResult> {
  const answer = await client.request({ method: 'POST', path: client.storePath('/public/auth/login'), body, schema: LoginResponse }, options);
  if (!('access' in answer)) return { status: 'otp-required', message: answer.message };
  await client.auth.acceptTokens(answer);
  return { status: 'signed-in' };
}

/** Completes a one-time-code sign-in. */
export async function verifyOtp(client: Client, body: OtpVerifyBody, options?: CallOptions): Promise<SignInResult> {
  const tokens = await client.request({ method: 'POST', path: client.storePath('/public/auth/otp/verify'), body, schema: TokenResponse }, options);
  await client.auth.acceptTokens(tokens);
  return { status: 'signed-in', storeUniqueId: tokens.store_unique_id };
}

/** Blacklists the access and refresh tokens and signs out every tab; resolves whether the server confirmed. */
export const signOut = (client: Client): Promise<boolean> => client.auth.signOut();

/** Sends a reset e-mail if the address has an account (the answer does not say). */
export const requestPasswordReset = (client: Client, body: { email: string }, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/auth/forget-password'), body, schema: MessageResponse }, options);

/** Saves a new password with the token of the reset link (`?token=`). */
export const resetPassword = (client: Client, body: { token: string; password: string }, options?: CallOptions) =>
  client.request({ method: 'POST', path: client.storePath('/public/auth/save-password'), body, schema: MessageResponse }, options);
