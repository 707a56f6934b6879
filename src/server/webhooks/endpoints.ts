import { randomBytes } from 'node:crypto';
import type { WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointCreated, WebhookEventType } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';
import { fieldError } from '../errors.ts';
import { checkOutboundHost, checkOutboundUrl, OutboundRefused, type OutboundPolicy } from '../http/outbound.ts';

type Row = { id: number; business_id: number; url: string; secret: string; events: string; description: string | null; created_at: string };

const toEndpoint = (r: Row): WebhookEndpoint => ({
  id: r.id, url: r.url, events: JSON.parse(r.events) as WebhookEventType[], description: r.description,
  secret_hint: r.secret.slice(-4), created_at: r.created_at,
});

/** Signing secrets are random and shown once; the server keeps them in clear because it must sign with them. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

const refusedUrl = () => fieldError('url', 'Webhooks are not delivered to loopback, private or link-local addresses');

/** A URL given as an IP literal is checked at once (a 400 naming `url`). */
function checkEndpointUrl(url: string, policy: OutboundPolicy): void {
  try {
    checkOutboundUrl(url, policy);
  } catch (err) {
    if (err instanceof OutboundRefused) throw refusedUrl();
    throw err;
  }
}

/**
 * What a new endpoint's host name resolves to now is checked too (a 400 naming `url`), besides the check after DNS
 * at every delivery, since what a name resolves to may change; a name that does not resolve yet is accepted.
 */
export async function checkEndpointHost(url: string, policy: OutboundPolicy): Promise<void> {
  try {
    await checkOutboundHost(url, policy);
  } catch (err) {
    if (err instanceof OutboundRefused) throw refusedUrl();
    throw err;
  }
}

/** `policy`: the addresses an endpoint given over the API may point to (seeded endpoints are trusted as they are). */
export function createWebhookEndpoint(db: Db, businessId: number, input: WebhookEndpointCreate & { secret?: string; id?: number }, policy?: OutboundPolicy): WebhookEndpointCreated {
  if (policy) checkEndpointUrl(input.url, policy);
  const secret = input.secret ?? newWebhookSecret();
  const events = [...new Set(input.events ?? [])];
  const created = sql(db, 
    'INSERT INTO webhook_endpoints (id, business_id, url, secret, events, description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(input.id ?? null, businessId, input.url, secret, JSON.stringify(events), input.description ?? null, new Date().toISOString());
  const row = sql(db, 'SELECT * FROM webhook_endpoints WHERE id = ?').get(created.lastInsertRowid) as Row;
  return { ...toEndpoint(row), secret };
}

export function listWebhookEndpoints(db: Db, businessId: number): WebhookEndpoint[] {
  const rows = sql(db, 'SELECT * FROM webhook_endpoints WHERE business_id = ? AND deleted_at IS NULL ORDER BY id').all(businessId) as Row[];
  return rows.map(toEndpoint);
}

/**
 * Removes an endpoint of the business (false when there is none): it gets no new events, and its deliveries that
 * are still waiting are cancelled. Kept as a row so the delivery log still names it.
 */
export function deleteWebhookEndpoint(db: Db, businessId: number, id: number): boolean {
  return db.transaction(() => {
    const done = sql(db, 'UPDATE webhook_endpoints SET deleted_at = ? WHERE id = ? AND business_id = ? AND deleted_at IS NULL')
      .run(new Date().toISOString(), id, businessId);
    if (done.changes !== 1) return false;
    sql(db, "UPDATE webhook_deliveries SET status = 'cancelled', last_error = 'endpoint deleted' WHERE endpoint_id = ? AND status = 'pending'").run(id);
    return true;
  }).immediate();
}
