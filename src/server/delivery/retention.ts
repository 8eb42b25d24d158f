// DELIVERY_RETENTION_DAYS after a job ended, its documents and message bodies are deleted; the
// recipient rows (who, when, the server's answer) stay as the record (docs/delivery.md).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function pruneDeliveries(
  db: Kysely<Database>,
  days: number,
  at: Date,
): Promise<number> {
  const cutoff = new Date(at.getTime() - days * 86_400_000).toISOString();
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .selectFrom('deliveries')
      .select('id')
      .where('status', 'in', ['done', 'cancelled'])
      .where('ended_at', '<', cutoff)
      .where('purged_at', 'is', null)
      .execute();
    const ids = ended.map((d) => d.id);
    if (!ids.length) return 0;
    // The chunks first: not left to the foreign key's cascade (SQLite enforces it only on a
    // connection with foreign_keys on, as connection.ts sets it; this holds either way).
    await trx
      .deleteFrom('delivery_file_chunks')
      .where('file_id', 'in', (eb) =>
        eb.selectFrom('delivery_files').select('id').where('delivery_id', 'in', ids),
      )
      .execute();
    await trx.deleteFrom('delivery_files').where('delivery_id', 'in', ids).execute();
    await trx
      .updateTable('delivery_recipients')
      .set({ body: null })
      .where('delivery_id', 'in', ids)
      .execute();
    await trx
      .updateTable('deliveries')
      .set({ purged_at: at.toISOString() })
      .where('id', 'in', ids)
      .execute();
    return ids.length;
  });
}
