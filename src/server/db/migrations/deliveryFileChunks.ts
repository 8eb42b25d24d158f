import { type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../connection';
import { columnTypes } from './columnTypes';

/**
 * Issue 32: a delivery's documents stored in chunks, read by range (docs/delivery.md, "Memory").
 * One blob per file made the hand-over build the whole merged PDF as one record (on PostgreSQL a
 * hex string twice its size) and the sender hold it for the whole sending. A file stored since
 * has `size` set, an empty `bytes`, and its bytes in `delivery_file_chunks` (about 1 MB each,
 * numbered from 0, each with its offset in the file); a file stored before keeps its one blob
 * (`size` null) and is read as before. Chunks go with their file (foreign key, and retention
 * deletes them first).
 */
export function deliveryFileChunks(kind: DatabaseKind): Migration {
  const { blob } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('delivery_files').addColumn('size', 'integer').execute();
      await db.schema
        .createTable('delivery_file_chunks')
        .addColumn('file_id', 'integer', (c) =>
          c.notNull().references('delivery_files.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('start', 'integer', (c) => c.notNull())
        .addColumn('bytes', blob, (c) => c.notNull())
        .addPrimaryKeyConstraint('delivery_file_chunks_pk', ['file_id', 'seq'])
        .execute();
    },
  };
}
