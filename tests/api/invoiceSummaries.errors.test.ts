import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  call,
  countRows,
  ENGINES,
  insertSummary,
  setup,
  signedIn,
  summaryBody,
  type Ctx,
} from './business.support';

const EXISTS = (p: string) =>
  `Invoice summary untuk periode ${p} sudah ada. Gunakan halaman Update untuk mengubah data.`;
const OVER_TOTAL = 'Jumlah transaksi progress tidak boleh melebihi total transaksi!';

describe.each(ENGINES)('invoice summaries, bad input (%s)', (engine) => {
  let ctx: Ctx;
  let token: string;

  beforeAll(async () => {
    ctx = await setup(engine);
    token = (await signedIn(ctx, 'staff')).token;
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.deleteFrom('invoice_summaries').execute();
  });

  const post = (body: unknown) => call(ctx, 'POST', '/invoice-summaries', { token, body });

  test('a period that already has a summary answers 409 with the spec message, writing nothing', async () => {
    await insertSummary(ctx, '2024-01');
    const res = await post(summaryBody('2024-01', { number_of_active_customer: 1 }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: EXISTS('2024-01'),
      field: 'invoice_period',
    });
    expect(await countRows(ctx, 'invoice_summaries')).toBe(1);
  });

  test.each([
    [
      'missing period',
      { invoice_period: undefined },
      'invoice_period',
      'Periode tagihan harus diisi',
    ],
    [
      'period not YYYY-MM',
      { invoice_period: '2024/01' },
      'invoice_period',
      'Format periode tagihan harus YYYY-MM (contoh: 2024-01)',
    ],
    [
      'month 13',
      { invoice_period: '2024-13' },
      'invoice_period',
      'Format periode tagihan harus YYYY-MM (contoh: 2024-01)',
    ],
    [
      'no active customers',
      { number_of_active_customer: 0 },
      'number_of_active_customer',
      'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
    ],
    [
      'no transactions',
      {
        number_of_total_transaction: 0,
        number_of_usage_transaction: 0,
        number_of_verified_invoice: 0,
        number_of_generated_invoice: 0,
        number_of_delivered_invoice: 0,
        number_of_uploaded_tax_invoice: 0,
      },
      'number_of_total_transaction',
      'Jumlah transaksi harus diisi dan lebih dari 0',
    ],
    [
      'negative amount',
      { amount_of_voice_sli_transaction: -5 },
      'amount_of_voice_sli_transaction',
      null,
    ],
    [
      'fractional amount',
      { amount_of_total_transaction: 10.5 },
      'amount_of_total_transaction',
      null,
    ],
    [
      'amount as text',
      { amount_of_total_transaction: '1000' },
      'amount_of_total_transaction',
      null,
    ],
    [
      'progress above total',
      { number_of_delivered_invoice: 1001 },
      'number_of_delivered_invoice',
      OVER_TOTAL,
    ],
    [
      'missing draft URL',
      { url_shared_file_draft_invoice: undefined },
      'url_shared_file_draft_invoice',
      'URL dokumen draft harus diisi',
    ],
    [
      'javascript: URL',
      { url_shared_file_draft_invoice: 'javascript:alert(1)' },
      'url_shared_file_draft_invoice',
      'URL dokumen draft tidak valid',
    ],
    [
      'data: URL',
      { url_shared_folder_invoice: 'data:text/html,<script>1</script>' },
      'url_shared_folder_invoice',
      null,
    ],
    [
      'URL with credentials',
      { url_shared_folder_tax_invoice: 'https://user:pw@example.com/tax' },
      'url_shared_folder_tax_invoice',
      null,
    ],
    [
      'URL with a space',
      { url_shared_file_verified_invoice: 'https://example.com/a b' },
      'url_shared_file_verified_invoice',
      null,
    ],
    [
      'URL over 2048 characters',
      { url_shared_file_verified_invoice: `https://example.com/${'a'.repeat(2040)}` },
      'url_shared_file_verified_invoice',
      null,
    ],
    [
      'ftp URL',
      { url_shared_folder_invoice: 'ftp://example.com/x' },
      'url_shared_folder_invoice',
      null,
    ],
  ])('%s → 400 naming the field', async (_label, override, field, message) => {
    const res = await post(summaryBody('2024-02', override));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
    else expect(res.body.message).toEqual(expect.any(String));
    expect(await countRows(ctx, 'invoice_summaries')).toBe(0);
  });

  test('a body that is not a JSON object answers 400', async () => {
    for (const raw of ['[1,2]', '"text"', '{"invoice_period":', 'null']) {
      const res = await call(ctx, 'POST', '/invoice-summaries', { token, raw });
      expect(res.status, raw).toBe(400);
    }
  });

  test('PUT checks progress against the merged row: lowering the total below a count is refused', async () => {
    const id = await insertSummary(ctx, '2024-03');
    const res = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token,
      body: { number_of_total_transaction: 500 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: OVER_TOTAL, field: 'number_of_usage_transaction' });
    const row = await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.number_of_total_transaction).toBe(1000);
  });

  test('PUT moving a summary onto a taken period answers 409; unknown ids 404', async () => {
    const id = await insertSummary(ctx, '2024-04');
    await insertSummary(ctx, '2024-05');
    const clash = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token,
      body: { invoice_period: '2024-05' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(EXISTS('2024-05'));
    for (const path of [
      '/invoice-summaries/999999',
      '/invoice-summaries/abc',
      '/invoice-summaries/-1',
    ]) {
      expect(
        (await call(ctx, 'PUT', path, { token, body: { number_of_active_customer: 3 } })).status,
        path,
      ).toBe(404);
      expect((await call(ctx, 'GET', path, { token })).status, path).toBe(404);
    }
  });

  test('progress calls: above the total, negative, fractional, missing, bad URL, unknown id', async () => {
    const id = await insertSummary(ctx, '2024-06');
    const put = (path: string, body: unknown) =>
      call(ctx, 'PUT', `/invoice-summaries/${path}/${id}`, { token, body });
    const over = await put('progress-verified', { number_of_verified_invoice: 1001 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      message: 'Jumlah progress tidak boleh melebihi total transaksi!',
      field: 'number_of_verified_invoice',
    });
    const negative = await put('progress-generated', { number_of_generated_invoice: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('Jumlah progress tidak boleh negatif!');
    expect((await put('progress-delivered', { number_of_delivered_invoice: 1.5 })).status).toBe(
      400,
    );
    expect((await put('progress-delivered', {})).status).toBe(400);
    const badUrl = await put('progress-usage', {
      number_of_usage_transaction: 5,
      url_shared_file_draft_invoice: 'javascript:alert(1)',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.field).toBe('url_shared_file_draft_invoice');
    const row = await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      number_of_usage_transaction: 1000,
      number_of_verified_invoice: 800,
      number_of_generated_invoice: 600,
      number_of_delivered_invoice: 400,
    });
    expect(
      (
        await call(ctx, 'PUT', '/invoice-summaries/progress-usage/424242', {
          token,
          body: { number_of_usage_transaction: 1 },
        })
      ).status,
    ).toBe(404);
  });

  test('list and statistics refuse bad query values with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/invoice-summaries?period=2024-1', 'period'],
      ['/invoice-summaries?status=done', 'status'],
      ['/invoice-summaries?sort_by=password_hash', 'sort_by'],
      ['/invoice-summaries?sort_by=invoice_period;drop table users', 'sort_by'],
      ['/invoice-summaries?sort_order=sideways', 'sort_order'],
      ['/invoice-summaries?page=0', 'page'],
      ['/invoice-summaries?limit=-3', 'limit'],
      ['/invoice-summaries?page=abc', 'page'],
      ['/invoice-summaries/statistics?start_period=2024', 'start_period'],
      ['/invoice-summaries/statistics?start_period=2024-05&end_period=2024-01', 'start_period'],
      ['/invoice-summaries/period/2024-1', 'period'],
      ['/invoice-summaries?search=20%0024', 'search'],
    ];
    for (const [path, field] of cases) {
      const res = await call(ctx, 'GET', path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.field, path).toBe(field);
    }
  });

  test('a CHECK violation that slips past validation (a concurrent total change) still answers 400, not 500', async () => {
    const id = await insertSummary(ctx, '2024-07', {
      number_of_total_transaction: 1000,
      number_of_usage_transaction: 100,
    });
    // Two writers race: one lowers the total, the other raises a count. Whatever the interleaving,
    // each answers 200 or 400 (validation or the CHECK constraint), never 500, and the row stays valid.
    const results = await Promise.all([
      call(ctx, 'PUT', `/invoice-summaries/${id}`, {
        token,
        body: { number_of_total_transaction: 150 },
      }),
      call(ctx, 'PUT', `/invoice-summaries/progress-usage/${id}`, {
        token,
        body: { number_of_usage_transaction: 900 },
      }),
    ]);
    for (const r of results) expect([200, 400]).toContain(r.status);
    const row = await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.number_of_usage_transaction).toBeLessThanOrEqual(row.number_of_total_transaction);
  });

  // PostgreSQL runs writers concurrently, so the race can be staged exactly: another transaction
  // holds the row with a lowered total while the progress call comes in. The call reads the row
  // under a lock (the version check and the audit event need it), so it waits, then validates
  // against the committed total and answers with the rule's own message; the CHECK constraint
  // stays behind it as the last defence.
  if (engine === 'postgres') {
    test('PostgreSQL: a progress write raced by a lowered total is refused against the new total', async () => {
      const low = {
        number_of_usage_transaction: 100,
        number_of_verified_invoice: 100,
        number_of_generated_invoice: 100,
        number_of_delivered_invoice: 100,
        number_of_uploaded_tax_invoice: 100,
      };
      const id = await insertSummary(ctx, '2024-08', { number_of_total_transaction: 1000, ...low });
      let answer: Promise<Awaited<ReturnType<typeof call>>> | undefined;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('invoice_summaries')
          .set({ number_of_total_transaction: 150 })
          .where('id', '=', id)
          .execute();
        answer = call(ctx, 'PUT', `/invoice-summaries/progress-usage/${id}`, {
          token,
          body: { number_of_usage_transaction: 900 },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const res = await answer!;
      expect(res.status).toBe(400);
      // Not the total of 1000 the row had when the call came in: the 150 it waited for.
      expect(res.body.message).toBe('Jumlah progress tidak boleh melebihi total transaksi!');
      const row = await ctx.db
        .selectFrom('invoice_summaries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        number_of_total_transaction: 150,
        number_of_usage_transaction: 100,
      });
    });
  }
});
