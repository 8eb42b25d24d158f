import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../connection';

/**
 * Issue 35: the chunks of a long PDF conversion as work any node may take (docs/pdf-chunks.md,
 * "Across nodes"). A job (`pdf_jobs`) is owned by the node that received the request, which joins
 * and answers; each chunk (`pdf_chunks`) carries its .docx and, once converted elsewhere, its PDF,
 * and is the queue item (src/server/jobs/queue.ts). Both go when the job has answered.
 */
export function pdfChunks(kind: DatabaseKind): Migration {
  const pg = kind === 'postgres';
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const blob = pg ? sql`bytea` : sql`blob`;
  const id = pg ? ('serial' as const) : ('integer' as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('pdf_jobs')
        .addColumn('id', id, (c) => c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())))
        .addColumn('node', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('active', 'cancelled', 'failed')`),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pdf_chunks')
        .addColumn('id', id, (c) => c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())))
        .addColumn('job_id', 'integer', (c) =>
          c.notNull().references('pdf_jobs.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('first_row', 'integer', (c) => c.notNull())
        .addColumn('last_row', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('ready', 'converting', 'done', 'failed')`),
        )
        .addColumn('run_after', timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', timestamp)
        .addColumn('docx', blob, (c) => c.notNull())
        /** The PDF of a chunk another node converted; null while converting, or kept by its owner. */
        .addColumn('pdf', blob)
        /** How a failed chunk ended (PdfOutcome). */
        .addColumn('outcome', 'text')
        .execute();
      await db.schema
        .createIndex('pdf_chunks_queue_idx')
        .on('pdf_chunks')
        .columns(['status', 'run_after'])
        .execute();
      await db.schema
        .createIndex('pdf_chunks_job_idx')
        .on('pdf_chunks')
        .columns(['job_id', 'status'])
        .execute();
    },
  };
}
