import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../connection';

/**
 * Issue 32: e-mail delivery of invoices (docs/delivery.md). A job (`deliveries`), its documents
 * stored once (`delivery_files`: the merged PDF, or one .docx per row), and one row per recipient
 * (`delivery_recipients`) that is also the queue item: status, run_after, attempts and the claim
 * (src/server/jobs/queue.ts). The recipient rows stay as the record after retention removed the
 * documents and bodies.
 */
export function deliveries(kind: DatabaseKind): Migration {
  const pg = kind === 'postgres';
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const blob = pg ? sql`bytea` : sql`blob`;
  const id = pg ? ('serial' as const) : ('integer' as const);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('deliveries')
        .addColumn('id', id, (c) => c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())))
        .addColumn('invoice_summary_id', 'integer', (c) =>
          c.notNull().references('invoice_summaries.id').onDelete('cascade'),
        )
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('active', 'paused', 'cancelled', 'done')`),
        )
        .addColumn('attachment_kind', 'text', (c) =>
          c.notNull().check(sql`attachment_kind in ('pdf', 'docx')`),
        )
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('total', 'integer', (c) => c.notNull())
        /** 1 once a mail was accepted while the period's delivered count was already at its total. */
        .addColumn('count_capped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ended_at', timestamp)
        .addColumn('purged_at', timestamp)
        .execute();
      await db.schema
        .createIndex('deliveries_summary_idx')
        .on('deliveries')
        .column('invoice_summary_id')
        .execute();

      await db.schema
        .createTable('delivery_files')
        .addColumn('id', id, (c) => c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())))
        .addColumn('delivery_id', 'integer', (c) =>
          c.notNull().references('deliveries.id').onDelete('cascade'),
        )
        .addColumn('bytes', blob, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('delivery_files_delivery_idx')
        .on('delivery_files')
        .column('delivery_id')
        .execute();

      await db.schema
        .createTable('delivery_recipients')
        .addColumn('id', id, (c) => c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())))
        .addColumn('delivery_id', 'integer', (c) =>
          c.notNull().references('deliveries.id').onDelete('cascade'),
        )
        .addColumn('invoice_summary_id', 'integer', (c) => c.notNull())
        .addColumn('row_number', 'integer', (c) => c.notNull())
        .addColumn('invoice_key', 'text', (c) => c.notNull())
        .addColumn('addresses', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('attachment_name', 'text', (c) => c.notNull())
        .addColumn('file_id', 'integer')
        .addColumn('page_from', 'integer')
        .addColumn('page_to', 'integer')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`status in ('queued', 'sending', 'sent', 'outbox', 'failed', 'unknown', 'cancelled')`,
            ),
        )
        .addColumn('run_after', timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', timestamp)
        .addColumn('finished_at', timestamp)
        .addColumn('message_id', 'text')
        .addColumn('server_answer', 'text')
        /** 1 when this row raised the period's delivered count (once per invoice key). */
        .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('delivery_recipients_queue_idx')
        .on('delivery_recipients')
        .columns(['status', 'run_after'])
        .execute();
      await db.schema
        .createIndex('delivery_recipients_delivery_idx')
        .on('delivery_recipients')
        .columns(['delivery_id', 'status'])
        .execute();
      await db.schema
        .createIndex('delivery_recipients_key_idx')
        .on('delivery_recipients')
        .columns(['invoice_summary_id', 'invoice_key'])
        .execute();
    },
  };
}
