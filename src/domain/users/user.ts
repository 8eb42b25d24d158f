// How a user is shown (docs/product.md#data "User in the list / account", #screens /user-management and /profile).

export type Role = 'admin' | 'staff';
export const ROLES: readonly Role[] = ['admin', 'staff'];

export interface UserLike {
  name?: string | null;
  username?: string | null;
  email?: string | null;
}

function filled(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** name, else username, else the part of the email before '@', else 'Unknown'. */
export function displayName(user: UserLike | null | undefined): string {
  if (!user) return 'Unknown';
  const local = filled(user.email).split('@')[0]?.trim() ?? '';
  return filled(user.name) || filled(user.username) || local || 'Unknown';
}

/** 'admin' → 'Admin', 'STAFF' → 'Staff'; empty → ''. */
export function roleLabel(role: string | null | undefined): string {
  const r = filled(role).toLowerCase();
  return r ? r[0].toUpperCase() + r.slice(1) : '';
}

export type RoleBadge = 'danger' | 'primary' | 'neutral';

/** Admin red, Staff blue, any other role neutral. */
export function roleBadge(role: string | null | undefined): RoleBadge {
  const r = filled(role).toLowerCase();
  if (r === 'admin') return 'danger';
  if (r === 'staff') return 'primary';
  return 'neutral';
}

/** Lowercase role as sent to the server, or null when it is not admin/staff. */
export function normaliseRole(role: unknown): Role | null {
  if (typeof role !== 'string') return null;
  const r = role.trim().toLowerCase();
  return r === 'admin' || r === 'staff' ? r : null;
}

/** The admin check of docs/product.md#roles-and-menus (role 'Admin', any case). */
export function isAdmin(user: { role?: string | null } | null | undefined): boolean {
  return normaliseRole(user?.role) === 'admin';
}
