import { sql, type Kysely, type Migration } from 'kysely';
import {
  MENU_CREATE_BILL,
  MENU_DASHBOARD,
  MENU_INVOICE_GENERATOR,
  MENU_UPDATE_BILL,
  MENU_USER_MANAGEMENT,
} from '../../../domain/users/menu';
import type { DatabaseKind } from '../connection';
import { columnTypes } from './columnTypes';

export const DEFAULT_MENUS = [
  { name: MENU_DASHBOARD, path: '/dashboard', icon: 'fa-tachometer-alt', order: 1 },
  { name: MENU_CREATE_BILL, path: '/create-progress-bill', icon: 'fa-file-invoice', order: 2 },
  { name: MENU_UPDATE_BILL, path: '/update-progress-bill', icon: 'fa-edit', order: 3 },
  { name: MENU_USER_MANAGEMENT, path: '/user-management', icon: 'fa-users', order: 4 },
  {
    name: MENU_INVOICE_GENERATOR,
    path: '/invoice-document-generator',
    icon: 'fa-file-word',
    order: 5,
  },
] as const;

const STAFF_EXCLUDED_MENUS = new Set<string>([MENU_USER_MANAGEMENT]);

const SUMMARY_MONEY = [
  'amount_of_total_transaction',
  'amount_of_local_voice_transaction',
  'amount_of_hp_local_voice_transaction',
  'amount_of_voice_sljj_transaction',
  'amount_of_hp_voice_sljj_transaction',
  'amount_of_voice_sli_transaction',
  'amount_of_activation_transaction',
  'amount_of_subscription_transaction',
  'amount_of_mincom_transaction',
  'amount_of_resell_transaction',
  'amount_of_other_cost_transaction',
];
const SUMMARY_PROGRESS = [
  'number_of_usage_transaction',
  'number_of_verified_invoice',
  'number_of_generated_invoice',
  'number_of_delivered_invoice',
  'number_of_uploaded_tax_invoice',
];
const SUMMARY_URLS = [
  'url_shared_file_draft_invoice',
  'url_shared_file_verified_invoice',
  'url_shared_folder_invoice',
  'url_shared_folder_tax_invoice',
];

export function initialSchema(kind: DatabaseKind): Migration {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', t.id, (c) =>
          c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) =>
          c
            .notNull()
            .defaultTo('staff')
            .check(sql`role in ('admin', 'staff')`),
        )
        .addColumn('is_verified', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_verified in (0, 1)`),
        )
        .addColumn('profile_image', t.blob)
        .addColumn('profile_image_type', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', t.id, (c) =>
          c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', t.timestamp)
        .addColumn('replaced_by', 'integer')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('activity')
        .addColumn('id', t.id, (c) =>
          c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('activity_user_created_idx')
        .on('activity')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('menus')
        .addColumn('id', t.id, (c) =>
          c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
        )
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo('fa-circle'))
        .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('set null'))
        .addColumn('active', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`active in (0, 1)`),
        )
        .execute();

      await db.schema
        .createTable('role_menus')
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
        .addColumn('menu_id', 'integer', (c) =>
          c.notNull().references('menus.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('role_menus_pk', ['role', 'menu_id'])
        .execute();

      let summaries = db.schema
        .createTable('invoice_summaries')
        .addColumn('id', t.id, (c) =>
          c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
        )
        .addColumn('invoice_period', 'text', (c) =>
          c
            .notNull()
            .unique()
            .check(sql`length(invoice_period) = 7 and substr(invoice_period, 5, 1) = '-'`),
        )
        .addColumn('number_of_active_customer', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`number_of_active_customer >= 0`),
        )
        .addColumn('number_of_total_transaction', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`number_of_total_transaction >= 0`),
        );
      for (const column of SUMMARY_MONEY) {
        summaries = summaries.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
      }
      for (const column of SUMMARY_PROGRESS) {
        summaries = summaries.addColumn(column, 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(
              sql`${sql.ref(column)} >= 0 and ${sql.ref(column)} <= number_of_total_transaction`,
            ),
        );
      }
      for (const column of SUMMARY_URLS) {
        summaries = summaries.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
      }
      await summaries
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
        .execute();

      for (const menu of DEFAULT_MENUS) {
        await db
          .insertInto('menus')
          .values({ ...menu, active: 1 })
          .execute();
      }
      const menus: { id: number; name: string }[] = await db
        .selectFrom('menus')
        .select(['id', 'name'])
        .execute();
      for (const menu of menus) {
        await db.insertInto('role_menus').values({ role: 'admin', menu_id: menu.id }).execute();
        if (!STAFF_EXCLUDED_MENUS.has(menu.name)) {
          await db.insertInto('role_menus').values({ role: 'staff', menu_id: menu.id }).execute();
        }
      }
    },
  };
}
