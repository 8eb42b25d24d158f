// The database's migrations, one file each, in the order they run; the list below is the only
// place that orders them.
import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResult,
} from 'kysely';
import type { DatabaseKind } from '../connection';
import { companySettingsAndEfaktur } from './companySettingsAndEfaktur';
import { deliveries } from './deliveries';
import { deliveryCountedKeys } from './deliveryCountedKeys';
import { deliveryFileChunks } from './deliveryFileChunks';
import { generationRuns } from './generationRuns';
import { initialSchema } from './initialSchema';
import { liveSessionIndex } from './liveSessionIndex';
import { pdfChunks } from './pdfChunks';
import { pdfJobProgress } from './pdfJobProgress';
import { versionsAndAuditEvents } from './versionsAndAuditEvents';

/** In-code list: adding a migration means adding an entry with a name that sorts after the last one. */
export function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return {
    '0001_initial_schema': initialSchema(kind),
    '0002_live_session_index': liveSessionIndex,
    '0003_generation_runs': generationRuns(kind),
    '0004_versions_and_audit_events': versionsAndAuditEvents(kind),
    '0005_company_settings_and_efaktur': companySettingsAndEfaktur(kind),
    '0006_deliveries': deliveries(kind),
    '0007_delivery_counted_keys': deliveryCountedKeys,
    '0008_pdf_chunks': pdfChunks(kind),
    '0009_pdf_job_progress': pdfJobProgress(kind),
    '0010_delivery_file_chunks': deliveryFileChunks(kind),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.kind);
  }
}

export async function migrateToLatest(db: Kysely<any>, kind: DatabaseKind): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours (search_path) on PostgreSQL.
  const schema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(kind),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r: MigrationResult) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? [])
    .filter((r: MigrationResult) => r.status === 'Success')
    .map((r: MigrationResult) => r.migrationName);
}
