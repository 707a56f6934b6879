import { Hono } from 'hono';
import { PasswordUpdateBody, ProfileUpdateBody } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { changePassword } from '../domain/customer-auth.ts';
import { customerAccount } from '../domain/login-throttle.ts';
import { findCustomer, profileResponse, updateProfile } from '../domain/customers.ts';
import { hashPassword, verifyPassword } from '../domain/passwords.ts';
import { clientIp } from '../http/client-ip.ts';
import { customerOf, tokenFamilyOf } from '../http/customer-auth.ts';
import { fieldError } from '../errors.ts';
import { parseBody } from '../http/request-body.ts';
import { tooManyAttempts } from './auth.ts';

/** /customers/me/profile and /customers/me/profile/password (bearer checked by `requireCustomer`). */
export function customerProfileRoutes({ db, config, signIns }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/profile', (c) => c.json(profileResponse(customerOf(c), c.var.store)));

  app.patch('/profile', async (c) => {
    const updated = updateProfile(db, customerOf(c), await parseBody(c, ProfileUpdateBody));
    return c.json(profileResponse(updated, c.var.store));
  });

  /**
   * Changing the password needs the current one, except while the account still has a generated password the
   * customer never saw. Every other sign-in, reset link and one-time code of the customer is revoked; this
   * sign-in keeps working.
   */
  app.patch('/profile/password', async (c) => {
    const customer = customerOf(c);
    const body = await parseBody(c, PasswordUpdateBody);
    const generated = customer.password_generated === 1;
    if (!generated || body.current_password !== undefined) {
      if (body.current_password === undefined) throw fieldError('current_password', 'Enter your current password');
      // A stolen access token must not become a password oracle: the checks count with the customer's sign-ins.
      const [account, client] = [customerAccount(customer.store_id, customer.email), clientIp(c, config.trustProxy)];
      const wait = signIns.waitFor(account, client);
      if (wait) return tooManyAttempts(c, wait);
      if (!(await verifyPassword(body.current_password, customer.password_hash))) {
        signIns.fail(account, client);
        throw fieldError('current_password', 'The current password is incorrect', 'invalid_credentials');
      }
      signIns.succeed(account, client);
    }
    const hash = await hashPassword(body.new_password);
    changePassword(db, customer.id, hash, 'password_changed', tokenFamilyOf(c));
    return c.json(profileResponse(findCustomer(db, customer.store_id, customer.id)!, c.var.store));
  });

  return app;
}
