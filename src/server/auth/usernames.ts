import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

import { ACCOUNT_MESSAGES } from '../../domain/validation/accountMessages';
import { USERNAME_PATTERN } from '../../domain/validation/accountRules';

export const USERNAME_FORMAT_MESSAGE = ACCOUNT_MESSAGES.USERNAME_FORMAT;

/** A username as stored: trimmed and lower-cased; 400 naming the field when it breaks the pattern. */
export function normaliseUsername(raw: string): string {
  const username = raw.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(username))
    throw new ApiError(400, USERNAME_FORMAT_MESSAGE, 'username');
  return username;
}

/** The part of the email before the @, reduced to [a-z0-9._-], at least 3 characters. */
export function usernameFromEmail(email: string): string {
  const local = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, 40);
  return local.length >= 3 ? local : `${local}user`.slice(0, 40).padEnd(3, '0');
}

/** base, base2, base3, … — the first one nobody has. */
export async function uniqueUsername(db: Kysely<Database>, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('username')
        .where('username', 'like', `${base}%`)
        .execute()
    ).map((r) => r.username),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/**
 * The username to try on attempt `attempt` (1, 2, …) of a sign-up that derives it: the first free
 * one by uniqueUsername; after a collision with a concurrent sign-up (they all computed the same
 * "first free" name) a random number is appended, so the retries spread out instead of colliding again.
 */
export async function derivedUsername(
  db: Kysely<Database>,
  base: string,
  attempt: number,
): Promise<string> {
  if (attempt <= 1) return uniqueUsername(db, base);
  return uniqueUsername(db, `${base}${randomInt(10, 10 ** Math.min(2 + attempt, 6))}`);
}
