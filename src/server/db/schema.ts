import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { Count, Flag, Timestamp, Version } from './schema.columns';
import type {
  DeliveriesTable,
  DeliveryCountedKeysTable,
  DeliveryFileChunksTable,
  DeliveryFilesTable,
  DeliveryRecipientsTable,
  PdfChunksTable,
  PdfJobsTable,
} from './schema.jobs';

export type * from './schema.jobs';

/**
 * Database types shared by SQLite and PostgreSQL (the column types: ./schema.columns.ts; the
 * tables of queued work, e-mail deliveries and shared PDF chunks: ./schema.jobs.ts).
 */

export type Role = 'admin' | 'staff';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  is_verified: ColumnType<Flag, Flag | undefined, Flag>;
  profile_image: Buffer | null;
  profile_image_type: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** +1 on every write; clients send it back in If-Match. */
  version: Version;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** All tokens produced by rotating one sign-in share a family; the family is the session. */
  family_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** id of the token that replaced this one on refresh; null when revoked by logout or reuse. */
  replaced_by: number | null;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ActivityTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  description: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  /** JSON of ActivityDetails: the record and the fields the action changed; null for sign-ins and the like. */
  details: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MenusTable {
  id: Generated<number>;
  name: string;
  path: string;
  icon: ColumnType<string, string | undefined, string>;
  order: ColumnType<number, number | undefined, number>;
  parent_id: number | null;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface RoleMenusTable {
  role: Role;
  menu_id: number;
}

export interface InvoiceSummariesTable {
  id: Generated<number>;
  invoice_period: string;
  number_of_active_customer: Count;
  number_of_total_transaction: Count;
  amount_of_total_transaction: Count;
  amount_of_local_voice_transaction: Count;
  amount_of_hp_local_voice_transaction: Count;
  amount_of_voice_sljj_transaction: Count;
  amount_of_hp_voice_sljj_transaction: Count;
  amount_of_voice_sli_transaction: Count;
  amount_of_activation_transaction: Count;
  amount_of_subscription_transaction: Count;
  amount_of_mincom_transaction: Count;
  amount_of_resell_transaction: Count;
  amount_of_other_cost_transaction: Count;
  number_of_usage_transaction: Count;
  number_of_verified_invoice: Count;
  number_of_generated_invoice: Count;
  number_of_delivered_invoice: Count;
  number_of_uploaded_tax_invoice: Count;
  url_shared_file_draft_invoice: ColumnType<string, string | undefined, string>;
  url_shared_file_verified_invoice: ColumnType<string, string | undefined, string>;
  url_shared_folder_invoice: ColumnType<string, string | undefined, string>;
  url_shared_folder_tax_invoice: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

/** One row of the append-only audit trail (see migrations/versionsAndAuditEvents.ts). */
export interface AuditEventsTable {
  id: Generated<number>;
  created_at: Timestamp;
  /** Who: null for the system (first start) and the admin CLI; the name as it was then. */
  actor_id: number | null;
  actor_name: string | null;
  request_id: string | null;
  entity: 'invoice_summary' | 'user' | 'company_settings';
  entity_id: number | null;
  /** The record's name when it happened (a period, an email), kept after the record is gone. */
  entity_label: ColumnType<string, string | undefined, never>;
  /** The record's version after the change; null when the record is gone or unchanged. */
  entity_version: number | null;
  action: string;
  /** JSON array of { field, from, to }. */
  changes: ColumnType<string, string | undefined, never>;
}

export interface GenerationRunsTable {
  id: Generated<number>;
  invoice_summary_id: number;
  client_run_id: string;
  recorded_by: number | null;
  /** The name at the time, so the history still says who after the account is gone. */
  recorded_by_name: string;
  recorded_at: Timestamp;
  template_name: string;
  template_sha256: string;
  data_name: string;
  data_sha256: string;
  rows: number;
  documents: number;
  output_kind: 'docx' | 'docx_per_row' | 'pdf' | 'pdf_per_row';
}

/** One row (id 1), see migrations/companySettingsAndEfaktur.ts. */
export interface CompanySettingsTable {
  id: number;
  seller_npwp: string;
  seller_nitku: string;
  seller_name: string;
  qris_static: string;
  version: Version;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

/** An e-Faktur export or a recorded upload of a period. */
export interface EfakturRecordsTable {
  id: Generated<number>;
  invoice_summary_id: number;
  kind: 'export' | 'upload';
  recorded_by: number | null;
  recorded_by_name: string;
  recorded_at: Timestamp;
  faktur: number;
  /** JSON array of invoice keys. */
  invoice_keys: ColumnType<string, string | undefined, never>;
  /** JSON array of { name, sha256 }. */
  files: ColumnType<string, string | undefined, never>;
}

export interface RateLimitsTable {
  key: string;
  /** Start of the fixed window, epoch milliseconds. */
  window_start: number;
  count: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  activity: ActivityTable;
  menus: MenusTable;
  role_menus: RoleMenusTable;
  invoice_summaries: InvoiceSummariesTable;
  rate_limits: RateLimitsTable;
  generation_runs: GenerationRunsTable;
  audit_events: AuditEventsTable;
  company_settings: CompanySettingsTable;
  efaktur_records: EfakturRecordsTable;
  deliveries: DeliveriesTable;
  delivery_files: DeliveryFilesTable;
  delivery_file_chunks: DeliveryFileChunksTable;
  delivery_recipients: DeliveryRecipientsTable;
  delivery_counted_keys: DeliveryCountedKeysTable;
  pdf_jobs: PdfJobsTable;
  pdf_chunks: PdfChunksTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MenuRow = Selectable<MenusTable>;
export type InvoiceSummaryRow = Selectable<InvoiceSummariesTable>;

/** Amount and progress column names of an invoice summary, in docs/product.md#data order. */
export const SUMMARY_AMOUNT_COLUMNS = [
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
] as const;

export const SUMMARY_PROGRESS_COLUMNS = [
  'number_of_usage_transaction',
  'number_of_verified_invoice',
  'number_of_generated_invoice',
  'number_of_delivered_invoice',
  'number_of_uploaded_tax_invoice',
] as const;
