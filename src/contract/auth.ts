import * as z from 'zod/mini';

const email = z.email('Enter a valid e-mail address').check(z.trim(), z.toLowerCase(), z.maxLength(254));
const password = z.string().check(z.minLength(1), z.maxLength(200));

export const LoginBody = z.object({ email, password });
export type LoginBody = z.output<typeof LoginBody>;
export const OtpVerifyBody = z.object({ email, otp: z.string().check(z.regex(/^\d{6}$/, 'The code has 6 digits')) });
export type OtpVerifyBody = z.output<typeof OtpVerifyBody>;
export const RefreshBody = z.object({ refresh: z.string().check(z.minLength(1), z.maxLength(4096)) });
export const BlacklistBody = z.object({ tokens: z.array(z.string().check(z.maxLength(4096))).check(z.minLength(1), z.maxLength(20)) });
export const ForgetPasswordBody = z.object({ email });
/** New passwords: at least 8 characters. */
export const NewPassword = z.string().check(z.minLength(8, 'Use at least 8 characters'), z.maxLength(200));
export const SavePasswordBody = z.object({ token: z.string().check(z.minLength(1), z.maxLength(4096)), password: NewPassword });

/** `expires_in` and `refresh_expires_in` are in seconds. */
export const TokenResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  refresh_expires_in: z.int(),
  store_unique_id: z.optional(z.string()),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Sent when the store requires one-time codes: same status and body whether or not the e-mail exists. */
export const OtpChallenge = z.object({ message: z.string() });
export type OtpChallenge = z.infer<typeof OtpChallenge>;
export const LoginResponse = z.union([TokenResponse, OtpChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** forget-password and save-password answer with a message only. */
export const MessageResponse = z.object({ message: z.string() });
