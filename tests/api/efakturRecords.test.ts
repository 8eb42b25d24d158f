// A period's e-Faktur exports and uploads (issue 33) on SQLite and PostgreSQL: an export is
// recorded with its keys, who, when and the files' hashes; a key exported before answers 409
// naming it until confirmed; an upload is recorded beside the progress call; bad input writes nothing.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  countRows,
  ENGINES,
  insertSummary,
  periodRecords,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
let badPeriod = 0;
const files = [{ name: 'eFaktur_2091-01_1.xml', sha256: sha('file 1') }];

describe.each(ENGINES)('e-Faktur records on %s', (engine) => {
  let ctx: Ctx;
  let staff: Awaited<ReturnType<typeof signedIn>>;
  let api: ReturnType<typeof periodRecords>;
  const list = (id: number) => api.list(id);
  const record = (id: number, body: unknown) => api.record(id, body);
  const stored = () => countRows(ctx, 'efaktur_records');

  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff', { name: 'Sari Staff' });
    api = periodRecords(ctx, staff.token, 'efaktur-records');
  });
  afterAll(async () => ctx.close());

  test('an export and an upload are listed newest first with who, when, keys and hashes', async () => {
    const id = await insertSummary(ctx, '2091-01');
    const exported = await record(id, {
      kind: 'export',
      invoice_keys: ['INV/1', 'INV/2', 'INV/2'],
      files,
    });
    expect(exported.status).toBe(201);
    expect(exported.body.data).toMatchObject({
      kind: 'export',
      faktur: 2,
      invoice_keys: ['INV/1', 'INV/2'],
      files,
      recorded_by_name: 'Sari Staff',
    });
    const uploaded = await record(id, { kind: 'upload', faktur: 2 });
    expect(uploaded.status).toBe(201);
    const history = await list(id);
    expect(history.body.data.records.map((r: { kind: string }) => r.kind)).toEqual([
      'upload',
      'export',
    ]);
  });

  test('a key exported before, in any period, is named until the export is confirmed', async () => {
    const first = await insertSummary(ctx, '2091-02');
    const second = await insertSummary(ctx, '2091-03');
    await record(first, { kind: 'export', invoice_keys: ['INV/9'], files });
    const before = await stored();
    const again = await record(second, {
      kind: 'export',
      invoice_keys: ['INV/9', 'INV/10'],
      files,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/1 of these invoices were exported to e-Faktur before/);
    expect(again.body.data.repeated).toEqual([
      expect.objectContaining({ key: 'INV/9', period_id: first, by: 'Sari Staff' }),
    ]);
    expect(await stored()).toBe(before);
    const confirmed = await record(second, {
      kind: 'export',
      invoice_keys: ['INV/9', 'INV/10'],
      files,
      confirm_repeat: true,
    });
    expect(confirmed.status).toBe(201);
  });

  test.each([
    [{ kind: 'import' }, 'kind'],
    [{ kind: 'export', invoice_keys: [], files }, 'invoice_keys'],
    [{ kind: 'export', invoice_keys: ['A'], files: [{ name: 'a.xml', sha256: 'xyz' }] }, 'files'],
    [{ kind: 'export', invoice_keys: ['A'] }, 'files'],
    [{ kind: 'upload', faktur: -1 }, 'faktur'],
    [{ kind: 'upload' }, 'faktur'],
  ])('%o is refused naming %s, nothing stored', async (body, field) => {
    const id = await insertSummary(ctx, `2092-${String(++badPeriod).padStart(2, '0')}`);
    const before = await stored();
    const res = await record(id, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await stored()).toBe(before);
  });

  test('an unknown period is 404', async () => {
    expect((await record(999999, { kind: 'upload', faktur: 1 })).status).toBe(404);
  });
});
