import type { Context } from 'hono';
import { OAUTH_SCOPES, type OAuthScope } from '../../contract/index.ts';
import type { MembershipRow } from '../domain/business-users.ts';
import { requireApiKey, requireScope, selectedMembership } from './business-auth.ts';
import { HttpError } from '../errors.ts';

/** The role a business user acts with: an invited member who has not accepted yet is `pending`, whatever role awaits. */
export type BusinessRoleName = 'owner' | 'admin' | 'staff' | 'pending';
/** Every OAuth scope is a permission; installations are managed with the merchant's own API key only. */
export type BusinessPermission = OAuthScope | 'apps:read' | 'apps:manage';

const EVERYONE = ['owner', 'admin', 'staff', 'pending'] as const;
const MEMBERS = ['owner', 'admin', 'staff'] as const;
const MANAGERS = ['owner', 'admin'] as const;

/**
 * The one role model of business routes (docs/contract-gaps.md, "Business roles"): every business route asks for
 * one permission here. Staff run the shop day to day (orders, catalog, stock); owners and admins also hold what
 * exposes or connects the business (webhook endpoints, storefront keys and origins, page keys and domains,
 * disconnecting apps). Pending members only see and answer their own invitation.
 */
export const ROLE_PERMISSIONS: Record<BusinessPermission, readonly BusinessRoleName[]> = {
  'business:read': EVERYONE,
  'business:write': EVERYONE,
  'orders:read': MEMBERS,
  'orders:write': MEMBERS,
  'webhooks:read': MEMBERS,
  'webhooks:write': MANAGERS,
  'storefront:read': MEMBERS,
  'storefront:write': MANAGERS,
  'pages:read': MEMBERS,
  'pages:write': MANAGERS,
  'catalog:read': MEMBERS,
  'catalog:write': MEMBERS,
  'apps:read': MEMBERS,
  'apps:manage': MANAGERS,
};

export const roleOf = (m: Pick<MembershipRow, 'role' | 'status'>): BusinessRoleName => (m.status === 'pending' ? 'pending' : m.role);
export const roleAllows = (role: BusinessRoleName, permission: BusinessPermission) => ROLE_PERMISSIONS[permission].includes(role);

/** Scopes the user's role does not hold: an app connected by this user may not be granted them. */
export const scopesBeyondRole = (role: BusinessRoleName, scopes: readonly OAuthScope[]) => scopes.filter((s) => !roleAllows(role, s));

const isScope = (permission: BusinessPermission): permission is OAuthScope => permission in OAUTH_SCOPES;

/**
 * The check every business route starts with: an OAuth token needs the scope (apps never get `apps:*`), the
 * selected installation must stand, and the user's current role must hold the permission (an app acts with its
 * user's role of the moment, never more). Returns the membership whose business the route works on.
 */
export function authorize(c: Context, permission: BusinessPermission): MembershipRow {
  if (isScope(permission)) requireScope(c, permission);
  else requireApiKey(c);
  const membership = selectedMembership(c);
  const role = roleOf(membership);
  if (roleAllows(role, permission)) return membership;
  if (role === 'pending') throw new HttpError(403, 'forbidden', 'Accept the invitation to this business first');
  throw new HttpError(403, 'forbidden', `The ${role} role cannot do this (${permission}): it needs ${ROLE_PERMISSIONS[permission].join(' or ')}`);
}
