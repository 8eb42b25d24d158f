// Single-field rules of the account forms: (value) → true or the message. Apart from the
// billing rules (./rules) so that the sign-in bundle carries only these.
import { normaliseRole } from '../users/user';
import { ACCOUNT_MESSAGES as M } from './accountMessages';

export type Rule = (value: unknown) => true | string;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

export const emailRule: Rule = (v) =>
  isBlank(v) ? M.EMAIL_REQUIRED : isValidEmail(v) ? true : M.EMAIL_INVALID;

/** Password present (not trimmed: spaces count), at least `min` and at most 128 characters. */
export function passwordRule(
  min: number,
  messages: { required: string; min: string } = {
    required: M.PASSWORD_REQUIRED,
    min: min >= 8 ? M.PASSWORD_MIN_8 : M.PASSWORD_MIN_6,
  },
): Rule {
  return (v) => {
    if (typeof v !== 'string' || v === '') return messages.required;
    if (v.length < min) return messages.min;
    if (v.length > MAX_PASSWORD_LENGTH) return M.PASSWORD_MAX;
    return true;
  };
}

/** Present, non-empty (login checks the password, not its length). */
export const passwordPresentRule: Rule = (v) =>
  typeof v !== 'string' || v === ''
    ? M.PASSWORD_REQUIRED
    : v.length > MAX_PASSWORD_LENGTH
      ? M.PASSWORD_MAX
      : true;

export const nameRule: Rule = (v) => {
  if (isBlank(v) || typeof v !== 'string') return M.NAME_REQUIRED;
  const name = v.trim();
  if (name.length < 2) return M.NAME_MIN;
  return name.length > 100 ? M.NAME_MAX : true;
};

/** A username as stored: trimmed, lower-cased, 3–50 of [a-z0-9._-]. The server stores it so. */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,50}$/;

export const usernameRule: Rule = (v) => {
  if (isBlank(v) || typeof v !== 'string') return M.USERNAME_REQUIRED;
  const username = v.trim();
  if (username.length < 3) return M.USERNAME_MIN;
  if (username.length > 50) return M.USERNAME_MAX;
  if (/\s/.test(username)) return M.USERNAME_INVALID;
  return USERNAME_PATTERN.test(username.toLowerCase()) ? true : M.USERNAME_FORMAT;
};

export const roleRule: Rule = (v) =>
  isBlank(v) ? M.ROLE_REQUIRED : normaliseRole(v) ? true : M.ROLE_INVALID;

export const booleanRule: Rule = (v) => (typeof v === 'boolean' ? true : M.IS_VERIFIED_INVALID);

export const notesRule: Rule = (v) =>
  typeof v === 'string' && v.length <= 1000 ? true : M.NOTES_INVALID;
