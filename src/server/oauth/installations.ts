import type { MeResponse, OAuthInstallation, OAuthScope } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import type { BusinessPrincipal } from '../domain/business-users.ts';
import { sql } from '../db/statements.ts';

type MeInstallation = MeResponse['installations'][number];

type Row = {
  id: number; client_id: string; client_name: string; user_id: number; user_email: string; user_name: string;
  business_id: number; business_name: string; scopes: string; status: 'active' | 'revoked'; created_at: string; revoked_at: string | null;
};

const SELECT = `SELECT i.*, c.name AS client_name, u.email AS user_email, u.name AS user_name, b.name AS business_name
  FROM oauth_installations i JOIN oauth_clients c ON c.client_id = i.client_id
  JOIN business_users u ON u.id = i.user_id JOIN businesses b ON b.id = i.business_id`;

const toInstallation = (r: Row): OAuthInstallation => ({
  id: r.id, application: { client_id: r.client_id, name: r.client_name },
  user: { id: r.user_id, email: r.user_email, name: r.user_name }, business: { id: r.business_id, name: r.business_name },
  scopes: r.scopes.split(' ').filter(Boolean), status: r.status, created_at: r.created_at, revoked_at: r.revoked_at,
});

/** Businesses the user may connect an app to: verified memberships of active businesses. */
export function connectableBusinesses(db: Db, userId: number): { id: number; name: string; role: string }[] {
  return sql(db, `SELECT b.id, b.name, m.role FROM business_memberships m JOIN businesses b ON b.id = m.business_id
    WHERE m.user_id = ? AND m.status = 'verified' AND b.status = 'active' ORDER BY b.name, b.id`).all(userId) as { id: number; name: string; role: string }[];
}

/**
 * The user approved the app for a business. An active installation gains the newly approved scopes (incremental
 * consent); a revoked one comes back with only these scopes.
 */
export function approveInstallation(db: Db, clientId: string, userId: number, businessId: number, scopes: OAuthScope[]): { id: number; scopes: string[] } {
  return db.transaction(() => {
    const now = new Date().toISOString();
    const existing = sql(db, 'SELECT id, scopes, status FROM oauth_installations WHERE client_id = ? AND user_id = ? AND business_id = ?')
      .get(clientId, userId, businessId) as { id: number; scopes: string; status: string } | undefined;
    if (!existing) {
      const created = sql(db, `INSERT INTO oauth_installations (client_id, user_id, business_id, scopes, status, created_at, updated_at)
        VALUES (?, ?, ?, ?, 'active', ?, ?)`).run(clientId, userId, businessId, scopes.join(' '), now, now);
      return { id: Number(created.lastInsertRowid), scopes };
    }
    const granted = existing.status === 'active' ? [...new Set([...existing.scopes.split(' ').filter(Boolean), ...scopes])] : scopes;
    sql(db, "UPDATE oauth_installations SET scopes = ?, status = 'active', revoked_at = NULL, updated_at = ? WHERE id = ?")
      .run(granted.join(' '), now, existing.id);
    return { id: existing.id, scopes: granted };
  }).immediate();
}

export function listInstallations(db: Db, businessId: number): OAuthInstallation[] {
  return (sql(db, `${SELECT} WHERE i.business_id = ? ORDER BY i.id DESC`).all(businessId) as Row[]).map(toInstallation);
}

/**
 * The merchant disconnects an app. Its grants are closed with the reason `installation_revoked`: their tokens keep
 * authenticating but answer 403 (no active connected business), and a later re-approval does not revive them.
 */
export function revokeInstallation(db: Db, businessId: number, id: number): OAuthInstallation | undefined {
  return db.transaction(() => {
    const now = new Date().toISOString();
    const done = sql(db, "UPDATE oauth_installations SET status = 'revoked', revoked_at = ?, updated_at = ? WHERE id = ? AND business_id = ? AND status = 'active'")
      .run(now, now, id, businessId);
    if (done.changes === 1) {
      sql(db, "UPDATE oauth_grants SET revoked_at = ?, revoked_reason = 'installation_revoked' WHERE installation_id = ? AND revoked_at IS NULL")
        .run(now, id);
    }
    const row = sql(db, `${SELECT} WHERE i.id = ? AND i.business_id = ?`).get(id, businessId) as Row | undefined;
    return row && toInstallation(row);
  }).immediate();
}

/**
 * GET /v3/me for an OAuth token whose own installation stands (the route checks that first): the app's active
 * connected installations by this user (installation active, membership still there, business active), the token's
 * own marked `selected`. None → undefined (403).
 */
export function oauthIdentity(db: Db, p: BusinessPrincipal): MeResponse | undefined {
  const oauth = p.oauth!;
  const rows = sql(db, `SELECT i.id, b.id AS business_id, b.name AS business_name, m.id AS membership_id, m.role, m.status
    FROM oauth_installations i JOIN businesses b ON b.id = i.business_id
    JOIN business_memberships m ON m.business_id = i.business_id AND m.user_id = i.user_id
    WHERE i.client_id = ? AND i.user_id = ? AND i.status = 'active' AND b.status = 'active' ORDER BY i.id`)
    .all(oauth.clientId, p.user.id) as ({ id: number; business_id: number; business_name: string; membership_id: number } & Pick<MeInstallation, 'role' | 'status'>)[];
  if (!rows.length) return undefined;
  return {
    auth_type: 'oauth',
    user: { id: p.user.id, email: p.user.email, name: p.user.name },
    application: { client_id: oauth.clientId, name: oauth.clientName },
    installations: rows.map((r) => ({
      business: { id: r.business_id, name: r.business_name }, membership_id: r.membership_id, role: r.role, status: r.status,
      selected: r.id === oauth.installationId, installation_id: r.id,
    })),
    scopes: [...oauth.scopes],
  };
}
