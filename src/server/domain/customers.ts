import type { CustomerProfileResponse, ProfileUpdateBody } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import type { StoreRow } from './stores.ts';
import { sql } from '../db/statements.ts';

export type CustomerRow = {
  id: number;
  store_id: number;
  email: string;
  password_hash: string;
  password_generated: number;
  name: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
};

export function findCustomerByEmail(db: Db, storeId: number, email: string): CustomerRow | undefined {
  return sql(db, 'SELECT * FROM customers WHERE store_id = ? AND email = ?').get(storeId, email) as CustomerRow | undefined;
}

export function findCustomer(db: Db, storeId: number, id: number): CustomerRow | undefined {
  return sql(db, 'SELECT * FROM customers WHERE store_id = ? AND id = ?').get(storeId, id) as CustomerRow | undefined;
}

export function profileResponse(customer: CustomerRow, store: StoreRow): CustomerProfileResponse {
  return {
    customer: { id: customer.id, email: customer.email, name: customer.name, phone: customer.phone, created_at: customer.created_at },
    store: { unique_id: store.unique_id, name: store.name, logo: store.logo, requires_otp: store.requires_otp },
    is_generated_password_reset: customer.password_generated === 1,
  };
}

export function updateProfile(db: Db, customer: CustomerRow, patch: ProfileUpdateBody): CustomerRow {
  sql(db, 'UPDATE customers SET name = ?, phone = ?, updated_at = ? WHERE id = ?').run(
    patch.name ?? customer.name,
    patch.phone === undefined ? customer.phone : patch.phone,
    new Date().toISOString(),
    customer.id,
  );
  return findCustomer(db, customer.store_id, customer.id)!;
}

/** A password the customer chose: clears the "generated password" flag. */
export function setPassword(db: Db, customerId: number, passwordHash: string): void {
  sql(db, 'UPDATE customers SET password_hash = ?, password_generated = 0, updated_at = ? WHERE id = ?')
    .run(passwordHash, new Date().toISOString(), customerId);
}
