import { Hono, type Context } from 'hono';
import {
  BlacklistBody, ForgetPasswordBody, LoginBody, OtpVerifyBody, RefreshBody, SavePasswordBody,
} from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  changePassword, OTP_SENT_MESSAGE, RESET_SENT_MESSAGE, redeemOneTimeCode, redeemResetToken, sendOneTimeCode, sendPasswordReset,
} from '../domain/customer-auth.ts';
import { blacklistTokens, issueTokens, rotateRefreshToken } from '../domain/customer-tokens.ts';
import { findCustomerByEmail } from '../domain/customers.ts';
import { customerAccount } from '../domain/login-throttle.ts';
import { hashPassword, verifyPassword } from '../domain/passwords.ts';
import { clientIp } from '../http/client-ip.ts';
import { fieldError, HttpError } from '../errors.ts';
import { parseBody } from '../http/request-body.ts';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'The e-mail or password is incorrect');

/** The answer to a throttled password or code check (plain text, as the contract allows for 429). */
export function tooManyAttempts(c: Context, seconds: number): Response {
  c.header('Retry-After', String(seconds));
  return c.text('Too many failed attempts, please retry later.', 429);
}

/** Storefront customer authentication under /v3/stores/{store_id}/public/auth (the store gate has run). */
export function authRoutes({ db, config, signIns }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const lifetimes = config; // accessTokenSeconds / refreshTokenSeconds
  /** The throttle's account and client of a password or code check (the browser's IP, as the limiter sees it). */
  const attempt = (c: Context<AppEnv>, email: string) => [customerAccount(c.var.store.id, email), clientIp(c, config.trustProxy)] as const;

  app.post('/login', async (c) => {
    const store = c.var.store;
    const body = await parseBody(c, LoginBody);
    const [account, client] = attempt(c, body.email);
    const wait = signIns.waitFor(account, client);
    if (wait) return tooManyAttempts(c, wait);
    const customer = findCustomerByEmail(db, store.id, body.email);
    const passwordOk = await verifyPassword(body.password, customer?.password_hash); // same cost for unknown e-mails
    if (!passwordOk || !customer) signIns.fail(account, client);
    if (store.requires_otp) {
      // Identical answer for unknown e-mail, wrong password and success; only the last one gets a code.
      if (passwordOk && customer) sendOneTimeCode(db, customer, store, config.otpSeconds);
      return c.json({ message: OTP_SENT_MESSAGE }, 200);
    }
    if (!passwordOk || !customer) throw invalidCredentials();
    signIns.succeed(account, client);
    return c.json(await issueTokens(db, customer.id, store.id, lifetimes), 200);
  });

  app.post('/otp/verify', async (c) => {
    const store = c.var.store;
    const body = await parseBody(c, OtpVerifyBody);
    const [account, client] = attempt(c, body.email);
    const wait = signIns.waitFor(account, client);
    if (wait) return tooManyAttempts(c, wait);
    const customer = findCustomerByEmail(db, store.id, body.email);
    if (!customer || !redeemOneTimeCode(db, customer.id, body.otp)) {
      signIns.fail(account, client);
      throw new HttpError(401, 'invalid_credentials', 'The code is wrong, already used or expired');
    }
    signIns.succeed(account, client);
    return c.json({ ...(await issueTokens(db, customer.id, store.id, lifetimes)), store_unique_id: store.unique_id }, 200);
  });

  app.post('/jwt/refresh', async (c) => {
    const { refresh } = await parseBody(c, RefreshBody);
    const result = await rotateRefreshToken(db, refresh, c.var.store.id, lifetimes);
    if (!result.ok) {
      const message = result.reason === 'reused'
        ? 'This refresh token was already used; every token of this sign-in is revoked. Sign in again.'
        : 'The refresh token is invalid, expired or revoked';
      throw new HttpError(401, 'unauthorized', message);
    }
    return c.json(result.tokens, 200);
  });

  app.post('/jwt/blacklist', async (c) => {
    const { tokens } = await parseBody(c, BlacklistBody);
    await blacklistTokens(db, tokens, c.var.store.id);
    return c.body(null, 204);
  });

  app.post('/forget-password', async (c) => {
    const store = c.var.store;
    const { email } = await parseBody(c, ForgetPasswordBody);
    const customer = findCustomerByEmail(db, store.id, email);
    if (customer) {
      sendPasswordReset(db, customer, store, { origin: c.req.header('origin'), lifetimeSeconds: config.resetTokenSeconds, limit: config.resetMailLimit });
    }
    return c.json({ message: RESET_SENT_MESSAGE }, 200);
  });

  app.post('/save-password', async (c) => {
    const store = c.var.store;
    const body = await parseBody(c, SavePasswordBody);
    const passwordHash = await hashPassword(body.password); // before spending the token: a failure here keeps it usable
    const customerId = redeemResetToken(db, body.token, store.id);
    if (customerId === undefined) throw fieldError('token', 'This reset link is invalid, already used or expired');
    changePassword(db, customerId, passwordHash, 'password_reset'); // no session here: every sign-in goes
    return c.json({ message: 'Your new password is saved. Sign in with it.' }, 200);
  });

  return app;
}
