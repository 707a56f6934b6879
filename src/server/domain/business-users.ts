import type { BusinessUser } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { keysetPage } from '../db/paging.ts';
import { sha256 } from './passwords.ts';
import { sql, sqlValue } from '../db/statements.ts';

export type BusinessUserRow = { id: number; email: string; name: string; password_hash: string };
export type MembershipRow = {
  id: number; business_id: number; user_id: number; role: BusinessUser['role']; status: BusinessUser['status'];
  invited_at: string; verified_at: string | null;
};
export type BusinessRow = { id: number; name: string; status: string; paid: number };

/** What a business credential resolves to: its user and the one business installation it selects. */
export type BusinessPrincipal = {
  /** The rate-limit bucket: one per API key, one per OAuth installation. */
  rateLimitKey: string;
  user: BusinessUserRow;
  business: BusinessRow;
  /** Undefined once the user has left (or denied) the selected business. */
  membership: MembershipRow | undefined;
  /** Set for OAuth access tokens (API keys are not scoped). */
  oauth?: OAuthGrantInfo;
};

export type OAuthGrantInfo = {
  installationId: number; clientId: string; clientName: string; scopes: ReadonlySet<string>;
  /** False once the merchant revoked the installation: the token answers 403, with no identity data. */
  installationActive: boolean;
};

export function resolveApiKey(db: Db, key: string): BusinessPrincipal | undefined {
  const keyHash = sha256(key);
  const row = sql(db, 'SELECT user_id, business_id FROM business_api_keys WHERE key_hash = ?').get(keyHash) as
    { user_id: number; business_id: number } | undefined;
  if (!row) return undefined;
  return { rateLimitKey: `key:${keyHash}`, ...findBusinessPrincipalParts(db, row.user_id, row.business_id) };
}

export function findBusinessPrincipalParts(db: Db, userId: number, businessId: number) {
  const user = sql(db, 'SELECT * FROM business_users WHERE id = ?').get(userId) as BusinessUserRow;
  const business = sql(db, 'SELECT id, name, status, paid FROM businesses WHERE id = ?').get(businessId) as BusinessRow;
  return { user, business, membership: findMembership(db, userId, businessId) };
}

export function findMembership(db: Db, userId: number, businessId: number): MembershipRow | undefined {
  return sql(db, 'SELECT * FROM business_memberships WHERE user_id = ? AND business_id = ?').get(userId, businessId) as MembershipRow | undefined;
}

const LIST_SQL = `SELECT -m.id AS sort_key, m.*, b.name AS business_name, u.email AS user_email, u.name AS user_name
  FROM business_memberships m JOIN businesses b ON b.id = m.business_id JOIN business_users u ON u.id = m.user_id`;
type ListRow = MembershipRow & { business_name: string; user_email: string; user_name: string };

const toBusinessUser = (r: ListRow): BusinessUser => ({
  id: r.id, business: { id: r.business_id, name: r.business_name }, user: { id: r.user_id, email: r.user_email, name: r.user_name },
  role: r.role, status: r.status, invited_at: r.invited_at, verified_at: r.verified_at,
});

export function businessUser(db: Db, membershipId: number): BusinessUser {
  return toBusinessUser(sql(db, `${LIST_SQL} WHERE m.id = ?`).get(membershipId) as ListRow);
}

/** `%…%` with LIKE's wildcards taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Every membership of the user (all businesses), newest membership first. */
export function listMemberships(
  db: Db, userId: number, q: { search?: string; business_name?: string; page_size?: number; next_cursor?: string; previous_cursor?: string },
) {
  const where = ['m.user_id = ?'];
  const params: unknown[] = [userId];
  if (q.search) {
    where.push("(b.name LIKE ? ESCAPE '\\' OR m.role LIKE ? ESCAPE '\\' OR m.status LIKE ? ESCAPE '\\')");
    params.push(likePattern(q.search), likePattern(q.search), likePattern(q.search));
  }
  if (q.business_name) {
    where.push("b.name LIKE ? ESCAPE '\\'");
    params.push(likePattern(q.business_name));
  }
  const page = keysetPage<ListRow & { sort_key: number }>(db, { sql: `${LIST_SQL} WHERE ${where.join(' AND ')}`, params, keyColumns: ['sort_key'] }, q);
  return { ...page, results: page.results.map(toBusinessUser) };
}

export type MembershipChange = { ok: true } | { ok: false; message: string };

/** Leaving: not for owners, not for the last member of the business, not for a pending invitation. */
export function leaveBusiness(db: Db, m: MembershipRow): MembershipChange {
  return db.transaction((): MembershipChange => {
    if (m.status !== 'verified') return { ok: false, message: 'This invitation is pending: deny it instead of leaving' };
    if (m.role === 'owner') return { ok: false, message: 'An owner cannot leave the business' };
    const members = sqlValue(db, "SELECT count(*) FROM business_memberships WHERE business_id = ? AND status = 'verified'").get(m.business_id) as number;
    if (members <= 1) return { ok: false, message: 'The last member cannot leave the business' };
    sql(db, 'DELETE FROM business_memberships WHERE id = ?').run(m.id);
    return { ok: true };
  }).immediate();
}

export function acceptInvitation(db: Db, m: MembershipRow): MembershipChange {
  const done = sql(db, "UPDATE business_memberships SET status = 'verified', verified_at = ? WHERE id = ? AND status = 'pending'")
    .run(new Date().toISOString(), m.id);
  return done.changes === 1 ? { ok: true } : { ok: false, message: 'This invitation is already accepted' };
}

export function denyInvitation(db: Db, m: MembershipRow): MembershipChange {
  const done = sql(db, "DELETE FROM business_memberships WHERE id = ? AND status = 'pending'").run(m.id);
  return done.changes === 1 ? { ok: true } : { ok: false, message: 'This invitation is already accepted: leave the business instead' };
}
