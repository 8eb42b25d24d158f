import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 32: the period's delivered count rises once per invoice key (docs/delivery.md, "The
 * delivered count"). A key is counted by inserting it here: the primary key lets one insert of a
 * (period, key) win, on PostgreSQL even when two nodes record the same key at the same moment
 * (the second insert waits for the first transaction and then inserts nothing). The keys counted
 * before are carried over from `delivery_recipients.counted`.
 */
export const deliveryCountedKeys: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('delivery_counted_keys')
      .addColumn('invoice_summary_id', 'integer', (c) =>
        c.notNull().references('invoice_summaries.id').onDelete('cascade'),
      )
      .addColumn('invoice_key', 'text', (c) => c.notNull())
      .addColumn('recipient_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('delivery_counted_keys_pk', ['invoice_summary_id', 'invoice_key'])
      .execute();
    await sql`
      insert into delivery_counted_keys (invoice_summary_id, invoice_key, recipient_id)
      select invoice_summary_id, invoice_key, min(id) from delivery_recipients
      where counted = 1 group by invoice_summary_id, invoice_key`.execute(db);
  },
};
