import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../connection';

/**
 * Issue 25: a `version` on summaries and users (+1 on every write, for If-Match), the details of
 * an activity entry (what changed, as JSON), and the append-only `audit_events`.
 *
 * audit_events has no foreign keys on purpose: an event outlives the user who made it and the
 * record it is about, and a cascade would have to change or remove it. A trigger refuses every
 * UPDATE on both engines; DELETE stays possible for the retention pruning alone.
 */
export function versionsAndAuditEvents(kind: DatabaseKind): Migration {
  const pg = kind === 'postgres';
  return {
    async up(db: Kysely<any>) {
      for (const table of ['users', 'invoice_summaries']) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      }
      await db.schema.alterTable('activity').addColumn('details', 'text').execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
          c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())),
        )
        .addColumn('created_at', pg ? sql`timestamptz` : sql`text`, (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text')
        .addColumn('request_id', 'text')
        .addColumn('entity', 'text', (c) =>
          c.notNull().check(sql`entity in ('invoice_summary', 'user')`),
        )
        .addColumn('entity_id', 'integer')
        .addColumn('entity_label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('entity_version', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createIndex('audit_events_entity_idx')
        .on('audit_events')
        .columns(['entity', 'entity_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_events_created_idx')
        .on('audit_events')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('audit_events_actor_idx')
        .on('audit_events')
        .columns(['actor_id', 'id'])
        .execute();

      if (pg) {
        await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_events is append-only'; end $$`.execute(db);
        await sql`create trigger audit_events_no_update before update on audit_events
          for each row execute function audit_events_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_events_no_update before update on audit_events
          begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
      }
    },
  };
}
