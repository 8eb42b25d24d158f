import { Hono, type Context } from 'hono';
import {
  companySettingsProblems,
  companySettingsStruct,
  type CompanySettings,
} from '../../domain/billing/companySettings';
import { describeHistory, diffRecords, HISTORY_TEXTS } from '../../domain/history';
import { logActivity, type ActivityDetails } from '../auth/activity';
import { audit } from '../audit/record';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { answerHeader } from '../http/fast/answerHeaders';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import { assertExpectedVersion, expectedVersion, versionTag } from '../http/ifMatch';
import { requireAdmin, requireAuth } from '../http/requireAuth';
import type { AppEnv } from '../types';
import { isPostgres, requestInfo } from './routeHelpers';
import type { Kysely, Selectable } from 'kysely';

// GET/PUT /company-settings (docs/efaktur.md): one record, read by every signed-in user (the
// generator needs the seller and the QRIS), written by administrators with If-Match.

export const COMPANY_SETTINGS_MESSAGES = {
  found: 'Company settings retrieved successfully',
  updated: 'Company settings saved successfully',
} as const;

const ID = 1;
const LABEL = 'Pengaturan Perusahaan';
type Row = Selectable<Database['company_settings']>;

export interface CompanySettingsView extends CompanySettings {
  version: number;
  updated_at: string | null;
}

function view(row: Row): CompanySettingsView {
  return {
    seller_npwp: row.seller_npwp,
    seller_nitku: row.seller_nitku,
    seller_name: row.seller_name,
    qris_static: row.qris_static,
    version: row.version,
    updated_at: row.updated_at,
  };
}

async function load(db: Kysely<Database>, lock = false): Promise<Row> {
  let query = db.selectFrom('company_settings').selectAll().where('id', '=', ID);
  if (lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

async function save(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const expected = expectedVersion(c);
  const body = await readBody(c, companySettingsStruct);
  const next: CompanySettings = { ...body, qris_static: body.qris_static ?? '' };
  const problems = Object.entries(companySettingsProblems(next));
  if (problems.length) throw new ApiError(400, problems[0][1], problems[0][0]);
  const row = await db.transaction().execute(async (trx) => {
    const current = await load(trx, true);
    await assertExpectedVersion(
      trx,
      expected,
      { ...current, id: ID },
      'company_settings',
      view(current),
    );
    const updated = await trx
      .updateTable('company_settings')
      .set({
        ...next,
        updated_by: c.get('user').id,
        updated_at: now().toISOString(),
        version: (eb) => eb('version', '+', 1),
      })
      .where('id', '=', ID)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes = diffRecords('company_settings', current, updated);
    await audit(trx, c, {
      entity: 'company_settings',
      entityId: ID,
      entityLabel: LABEL,
      entityVersion: updated.version,
      action: 'update',
      changes,
    });
    const details: ActivityDetails = {
      entity: 'company_settings',
      entityId: ID,
      entityLabel: LABEL,
      changes,
    };
    await logActivity(trx, {
      userId: c.get('user').id,
      action: 'company_settings_updated',
      description: describeHistory(details, HISTORY_TEXTS),
      details,
      ...requestInfo(c),
      at: now(),
    });
    return updated;
  });
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, view(row), COMPANY_SETTINGS_MESSAGES.updated);
}

export function companySettingsRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth);
  app.get('/', async (c) => {
    const row = await load(c.get('deps').db);
    answerHeader(c, 'ETag', versionTag(row.version));
    return ok(c, view(row), COMPANY_SETTINGS_MESSAGES.found);
  });
  app.put('/', requireAdmin, save);
  return app;
}
