import { sql, type Kysely, type Migration } from 'kysely';
import { MENU_COMPANY_SETTINGS } from '../../../domain/users/menu';
import type { DatabaseKind } from '../connection';

const ENTITIES = sql`entity in ('invoice_summary', 'user', 'company_settings')`;

/** audit_events' columns as versionsAndAuditEvents.ts made them, with the entity list given. */
async function createAuditEvents(db: Kysely<any>, pg: boolean, name: string) {
  await db.schema
    .createTable(name)
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())),
    )
    .addColumn('created_at', pg ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('request_id', 'text')
    .addColumn('entity', 'text', (c) => c.notNull().check(ENTITIES))
    .addColumn('entity_id', 'integer')
    .addColumn('entity_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entity_version', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

/**
 * The audit trail follows the company settings too. PostgreSQL swaps the CHECK; SQLite cannot
 * alter one, so the table is rebuilt with its rows, indexes and append-only trigger.
 */
async function auditCompanySettings(db: Kysely<any>, pg: boolean) {
  if (pg) {
    await sql`alter table audit_events drop constraint audit_events_entity_check`.execute(db);
    await sql`alter table audit_events add constraint audit_events_entity_check check (${ENTITIES})`.execute(
      db,
    );
    return;
  }
  await createAuditEvents(db, pg, 'audit_events_next');
  await sql`insert into audit_events_next select * from audit_events`.execute(db);
  await db.schema.dropTable('audit_events').execute();
  await sql`alter table audit_events_next rename to audit_events`.execute(db);
  const indexes: [string, string[]][] = [
    ['audit_events_entity_idx', ['entity', 'entity_id', 'id']],
    ['audit_events_created_idx', ['created_at']],
    ['audit_events_actor_idx', ['actor_id', 'id']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('audit_events').columns(columns).execute();
  await sql`create trigger audit_events_no_update before update on audit_events
    begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
}

/**
 * Issue 33: the company settings (one row, id 1: the seller of the e-Faktur, the static QRIS),
 * the e-Faktur exports and uploads of a period, and the administrators' menu entry.
 */
export function companySettingsAndEfaktur(kind: DatabaseKind): Migration {
  const pg = kind === 'postgres';
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('company_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('seller_npwp', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seller_nitku', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seller_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('qris_static', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', timestamp)
        .execute();
      await db.insertInto('company_settings').values({ id: 1 }).execute();

      await db.schema
        .createTable('efaktur_records')
        .addColumn('id', pg ? 'serial' : 'integer', (c) =>
          c.primaryKey().$call((b) => (pg ? b : b.autoIncrement())),
        )
        .addColumn('invoice_summary_id', 'integer', (c) =>
          c.notNull().references('invoice_summaries.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('export', 'upload')`))
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('recorded_at', timestamp, (c) => c.notNull())
        .addColumn('faktur', 'bigint', (c) => c.notNull().check(sql`faktur >= 0`))
        /** JSON array of the invoice keys (RefDesc) exported; '[]' for an upload. */
        .addColumn('invoice_keys', 'text', (c) => c.notNull().defaultTo('[]'))
        /** JSON array of { name, sha256 } of the files downloaded; '[]' for an upload. */
        .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createIndex('efaktur_records_summary_idx')
        .on('efaktur_records')
        .columns(['invoice_summary_id', 'id'])
        .execute();

      await auditCompanySettings(db, pg);

      // An administrator may have made such a menu by hand already: it is kept as it is.
      const existing = await db
        .selectFrom('menus')
        .select('id')
        .where('name', '=', MENU_COMPANY_SETTINGS)
        .executeTakeFirst();
      if (existing) return;
      const last = await db
        .selectFrom('menus')
        .select((eb) => eb.fn.max('order').as('order'))
        .executeTakeFirst();
      const menu = await db
        .insertInto('menus')
        .values({
          name: MENU_COMPANY_SETTINGS,
          path: '/company-settings',
          icon: 'fa-building',
          order: Number(last?.order ?? 0) + 1,
          active: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('role_menus').values({ role: 'admin', menu_id: menu.id }).execute();
    },
  };
}
