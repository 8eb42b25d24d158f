import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, MESSAGES } from '../errors';

/**
 * Fixed-window counters in the database, so several server nodes share them.
 * Sign-in counts failures only; forgot-password counts every request.
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

export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  loginPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 20, windowSeconds: 15 * 60 },
  forgotPasswordPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  forgotPasswordPerIp: { limit: 20, windowSeconds: 15 * 60 },
};

export interface LimitedKey {
  key: string;
  rule: RateLimitRule;
}

function windowStart(rule: RateLimitRule, now: Date): number {
  const size = rule.windowSeconds * 1000;
  return Math.floor(now.getTime() / size) * size;
}

/** Seconds until the key may try again, or null while under its limit. */
export async function retryAfterSeconds(db: Kysely<Database>, { key, rule }: LimitedKey, now: Date): Promise<number | null> {
  const start = windowStart(rule, now);
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', start)
    .executeTakeFirst();
  if (!row || row.count < rule.limit) return null;
  return Math.max(1, Math.ceil((start + rule.windowSeconds * 1000 - now.getTime()) / 1000));
}

/** Throws 429 with Retry-After when any key is over its limit. */
export async function assertNotLimited(db: Kysely<Database>, keys: LimitedKey[], now: Date): Promise<void> {
  let wait = 0;
  for (const limited of keys) wait = Math.max(wait, (await retryAfterSeconds(db, limited, now)) ?? 0);
  if (wait > 0) throw new ApiError(429, MESSAGES.tooManyRequests, undefined, { 'Retry-After': String(wait) });
}

export async function countHit(db: Kysely<Database>, { key, rule }: LimitedKey, now: Date): Promise<void> {
  const start = windowStart(rule, now);
  await db
    .insertInto('rate_limits')
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`${sql.ref('rate_limits.count')} + 1` }))
    .execute();
  await db.deleteFrom('rate_limits').where('key', '=', key).where('window_start', '<', start).execute();
}

export async function clearHits(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
