import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../connection';
import { columnTypes } from './columnTypes';

/**
 * Issue 22: every recorded generation run of a period (who, when, which files, how many rows and
 * documents, which output). One row per page run: (summary, client_run_id) is unique, so the same
 * run posted by two tabs at once is stored once.
 */
export function generationRuns(kind: DatabaseKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('generation_runs')
        .addColumn('id', t.id, (c) =>
          c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
        )
        .addColumn('invoice_summary_id', 'integer', (c) =>
          c.notNull().references('invoice_summaries.id').onDelete('cascade'),
        )
        .addColumn('client_run_id', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
        .addColumn('template_name', 'text', (c) => c.notNull())
        .addColumn('template_sha256', 'text', (c) =>
          c.notNull().check(sql`length(template_sha256) = 64`),
        )
        .addColumn('data_name', 'text', (c) => c.notNull())
        .addColumn('data_sha256', 'text', (c) => c.notNull().check(sql`length(data_sha256) = 64`))
        .addColumn('rows', 'bigint', (c) => c.notNull().check(sql`${sql.ref('rows')} >= 0`))
        .addColumn('documents', 'bigint', (c) => c.notNull().check(sql`documents >= 0`))
        .addColumn('output_kind', 'text', (c) =>
          c.notNull().check(sql`output_kind in ('docx', 'docx_per_row', 'pdf', 'pdf_per_row')`),
        )
        .addUniqueConstraint('generation_runs_client_run_unique', [
          'invoice_summary_id',
          'client_run_id',
        ])
        .execute();
      await db.schema
        .createIndex('generation_runs_files_idx')
        .on('generation_runs')
        .columns(['invoice_summary_id', 'template_sha256', 'data_sha256'])
        .execute();
    },
  };
}
