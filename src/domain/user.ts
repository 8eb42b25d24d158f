// How a user is shown (spec §3 "User in the list / account", §2 /user-management and /profile).

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

/** The admin check of spec §6 (role 'Admin', any case). */
export function isAdmin(user: { role?: string | null } | null | undefined): boolean {
  return normaliseRole(user?.role) === 'admin';
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface UserDates {
  created_at?: DateInput;
  createdAt?: DateInput;
  updated_at?: DateInput;
  updatedAt?: DateInput;
}

/** The created date, falling back to the updated date, then to `now`. */
export function userCreatedDate(user: UserDates | null | undefined, now: Date = new Date()): Date {
  return (
    toDate(user?.created_at) ??
    toDate(user?.createdAt) ??
    toDate(user?.updated_at) ??
    toDate(user?.updatedAt) ??
    now
  );
}

const shortDateId = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric' });
const longDateUs = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

/** Indonesian short date: '5 Jan 2024' (runtime time zone); '' for a missing or bad date. */
export function formatDateId(value: DateInput): string {
  const date = toDate(value);
  return date ? shortDateId.format(date).replace(/[\u00a0\u202f]/g, ' ') : '';
}

/** Long US date for the profile: 'January 5, 2024', or 'N/A'. */
export function formatMemberSince(value: DateInput): string {
  const date = toDate(value);
  return date ? longDateUs.format(date).replace(/[\u00a0\u202f]/g, ' ') : 'N/A';
}
