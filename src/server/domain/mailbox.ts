import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';

export type Mail = { to: string; storeId: number | null; kind: 'otp' | 'password_reset'; subject: string; text: string; data?: Record<string, unknown> };

/** "Sends" an e-mail: the reference server has no SMTP; every message lands in the dev mailbox table. */
export function sendMail(db: Db, mail: Mail): void {
  sql(db, 'INSERT INTO mailbox (to_address, store_id, kind, subject, text, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(mail.to, mail.storeId, mail.kind, mail.subject, mail.text, JSON.stringify(mail.data ?? {}), new Date().toISOString());
}

export type MailboxEntry = { id: number; to: string; store_id: number | null; kind: string; subject: string; text: string; data: Record<string, unknown>; created_at: string };

/** Newest first, optionally for one recipient. */
export function listMail(db: Db, to?: string, limit = 50): MailboxEntry[] {
  const rows = sql(db, 
    `SELECT id, to_address AS "to", store_id, kind, subject, text, data, created_at FROM mailbox
     ${to ? 'WHERE to_address = ?' : ''} ORDER BY id DESC LIMIT ?`,
  ).all(...(to ? [to, limit] : [limit])) as (Omit<MailboxEntry, 'data'> & { data: string })[];
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
}
