import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const DAY_MS = 24 * 3600 * 1000;

/** Rows one delete removes: small enough that other writers wait only a moment for each. */
export const PRUNE_BATCH = 1000;

/**
 * AUDIT_RETENTION_DAYS: deletes the events older than `days`, oldest first, one batch per
 * statement with a turn of the event loop between batches, so requests keep being served while
 * a long backlog goes. Returns how many were deleted.
 */
export async function pruneAuditEvents(
  db: Kysely<Database>,
  days: number,
  now: Date = new Date(),
  batch: number = PRUNE_BATCH,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('audit_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('audit_events')
          .select('id')
          .where('created_at', '<', cutoff)
          .orderBy('id')
          .limit(batch),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
