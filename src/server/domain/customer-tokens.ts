import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { TokenResponse } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { serverSecret } from './secrets.ts';
import { sha256 } from './passwords.ts';
import { sql } from '../db/statements.ts';

const ISSUER = 'commerce-service-reference';
const audience = (storeId: number) => `store:${storeId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const iso = () => new Date().toISOString();

export type TokenLifetimes = { accessTokenSeconds: number; refreshTokenSeconds: number };
export type TokenClaims = { customerId: number; storeId: number; familyId: string; expiresAt: number };
type Kind = 'access' | 'refresh';

async function sign(db: Db, kind: Kind, c: Omit<TokenClaims, 'expiresAt'>, expiresAt: number): Promise<string> {
  return new SignJWT({ typ: kind, fam: c.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience(c.storeId))
    .setSubject(String(c.customerId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(serverSecret(db, 'customer_jwt_hs256'));
}

/** Verifies signature, issuer, store audience, expiry and kind; undefined for anything else (no reason leaks). */
export async function decodeToken(db: Db, token: string, kind: Kind, storeId: number): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, serverSecret(db, 'customer_jwt_hs256'), {
      issuer: ISSUER, audience: audience(storeId), algorithms: ['HS256'],
    });
    if (payload.typ !== kind || typeof payload.fam !== 'string' || typeof payload.exp !== 'number') return undefined;
    return { customerId: Number(payload.sub), storeId, familyId: payload.fam, expiresAt: payload.exp };
  } catch {
    return undefined;
  }
}

/** A token pair of a family; nothing is written (signing is async, the database writes happen in one sync step). */
async function mintPair(db: Db, c: Omit<TokenClaims, 'expiresAt'>, absoluteExpiry: number, life: TokenLifetimes) {
  const now = nowSeconds();
  const refreshExp = Math.min(now + life.refreshTokenSeconds, absoluteExpiry);
  const accessExp = Math.min(now + life.accessTokenSeconds, refreshExp);
  const [access, refresh] = await Promise.all([sign(db, 'access', c, accessExp), sign(db, 'refresh', c, refreshExp)]);
  const response: TokenResponse = {
    access, refresh, token_type: 'Bearer', expires_in: accessExp - now, refresh_expires_in: refreshExp - now,
  };
  return { response, refreshHash: sha256(refresh), refreshExp };
}

/** A sign-in: a new token family whose absolute expiry no rotation can extend. */
export async function issueTokens(db: Db, customerId: number, storeId: number, life: TokenLifetimes): Promise<TokenResponse> {
  const familyId = randomUUID();
  const absolute = nowSeconds() + life.refreshTokenSeconds;
  const pair = await mintPair(db, { customerId, storeId, familyId }, absolute, life);
  db.transaction(() => {
    sql(db, 'INSERT INTO token_families (id, customer_id, absolute_expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(familyId, customerId, absolute, iso());
    sql(db, 'INSERT INTO refresh_tokens (token_hash, family_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(pair.refreshHash, familyId, pair.refreshExp, iso());
  })();
  return pair.response;
}

export type RotateResult = { ok: true; tokens: TokenResponse } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Refresh rotation. The check-and-spend is one synchronous transaction with a conditional UPDATE, so of two
 * parallel refreshes with one token exactly one wins; the other is a reuse and revokes the whole family.
 */
export async function rotateRefreshToken(db: Db, token: string, storeId: number, life: TokenLifetimes): Promise<RotateResult> {
  const claims = await decodeToken(db, token, 'refresh', storeId);
  if (!claims) return { ok: false, reason: 'invalid' };
  const family = sql(db, 'SELECT absolute_expires_at FROM token_families WHERE id = ?').get(claims.familyId) as
    { absolute_expires_at: number } | undefined;
  if (!family) return { ok: false, reason: 'invalid' };
  const pair = await mintPair(db, claims, family.absolute_expires_at, life);
  const hash = sha256(token);
  return db.transaction((): RotateResult => {
    const row = sql(db, 
      `SELECT r.spent_at, r.revoked_at, f.revoked_at AS family_revoked FROM refresh_tokens r
       JOIN token_families f ON f.id = r.family_id WHERE r.token_hash = ?`,
    ).get(hash) as { spent_at: string | null; revoked_at: string | null; family_revoked: string | null } | undefined;
    if (!row || row.revoked_at || row.family_revoked) return { ok: false, reason: 'invalid' };
    const spent = sql(db, 'UPDATE refresh_tokens SET spent_at = ? WHERE token_hash = ? AND spent_at IS NULL').run(iso(), hash);
    if (spent.changes !== 1) {
      revokeFamily(db, claims.familyId, 'refresh_token_reuse');
      return { ok: false, reason: 'reused' };
    }
    sql(db, 'INSERT INTO refresh_tokens (token_hash, family_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(pair.refreshHash, claims.familyId, pair.refreshExp, iso());
    return { ok: true, tokens: pair.response };
  })();
}

export function revokeFamily(db: Db, familyId: string, reason: string): void {
  sql(db, 'UPDATE token_families SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL').run(iso(), reason, familyId);
}

/** Every sign-in of the customer (password reset), or every one but `keepFamily` (password change). */
export function revokeCustomerFamilies(db: Db, customerId: number, reason: string, keepFamily?: string): void {
  sql(db, 'UPDATE token_families SET revoked_at = ?, revoked_reason = ? WHERE customer_id = ? AND revoked_at IS NULL AND id IS NOT ?')
    .run(iso(), reason, customerId, keepFamily ?? null);
}

/** Blacklists the listed tokens of this store; tokens that are not ours, of another store or expired are skipped. */
export async function blacklistTokens(db: Db, tokens: string[], storeId: number): Promise<void> {
  for (const token of tokens) {
    const claims = (await decodeToken(db, token, 'access', storeId)) ?? (await decodeToken(db, token, 'refresh', storeId));
    if (!claims) continue;
    const hash = sha256(token);
    sql(db, 'INSERT OR IGNORE INTO revoked_tokens (token_hash, expires_at) VALUES (?, ?)').run(hash, claims.expiresAt);
    sql(db, 'UPDATE refresh_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(iso(), hash);
  }
  sql(db, 'DELETE FROM revoked_tokens WHERE expires_at < ?').run(nowSeconds()); // expired ones fail on exp anyway
}

/** An access token that is valid, not blacklisted and whose family is alive: its claims, else undefined. */
export async function verifyAccessToken(db: Db, token: string, storeId: number): Promise<TokenClaims | undefined> {
  const claims = await decodeToken(db, token, 'access', storeId);
  if (!claims) return undefined;
  if (sql(db, 'SELECT 1 FROM revoked_tokens WHERE token_hash = ?').get(sha256(token))) return undefined;
  const family = sql(db, 'SELECT revoked_at FROM token_families WHERE id = ? AND customer_id = ?').get(claims.familyId, claims.customerId) as
    { revoked_at: string | null } | undefined;
  return family && !family.revoked_at ? claims : undefined;
}
