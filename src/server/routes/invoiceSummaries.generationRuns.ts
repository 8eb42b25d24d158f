// GET/POST /invoice-summaries/{id}/generation-runs: a period's generation history (issue 22).
// Recording the same template and data files for the same period again answers 409 with the
// earlier run unless the caller confirms; a run posted twice (two tabs, a retry) is stored once.
// Recording does not change number_of_generated_invoice: the page saves the count with the
// progress call it already uses.
import type { Context } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import { alreadyRecordedMessage } from '../../domain/billing/generationRun';
import { generationRunStruct } from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { isUniqueViolation } from '../db/connection';
import type { Database, GenerationRunsTable } from '../db/schema';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import type { AppEnv } from '../types';
import { summaryPeriod } from './invoiceSummaries.queries';
import { idParam, requestInfo } from './routeHelpers';

type Db = Kysely<Database>;
type RunRow = Selectable<GenerationRunsTable>;

export const GENERATION_RUN_TEXTS = {
  recorded: 'Generation run recorded',
  alreadyStored: 'This run was already recorded',
} as const;

/** The longest history one answer lists (a period sees a handful of runs). */
const MAX_RUNS = 500;

/** Newest first; the name is the account's current one while it exists. */
function runsOf(db: Db, summaryId: number) {
  return db
    .selectFrom('generation_runs as r')
    .leftJoin('users as u', 'u.id', 'r.recorded_by')
    .selectAll('r')
    .select('u.name as current_name')
    .where('r.invoice_summary_id', '=', summaryId);
}

function view(row: RunRow & { current_name?: string | null }) {
  const { current_name, ...run } = row;
  return {
    ...run,
    recorded_by_name: current_name ?? run.recorded_by_name,
    recorded_at: new Date(run.recorded_at).toISOString(),
  };
}

export async function listGenerationRuns(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const id = idParam(c);
  await summaryPeriod(db, id);
  const rows = await runsOf(db, id)
    .orderBy('r.recorded_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(MAX_RUNS)
    .execute();
  return ok(c, { runs: rows.map(view) });
}

async function runByClientId(db: Db, summaryId: number, clientRunId: string) {
  return runsOf(db, summaryId).where('r.client_run_id', '=', clientRunId).executeTakeFirst();
}

export async function recordGenerationRun(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const user = c.get('user');
  const id = idParam(c);
  const { confirm_duplicate, ...body } = await readBody(c, generationRunStruct);
  const period = await summaryPeriod(db, id);

  const stored = await runByClientId(db, id, body.client_run_id);
  if (stored) return ok(c, view(stored), GENERATION_RUN_TEXTS.alreadyStored);
  if (!confirm_duplicate) {
    const earlier = await runsOf(db, id)
      .where('r.template_sha256', '=', body.template_sha256)
      .where('r.data_sha256', '=', body.data_sha256)
      .orderBy('r.recorded_at', 'asc')
      .executeTakeFirst();
    if (earlier) {
      // That may be this very run, stored by another tab since the first look.
      const mine = await runByClientId(db, id, body.client_run_id);
      if (mine) return ok(c, view(mine), GENERATION_RUN_TEXTS.alreadyStored);
      const run = view(earlier);
      const message = alreadyRecordedMessage(
        run.rows,
        run.recorded_at.slice(0, 10),
        run.recorded_by_name,
      );
      return c.json({ success: false, error: message, message, data: { earlier_run: run } }, 409);
    }
  }

  const at = now().toISOString();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('generation_runs')
        .values({
          ...body,
          invoice_summary_id: id,
          recorded_by: user.id,
          recorded_by_name: user.name,
          recorded_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await logActivity(trx, {
        userId: user.id,
        action: 'generation_run_recorded',
        description: `Recorded a generation run for ${period}: ${body.documents} documents from ${body.rows} rows (${body.output_kind})`,
        ...requestInfo(c),
        at: now(),
      });
      return created;
    });
    return ok(c, view({ ...row, current_name: user.name }), GENERATION_RUN_TEXTS.recorded, 201);
  } catch (error) {
    // The same run from another tab won the race: answer with the one stored.
    if (!isUniqueViolation(error)) throw error;
    const winner = await runByClientId(db, id, body.client_run_id);
    if (!winner) throw error;
    return ok(c, view(winner), GENERATION_RUN_TEXTS.alreadyStored);
  }
}
