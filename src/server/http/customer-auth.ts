import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/database.ts';
import { verifyAccessToken } from '../domain/customer-tokens.ts';
import { findCustomer, type CustomerRow } from '../domain/customers.ts';
import type { StoreRow } from '../domain/stores.ts';
import { HttpError } from '../errors.ts';

export type CustomerVariables = { store: StoreRow; customer: CustomerRow; tokenFamily: string };

export const unauthorized = (message = 'Sign in again: the access token is missing, expired or revoked') =>
  new HttpError(401, 'unauthorized', message);

/** The bearer token of `Authorization: Bearer …`, if any. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/**
 * Resolves the signed-in customer of the path store from the bearer access token. A token of another store, an
 * expired, blacklisted or family-revoked token, or a customer that no longer exists → 401.
 * Runs after the store gate (which put `store` on the context).
 */
export function requireCustomer(db: Db): MiddlewareHandler {
  return async (c, next) => {
    const store = c.get('store') as StoreRow;
    const token = bearerToken(c);
    const claims = token ? await verifyAccessToken(db, token, store.id) : undefined;
    const customer = claims && findCustomer(db, store.id, claims.customerId);
    if (!claims || !customer) {
      c.header('WWW-Authenticate', 'Bearer realm="customer"');
      throw unauthorized();
    }
    c.set('customer', customer);
    c.set('tokenFamily', claims.familyId);
    await next();
  };
}

/** Typed access to what `requireCustomer` put on the context. */
export const customerOf = (c: Context) => c.get('customer') as CustomerRow;
export const tokenFamilyOf = (c: Context) => c.get('tokenFamily') as string;

