import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  call,
  ENGINES,
  insertSummary,
  setup,
  signedIn,
  summaryBody,
  type Ctx,
} from './business.support';

describe.each(ENGINES)('invoice summaries, happy paths (%s)', (engine) => {
  let ctx: Ctx;
  let staff: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff');
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.deleteFrom('invoice_summaries').execute();
  });

  test('create answers 201 with every field, timestamps in ISO-8601 UTC and who created it', async () => {
    const res = await call(ctx, 'POST', '/invoice-summaries', {
      token: staff.token,
      body: summaryBody('2024-03'),
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const s = res.body.data;
    expect(s).toMatchObject({
      ...summaryBody('2024-03'),
      created_by: staff.id,
      updated_by: staff.id,
    });
    expect(typeof s.id).toBe('number');
    expect(s.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(s.updated_at).toBe(s.created_at);

    const again = await call(ctx, 'GET', `/invoice-summaries/${s.id}`, { token: staff.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(s);
  });

  test('create accepts camelCase bodies and defaults the missing counts, amounts and URLs', async () => {
    const res = await call(ctx, 'POST', '/invoice-summaries', {
      token: staff.token,
      body: {
        invoicePeriod: '2024-04',
        numberOfActiveCustomer: 5,
        numberOfTotalTransaction: 10,
        urlSharedFileDraftInvoice: 'http://files.example.com/draft',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      invoice_period: '2024-04',
      number_of_active_customer: 5,
      number_of_total_transaction: 10,
      amount_of_total_transaction: 0,
      number_of_uploaded_tax_invoice: 0,
      url_shared_file_draft_invoice: 'http://files.example.com/draft',
      url_shared_folder_tax_invoice: '',
    });
  });

  test('list answers data.summaries + pagination, sorted, filtered by period, status and search', async () => {
    await insertSummary(ctx, '2023-12', {
      number_of_usage_transaction: 0,
      number_of_verified_invoice: 0,
      number_of_generated_invoice: 0,
      number_of_delivered_invoice: 0,
      number_of_uploaded_tax_invoice: 0,
    });
    await insertSummary(ctx, '2024-01');
    await insertSummary(ctx, '2024-02', {
      number_of_verified_invoice: 1000,
      number_of_generated_invoice: 1000,
      number_of_delivered_invoice: 1000,
      number_of_uploaded_tax_invoice: 1000,
    });
    await insertSummary(ctx, '2024-03');

    const all = await call(
      ctx,
      'GET',
      '/invoice-summaries?limit=50&sort_by=invoice_period&sort_order=desc',
      { token: staff.token },
    );
    expect(all.status).toBe(200);
    expect(all.body.data.summaries.map((s: any) => s.invoice_period)).toEqual([
      '2024-03',
      '2024-02',
      '2024-01',
      '2023-12',
    ]);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 50, total: 4, total_pages: 1 });

    const asc = await call(
      ctx,
      'GET',
      '/invoice-summaries?sort_by=invoice_period&sort_order=asc&limit=2&page=2',
      { token: staff.token },
    );
    expect(asc.body.data.summaries.map((s: any) => s.invoice_period)).toEqual([
      '2024-02',
      '2024-03',
    ]);
    expect(asc.body.data.pagination).toEqual({ page: 2, limit: 2, total: 4, total_pages: 2 });

    const pastTheEnd = await call(ctx, 'GET', '/invoice-summaries?limit=2&page=5', {
      token: staff.token,
    });
    expect(pastTheEnd.body.data).toEqual({
      summaries: [],
      pagination: { page: 5, limit: 2, total: 4, total_pages: 2 },
    });

    const one = await call(ctx, 'GET', '/invoice-summaries?period=2024-01', { token: staff.token });
    expect(one.body.data.summaries.map((s: any) => s.invoice_period)).toEqual(['2024-01']);

    const status = async (value: string) =>
      (
        await call(ctx, 'GET', `/invoice-summaries?status=${value}`, { token: staff.token })
      ).body.data.summaries.map((s: any) => s.invoice_period);
    expect(await status('complete')).toEqual(['2024-02']);
    expect(await status('not_started')).toEqual(['2023-12']);
    expect(await status('in_progress')).toEqual(['2024-03', '2024-01']);

    const search = async (value: string) =>
      (
        await call(ctx, 'GET', `/invoice-summaries?search=${encodeURIComponent(value)}`, {
          token: staff.token,
        })
      ).body.data.summaries.map((s: any) => s.invoice_period);
    expect(await search('2024')).toEqual(['2024-03', '2024-02', '2024-01']);
    expect(await search('desember')).toEqual(['2023-12']);
    expect(await search('%')).toEqual([]);
  });

  test('the default page size is 10 and a limit above 100 is lowered to 100', async () => {
    for (let m = 1; m <= 12; m++) await insertSummary(ctx, `2022-${String(m).padStart(2, '0')}`);
    const first = await call(ctx, 'GET', '/invoice-summaries', { token: staff.token });
    expect(first.body.data.summaries).toHaveLength(10);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total: 12, total_pages: 2 });
    const big = await call(ctx, 'GET', '/invoice-summaries?limit=1000', { token: staff.token });
    expect(big.body.data.pagination.limit).toBe(100);
    expect(big.body.data.summaries).toHaveLength(12);
  });

  test('GET by period finds the summary; an empty period answers the spec 404 message', async () => {
    await insertSummary(ctx, '2024-05');
    const found = await call(ctx, 'GET', '/invoice-summaries/period/2024-05', {
      token: staff.token,
    });
    expect(found.status).toBe(200);
    expect(found.body.data.invoice_period).toBe('2024-05');
    const missing = await call(ctx, 'GET', '/invoice-summaries/period/2024-06', {
      token: staff.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      message: 'No invoice summary found for this period',
    });
  });

  test('PUT updates a subset, records who updated and when, and keeps the rest', async () => {
    const id = await insertSummary(ctx, '2024-07');
    const other = await signedIn(ctx, 'admin');
    const res = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: other.token,
      body: { amountOfTotalTransaction: 999, number_of_active_customer: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount_of_total_transaction: 999,
      number_of_active_customer: 7,
      number_of_total_transaction: 1000,
      updated_by: other.id,
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(res.body.data.created_at),
    );
  });

  test('the five progress calls set their count and optional URL', async () => {
    const id = await insertSummary(ctx, '2024-08');
    const calls: [string, string, string | null][] = [
      ['progress-usage', 'number_of_usage_transaction', 'url_shared_file_draft_invoice'],
      ['progress-verified', 'number_of_verified_invoice', 'url_shared_file_verified_invoice'],
      ['progress-generated', 'number_of_generated_invoice', 'url_shared_folder_invoice'],
      ['progress-delivered', 'number_of_delivered_invoice', null],
      ['progress-tax-uploaded', 'number_of_uploaded_tax_invoice', 'url_shared_folder_tax_invoice'],
    ];
    for (const [path, field, urlField] of calls) {
      const body: Record<string, unknown> = { [field]: 123 };
      if (urlField) body[urlField] = `https://docs.example.com/${path}`;
      const res = await call(ctx, 'PUT', `/invoice-summaries/${path}/${id}`, {
        token: staff.token,
        body,
      });
      expect(res.status, path).toBe(200);
      expect(res.body.message).toBe('Progress berhasil diupdate!');
      expect(res.body.data[field]).toBe(123);
      if (urlField) expect(res.body.data[urlField]).toBe(`https://docs.example.com/${path}`);
    }
    const onlyCount = await call(ctx, 'PUT', `/invoice-summaries/progress-usage/${id}`, {
      token: staff.token,
      body: { numberOfUsageTransaction: 1000 },
    });
    expect(onlyCount.body.data).toMatchObject({
      number_of_usage_transaction: 1000,
      url_shared_file_draft_invoice: 'https://docs.example.com/progress-usage',
    });
  });

  test('DELETE removes the summary', async () => {
    const id = await insertSummary(ctx, '2024-09');
    const res = await call(ctx, 'DELETE', `/invoice-summaries/${id}`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(
      (await call(ctx, 'GET', `/invoice-summaries/${id}`, { token: staff.token })).status,
    ).toBe(404);
    expect(
      (await call(ctx, 'DELETE', `/invoice-summaries/${id}`, { token: staff.token })).status,
    ).toBe(404);
  });

  test('statistics: totals and per-period figures for a chart, oldest first, within the range', async () => {
    await insertSummary(ctx, '2023-11');
    await insertSummary(ctx, '2024-01', {
      number_of_total_transaction: 200,
      number_of_active_customer: 20,
      amount_of_total_transaction: 10,
      amount_of_local_voice_transaction: 4,
      number_of_usage_transaction: 200,
      number_of_verified_invoice: 100,
      number_of_generated_invoice: 50,
      number_of_delivered_invoice: 0,
      number_of_uploaded_tax_invoice: 0,
    });
    await insertSummary(ctx, '2024-02', {
      number_of_total_transaction: 100,
      number_of_active_customer: 10,
      amount_of_total_transaction: 5,
      amount_of_local_voice_transaction: 1,
      number_of_usage_transaction: 100,
      number_of_verified_invoice: 100,
      number_of_generated_invoice: 100,
      number_of_delivered_invoice: 100,
      number_of_uploaded_tax_invoice: 100,
    });
    await insertSummary(ctx, '2024-04');

    const res = await call(
      ctx,
      'GET',
      '/invoice-summaries/statistics?start_period=2024-01&end_period=2024-03',
      { token: staff.token },
    );
    expect(res.status).toBe(200);
    const { totals, periods, start_period, end_period } = res.body.data;
    expect([start_period, end_period]).toEqual(['2024-01', '2024-03']);
    expect(periods.map((p: any) => p.invoice_period)).toEqual(['2024-01', '2024-02']);
    expect(periods[0]).toMatchObject({
      number_of_active_customer: 20,
      number_of_total_transaction: 200,
      amount_of_local_voice_transaction: 4,
      usage_percentage: 100,
      verified_percentage: 50,
      generated_percentage: 25,
      delivered_percentage: 0,
      tax_uploaded_percentage: 0,
      overall_completion: 35,
    });
    expect(periods[1].overall_completion).toBe(100);
    expect(totals).toMatchObject({
      period_count: 2,
      number_of_active_customer: 30,
      number_of_total_transaction: 300,
      amount_of_total_transaction: 15,
      amount_of_local_voice_transaction: 5,
      average_completion: 68,
    });

    const everything = await call(ctx, 'GET', '/invoice-summaries/statistics', {
      token: staff.token,
    });
    expect(everything.body.data.totals.period_count).toBe(4);
    const none = await call(ctx, 'GET', '/invoice-summaries/statistics?start_period=2030-01', {
      token: staff.token,
    });
    expect(none.body.data).toMatchObject({
      periods: [],
      totals: { period_count: 0, average_completion: 0 },
    });
  });
});
