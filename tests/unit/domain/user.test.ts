import { describe, expect, test } from 'vitest';
import {
  displayName,
  isAdmin,
  normaliseRole,
  roleBadge,
  roleLabel,
} from '../../../src/domain/users/user';
import {
  formatDateId,
  formatMemberSince,
  userCreatedDate,
} from '../../../src/domain/users/userDates';

describe('displayName', () => {
  test('name, else username, else the email before @, else Unknown', () => {
    expect(displayName({ name: 'Siti', username: 'siti', email: 's@x.id' })).toBe('Siti');
    expect(displayName({ name: '  ', username: 'siti', email: 's@x.id' })).toBe('siti');
    expect(displayName({ name: null, username: '', email: 'budi.s@x.id' })).toBe('budi.s');
    expect(displayName({ email: '@x.id' })).toBe('Unknown');
    expect(displayName({})).toBe('Unknown');
    expect(displayName(null)).toBe('Unknown');
  });
});

describe('roles', () => {
  test('labels are capitalised', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('STAFF')).toBe('Staff');
    expect(roleLabel(undefined)).toBe('');
  });

  test('Admin red, Staff blue, anything else neutral', () => {
    expect(roleBadge('admin')).toBe('danger');
    expect(roleBadge('Admin')).toBe('danger');
    expect(roleBadge('staff')).toBe('primary');
    expect(roleBadge('auditor')).toBe('neutral');
    expect(roleBadge(null)).toBe('neutral');
  });

  test('roles are sent lowercase; the admin check ignores case', () => {
    expect(normaliseRole(' Admin ')).toBe('admin');
    expect(normaliseRole('manager')).toBeNull();
    expect(isAdmin({ role: 'Admin' })).toBe(true);
    expect(isAdmin({ role: 'staff' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('dates', () => {
  const now = new Date('2024-06-01T00:00:00Z');

  test('created date falls back to updated date, then now', () => {
    expect(
      userCreatedDate(
        { created_at: '2024-01-05T00:00:00Z', updated_at: '2024-02-01T00:00:00Z' },
        now,
      ).toISOString(),
    ).toBe('2024-01-05T00:00:00.000Z');
    expect(
      userCreatedDate(
        { createdAt: 'not a date', updatedAt: '2024-02-01T00:00:00Z' },
        now,
      ).toISOString(),
    ).toBe('2024-02-01T00:00:00.000Z');
    expect(userCreatedDate({}, now)).toBe(now);
    expect(userCreatedDate(null, now)).toBe(now);
  });

  test('Indonesian short date and long US member-since date', () => {
    const noon = new Date(2024, 0, 5, 12);
    expect(formatDateId(noon)).toBe('5 Jan 2024');
    expect(formatDateId(new Date(2024, 7, 17, 12))).toBe('17 Agu 2024');
    expect(formatDateId(null)).toBe('');
    expect(formatMemberSince(noon)).toBe('January 5, 2024');
    expect(formatMemberSince(undefined)).toBe('N/A');
    expect(formatMemberSince('garbage')).toBe('N/A');
  });
});
