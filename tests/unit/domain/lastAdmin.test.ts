import { describe, expect, test } from 'vitest';
import {
  isLastVerifiedAdmin,
  isVerifiedAdmin,
  markLastVerifiedAdmin,
} from '../../../src/domain/users/lastAdmin';

// The server refuses to delete, invalidate or demote the last verified administrator; the user
// list marks that row so the page can say so first (issue 26).
const rows = [
  { id: 1, role: 'admin', isVerified: true },
  { id: 2, role: 'Admin', isVerified: false },
  { id: 3, role: 'staff', isVerified: true },
];

describe('last verified administrator', () => {
  test('a verified admin is one with the admin role (any case) and verified', () => {
    expect(rows.map(isVerifiedAdmin)).toEqual([true, false, false]);
    expect(isVerifiedAdmin({ role: 'ADMIN', isVerified: true })).toBe(true);
  });

  test('one verified admin in all: that row is marked, the others are not', () => {
    const marked = markLastVerifiedAdmin(rows, 1);
    expect(marked.map(isLastVerifiedAdmin)).toEqual([true, false, false]);
    expect(marked[0]).toEqual({ id: 1, role: 'admin', isVerified: true, lastVerifiedAdmin: true });
    expect(rows[0]).not.toHaveProperty('lastVerifiedAdmin');
  });

  test('two or more verified admins: nothing is marked', () => {
    expect(markLastVerifiedAdmin(rows, 2).some(isLastVerifiedAdmin)).toBe(false);
    expect(isLastVerifiedAdmin(null)).toBe(false);
  });
});
