import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../connection';

/**
 * Issue 35: a shared PDF job's progress and its receiving node's heartbeat (docs/pdf-chunks.md,
 * "Progress" and "A node that dies"). `pdf_jobs.user_id` and `progress_key` let any node answer
 * `GET /documents/pdf/progress/:id` for the user who sent the job, `sections` is the document's
 * count; `heartbeat_at` is written by the
 * receiving node while the job lives, and a job whose heartbeat is old is deleted by the other
 * nodes (its chunks with it). `pdf_chunks.pages` is the page count of a converted chunk.
 */
export function pdfJobProgress(kind: DatabaseKind): Migration {
  const timestamp = kind === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('pdf_jobs').addColumn('user_id', 'text').execute();
      await db.schema.alterTable('pdf_jobs').addColumn('progress_key', 'text').execute();
      await db.schema.alterTable('pdf_jobs').addColumn('heartbeat_at', timestamp).execute();
      await db.schema.alterTable('pdf_jobs').addColumn('sections', 'integer').execute();
      await db.schema.alterTable('pdf_chunks').addColumn('pages', 'integer').execute();
      await db.schema
        .createIndex('pdf_jobs_progress_idx')
        .on('pdf_jobs')
        .columns(['user_id', 'progress_key'])
        .execute();
    },
  };
}
