/**
 * Password resets by customer: the reset-mail limit counts a customer's recent links, and a password change revokes
 * the unused ones, both by `customer_id`, which scanned every reset ever sent.
 */
export default /* sql */ `
CREATE INDEX password_resets_customer ON password_resets(customer_id, created_at);
`;
