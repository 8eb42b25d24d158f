// The rule the server enforces (docs/product.md#roles-and-menus): the last verified administrator cannot be deleted,
// invalidated or demoted. The user list marks that row, so the page disables what would be
// refused and says why, instead of offering it and answering 'Cannot remove…' (issue 26).
import { normaliseRole } from './user';

export interface LastAdminMark {
  /** This row is the only verified administrator. */
  readonly lastVerifiedAdmin?: boolean;
}

interface RoleAndStatus {
  readonly role?: string | null;
  readonly isVerified?: boolean;
}

export function isVerifiedAdmin(user: RoleAndStatus): boolean {
  return normaliseRole(user.role) === 'admin' && user.isVerified === true;
}

/** The rows with the one verified administrator marked, when `verifiedAdmins` (all pages) is 1. */
export function markLastVerifiedAdmin<T extends RoleAndStatus>(
  rows: readonly T[],
  verifiedAdmins: number,
): (T & LastAdminMark)[] {
  if (verifiedAdmins !== 1) return [...rows];
  return rows.map((row) => (isVerifiedAdmin(row) ? { ...row, lastVerifiedAdmin: true } : row));
}

export function isLastVerifiedAdmin(user: object | null | undefined): boolean {
  return (user as LastAdminMark | null | undefined)?.lastVerifiedAdmin === true;
}
