// A shared PDF job's rows beyond its queue (docs/pdf-chunks.md, "Progress" and "A node that
// dies"): its progress as any node reads it, the receiving node's heartbeat, and the sweep by
// which the other nodes delete the jobs of a node that stopped beating.
import { setTimeout as wait } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import type { ChunkProgress, PdfProgressCounts } from './progress';

export interface Heartbeat {
  /** How often the receiving node writes its job's heartbeat_at (ms). */
  everyMs: number;
  /** A job whose heartbeat is older than this belongs to a node that died: its rows go (ms). */
  orphanAfterMs: number;
}

export const HEARTBEAT: Heartbeat = { everyMs: 10_000, orphanAfterMs: 60_000 };

/** The counts of `user`'s active shared job `id`, from its rows; undefined when there is none. */
export async function sharedProgress(
  db: Kysely<Database>,
  user: string,
  id: string,
): Promise<PdfProgressCounts | undefined> {
  const job = await db
    .selectFrom('pdf_jobs')
    .select(['id', 'sections'])
    .where('user_id', '=', user)
    .where('progress_key', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!job) return undefined;
  const row = await db
    .selectFrom('pdf_chunks')
    .select([
      sql<string | number>`count(*)`.as('chunks'),
      sql<string | number>`count(pages)`.as('chunks_done'),
      sql<
        string | number | null
      >`sum(case when pages is null then 0 else last_row - first_row + 1 end)`.as('sections_done'),
      sql<string | number | null>`sum(pages)`.as('pages_done'),
    ])
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  // The rows went between the two reads: the receiving node's board has the counts by now.
  if (Number(row.chunks) === 0) return undefined;
  return {
    sections: job.sections,
    chunks: Number(row.chunks),
    chunksDone: Number(row.chunks_done),
    sectionsDone: Number(row.sections_done ?? 0),
    pagesDone: Number(row.pages_done ?? 0),
  };
}

/**
 * A finished job's pages, from its chunks' rows, handed to the receiving node's board before the
 * rows go, so a poll never sees the counts fall between the rows and the answer.
 */
export async function reportChunkPages(
  db: Kysely<Database>,
  id: number,
  progress: Pick<ChunkProgress, 'converted'>,
): Promise<void> {
  const rows = await db
    .selectFrom('pdf_chunks')
    .select(['first_row', 'last_row', 'pages'])
    .where('job_id', '=', id)
    .execute();
  for (const row of rows)
    progress.converted(row.first_row, row.last_row, row.pages ?? row.last_row - row.first_row + 1);
}

/** The receiving node's heartbeat; false when its job's row is gone (the others took it for dead). */
export async function beat(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('pdf_jobs')
    .set({ heartbeat_at: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes (with their chunks) the jobs of other nodes whose heartbeat is older than `orphanAfterMs`. */
export async function deleteOrphans(
  db: Kysely<Database>,
  node: string,
  orphanAfterMs: number,
): Promise<number> {
  const before = new Date(Date.now() - orphanAfterMs).toISOString();
  const result = await db
    .deleteFrom('pdf_jobs')
    .where('node', '<>', node)
    .where(sql`coalesce(heartbeat_at, created_at)`, '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every node's loop (SharedChunks.start): at start, then every half orphan time, until `signal`. */
export async function sweepOrphans(
  db: Kysely<Database>,
  node: string,
  heartbeat: Heartbeat,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    try {
      const gone = await deleteOrphans(db, node, heartbeat.orphanAfterMs);
      if (gone) logger.warn(`PDF chunks: ${gone} job(s) of a stopped node deleted`);
    } catch (error) {
      logger.warn(`PDF chunks: ${error instanceof Error ? error.message : error}`);
    }
    await wait(heartbeat.orphanAfterMs / 2, undefined, { signal }).catch(() => undefined);
  }
}
