// A period's generation history (issue 22) on SQLite and PostgreSQL: recording, listing, the
// already-recorded warning, a run posted twice at once, and bad input that writes nothing.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  countRows,
  ENGINES,
  insertSummary,
  periodRecords,
  periodsFrom,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function run(overrides: Record<string, unknown> = {}) {
  return {
    client_run_id: randomUUID(),
    template_name: 'tagihan_template.docx',
    template_sha256: sha('template'),
    data_name: 'pelanggan_2025-11.xlsx',
    data_sha256: sha('data'),
    rows: 120,
    documents: 120,
    output_kind: 'pdf_per_row',
    ...overrides,
  };
}

const nextPeriod = periodsFrom(2090);

describe.each(ENGINES)('generation runs on %s', (engine) => {
  let ctx: Ctx;
  let staff: Awaited<ReturnType<typeof signedIn>>;
  let api: ReturnType<typeof periodRecords>;
  const runs = (id: number) => api.list(id);
  const record = (id: number, body: unknown) => api.record(id, body);
  const stored = () => countRows(ctx, 'generation_runs');

  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff', { name: 'Sari Staff' });
    api = periodRecords(ctx, staff.token, 'generation-runs');
  });
  afterAll(async () => ctx.close());

  test('a recorded run is listed with who, when, both files and their hashes, rows, documents and output', async () => {
    const id = await insertSummary(ctx, nextPeriod(), { number_of_generated_invoice: 600 });
    const body = run();
    const res = await record(id, body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Generation run recorded');
    const { client_run_id, ...fields } = body;
    expect(res.body.data).toMatchObject({
      ...fields,
      client_run_id,
      invoice_summary_id: id,
      recorded_by: staff.id,
      recorded_by_name: 'Sari Staff',
    });
    expect(new Date(res.body.data.recorded_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const later = await record(
      id,
      run({ template_sha256: sha('other template'), output_kind: 'docx' }),
    );
    expect(later.status).toBe(201);
    const list = await runs(id);
    expect(list.status).toBe(200);
    expect(list.body.data.runs.map((r: { id: number }) => r.id)).toEqual([
      later.body.data.id,
      res.body.data.id,
    ]);

    // The count is saved by the page's progress call, not here.
    const summary = await call(ctx, 'GET', `/invoice-summaries/${id}`, { token: staff.token });
    expect(summary.body.data.number_of_generated_invoice).toBe(600);
  });

  test('the same template and data again → 409 naming the earlier run, unless confirmed', async () => {
    const id = await insertSummary(ctx, nextPeriod());
    const first = await record(id, run({ rows: 75 }));
    const again = await record(id, run({ rows: 75 }));
    expect(again.status).toBe(409);
    const day = first.body.data.recorded_at.slice(0, 10);
    expect(again.body.message).toBe(`These 75 rows were already recorded on ${day} by Sari Staff`);
    expect(again.body.data.earlier_run).toMatchObject({
      id: first.body.data.id,
      rows: 75,
      recorded_by_name: 'Sari Staff',
    });
    expect((await runs(id)).body.data.runs).toHaveLength(1);

    const confirmed = await record(id, run({ rows: 75, confirm_duplicate: true }));
    expect(confirmed.status).toBe(201);
    expect((await runs(id)).body.data.runs).toHaveLength(2);
  });

  test('the same hashes in another period are no duplicate', async () => {
    const a = await insertSummary(ctx, nextPeriod());
    const b = await insertSummary(ctx, nextPeriod());
    expect((await record(a, run())).status).toBe(201);
    expect((await record(b, run())).status).toBe(201);
  });

  test('one run posted again, or by two tabs at once, is stored once', async () => {
    const id = await insertSummary(ctx, nextPeriod());
    const body = run({ template_sha256: sha(`tabs ${engine}`) });
    const before = await stored();
    const answers = await Promise.all(Array.from({ length: 4 }, () => record(id, body)));
    for (const answer of answers) expect([200, 201]).toContain(answer.status);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const retry = await record(id, body);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe('This run was already recorded');
    expect(await stored()).toBe(before + 1);
  });

  test.each([
    [
      'template_sha256',
      { template_sha256: 'abc' },
      'Template SHA-256 must be 64 hexadecimal characters',
    ],
    [
      'data_sha256',
      { data_sha256: 'z'.repeat(64) },
      'Data file SHA-256 must be 64 hexadecimal characters',
    ],
    [
      'template_name',
      { template_name: '  ' },
      'Template name is required (at most 255 characters)',
    ],
    ['rows', { rows: -1 }, undefined],
    ['documents', { documents: 1.5 }, undefined],
    [
      'output_kind',
      { output_kind: 'pptx' },
      'output_kind must be one of docx, docx_per_row, pdf, pdf_per_row',
    ],
    [
      'client_run_id',
      { client_run_id: 'x' },
      'client_run_id must be 8 to 100 letters, digits, - or _',
    ],
  ])('a bad %s → 400 naming it, nothing written', async (field, overrides, message) => {
    const id = await insertSummary(ctx, nextPeriod());
    const before = await stored();
    const res = await record(id, run(overrides));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
    expect(await stored()).toBe(before);
  });

  test('an unknown period → 404 on both calls', async () => {
    expect((await runs(999_999)).status).toBe(404);
    expect((await record(999_999, run())).status).toBe(404);
  });

  test('deleting the period deletes its history', async () => {
    const id = await insertSummary(ctx, nextPeriod());
    await record(id, run());
    const admin = await signedIn(ctx, 'admin');
    expect(
      (await call(ctx, 'DELETE', `/invoice-summaries/${id}`, { token: admin.token })).status,
    ).toBe(200);
    const left = await ctx.db
      .selectFrom('generation_runs')
      .select('id')
      .where('invoice_summary_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
