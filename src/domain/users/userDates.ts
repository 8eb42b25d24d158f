// Dates of a user as the user list and the profile show them (docs/product.md#screens /user-management, /profile).
// Apart from ./user, which the sign-in flow needs, so the first page does not carry them.

export type DateInput = string | number | Date | null | undefined;

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

const shortDateId = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const longDateUs = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

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
