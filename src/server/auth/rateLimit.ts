import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';

/**
 * Fixed-window counters in the database, so several server nodes share them. A guarded attempt
 * first takes its hit (one atomic UPSERT … RETURNING per key) and is refused when that hit is
 * over the limit, so parallel requests can never all pass one check before any of them counted.
 * Sign-in and the password change give the hit back when the password was right (only failures
 * count); forgot-password keeps every hit.
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitRules {
  loginPerEmail: RateLimitRule;
  loginPerIp: RateLimitRule;
  forgotPasswordPerEmail: RateLimitRule;
  forgotPasswordPerIp: RateLimitRule;
}

/**
 * Per account strict; per address high enough for an office whose people all sign in through one
 * NAT address (README "Failure behaviour").
 */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  loginPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  forgotPasswordPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  forgotPasswordPerIp: { limit: 50, windowSeconds: 15 * 60 },
};

export interface LimitedKey {
  key: string;
  rule: RateLimitRule;
}

function windowStart(rule: RateLimitRule, now: Date): number {
  const size = rule.windowSeconds * 1000;
  return Math.floor(now.getTime() / size) * size;
}

function secondsLeft(rule: RateLimitRule, now: Date): number {
  return Math.max(
    1,
    Math.ceil((windowStart(rule, now) + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
}

/** Counts one hit on the key and returns the count in the current window, in one statement. */
async function hit(db: Kysely<Database>, { key, rule }: LimitedKey, now: Date): Promise<number> {
  const start = windowStart(rule, now);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ count: sql<number>`${sql.ref('rate_limits.count')} + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // First hit of a new window: the key's older windows are history.
  if (count === 1)
    await db
      .deleteFrom('rate_limits')
      .where('key', '=', key)
      .where('window_start', '<', start)
      .execute();
  return count;
}

/**
 * Takes one hit on each key, in order, and throws 429 with Retry-After as soon as one is over its
 * limit; the hits taken on the keys before it are given back (a locked account does not use up
 * its address's allowance, nor a locked address the accounts'). Returns the keys hit, for giveBack.
 */
export async function takeHits(
  db: Kysely<Database>,
  keys: LimitedKey[],
  now: Date,
): Promise<LimitedKey[]> {
  const taken: LimitedKey[] = [];
  for (const limited of keys) {
    const count = await hit(db, limited, now);
    if (count > limited.rule.limit) {
      await giveBack(db, taken, now);
      throw new ApiError(429, ERROR_MESSAGES.tooManyRequests, undefined, {
        'Retry-After': String(secondsLeft(limited.rule, now)),
      });
    }
    taken.push(limited);
  }
  return taken;
}

/** Undoes one hit per key (the attempt turned out not to count, e.g. the right password). */
export async function giveBack(db: Kysely<Database>, keys: LimitedKey[], now: Date): Promise<void> {
  for (const { key, rule } of keys) {
    await db
      .updateTable('rate_limits')
      .set({ count: sql<number>`${sql.ref('count')} - 1` })
      .where('key', '=', key)
      .where('window_start', '=', windowStart(rule, now))
      .where('count', '>', 0)
      .execute();
    // A window back at zero holds nothing worth keeping.
    await db.deleteFrom('rate_limits').where('key', '=', key).where('count', '<=', 0).execute();
  }
}

export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
