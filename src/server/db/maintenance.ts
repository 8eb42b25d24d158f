import type { Kysely } from 'kysely';
import type { Database } from './schema';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what no longer protects anything: rate-limit windows older than a day, refresh tokens
 * expired for more than a day, and reset tokens past their expiry. main.ts runs it hourly.
 */
export async function pruneExpired(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await db.deleteFrom('rate_limits').where('window_start', '<', dayAgo.getTime()).execute();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', dayAgo.toISOString()).execute();
  await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<', now.toISOString())
    .execute();
}
