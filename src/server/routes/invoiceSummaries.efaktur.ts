// GET/POST /invoice-summaries/{id}/efaktur-records (issue 33, docs/efaktur.md): a period's e-Faktur
// exports (which invoice keys, when, by whom, the files' hashes) and its uploads to Coretax. An
// invoice key exported before, in any period, answers 409 naming them until the caller confirms.
// Recording an upload does not change number_of_uploaded_tax_invoice: the page saves the count
// with the progress call it already uses (the progress rule stays in one place).
import type { Context } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import {
  EFAKTUR_RECORD_MESSAGES as M,
  efakturRecordStruct,
} from '../../domain/efaktur/recordStruct';
import { logActivity } from '../auth/activity';
import type { Database, EfakturRecordsTable } from '../db/schema';
import { ApiError } from '../errors';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import type { AppEnv } from '../types';
import { summaryPeriod } from './invoiceSummaries.queries';
import { idParam, requestInfo } from './routeHelpers';

type Db = Kysely<Database>;
type RecordRow = Selectable<EfakturRecordsTable>;

export const EFAKTUR_RECORD_TEXTS = { recorded: 'e-Faktur record saved' } as const;

/** The longest list of repeated keys an answer names. */
const SHOWN_REPEATS = 50;

const parsed = (json: string): unknown[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

function view(row: RecordRow) {
  return {
    ...row,
    recorded_at: new Date(row.recorded_at).toISOString(),
    invoice_keys: parsed(row.invoice_keys),
    files: parsed(row.files),
  };
}

export async function listEfakturRecords(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const id = idParam(c);
  await summaryPeriod(db, id);
  const rows = await db
    .selectFrom('efaktur_records')
    .selectAll()
    .where('invoice_summary_id', '=', id)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return ok(c, { records: rows.map(view) });
}

/** The keys among `keys` that an earlier export holds, with the first export that held each. */
async function exportedBefore(db: Db, keys: readonly string[]) {
  const wanted = new Set(keys);
  const repeated = new Map<string, { period_id: number; recorded_at: string; by: string }>();
  const rows = await db
    .selectFrom('efaktur_records')
    .select(['invoice_summary_id', 'invoice_keys', 'recorded_at', 'recorded_by_name'])
    .where('kind', '=', 'export')
    .orderBy('id')
    .execute();
  for (const row of rows)
    for (const key of parsed(row.invoice_keys))
      if (typeof key === 'string' && wanted.has(key) && !repeated.has(key))
        repeated.set(key, {
          period_id: row.invoice_summary_id,
          recorded_at: new Date(row.recorded_at).toISOString(),
          by: row.recorded_by_name,
        });
  return repeated;
}

export async function recordEfaktur(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const user = c.get('user');
  const id = idParam(c);
  const body = await readBody(c, efakturRecordStruct);
  const period = await summaryPeriod(db, id);
  const keys = body.kind === 'export' ? [...new Set(body.invoice_keys ?? [])] : [];
  if (body.kind === 'export') {
    if (!body.invoice_keys) throw new ApiError(400, M.keys, 'invoice_keys');
    if (!body.files) throw new ApiError(400, M.files, 'files');
    const repeated = await exportedBefore(db, keys);
    if (repeated.size && !body.confirm_repeat) {
      const message = M.repeated(repeated.size);
      const shown = [...repeated]
        .slice(0, SHOWN_REPEATS)
        .map(([key, first]) => ({ key, ...first }));
      return c.json({ success: false, error: message, message, data: { repeated: shown } }, 409);
    }
  } else if (body.faktur === undefined) throw new ApiError(400, M.faktur, 'faktur');

  const faktur = body.kind === 'export' ? keys.length : body.faktur!;
  const row = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('efaktur_records')
      .values({
        invoice_summary_id: id,
        kind: body.kind,
        recorded_by: user.id,
        recorded_by_name: user.name,
        recorded_at: now().toISOString(),
        faktur,
        invoice_keys: JSON.stringify(keys),
        files: JSON.stringify(body.files ?? []),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: user.id,
      action: body.kind === 'export' ? 'efaktur_exported' : 'efaktur_uploaded',
      description:
        body.kind === 'export'
          ? `Exported ${faktur} e-Faktur for ${period} in ${body.files!.length} file(s)`
          : `Recorded ${faktur} e-Faktur uploaded to Coretax for ${period}`,
      ...requestInfo(c),
      at: now(),
    });
    return created;
  });
  return ok(c, view(row), EFAKTUR_RECORD_TEXTS.recorded, 201);
}
