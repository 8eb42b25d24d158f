import { describe, expect, test } from 'vitest';
import { MAX_SUMMARY_NUMBER } from '../../src/domain/validation';
import { summaryBody } from './business.support';
import { databases, uniqueEmail, useTestApp } from './helpers';

/**
 * Input that is valid on its face but breaks something later: amounts whose sums lose digits,
 * menu paths that leave the site, parent cycles, and races between identical requests
 * (sign-ups sharing an email's local part, deletes of one row).
 */
describe.each(databases)('input and races on %s', (kind) => {
  const ctx = useTestApp(kind);

  test('amounts are capped so the statistics totals stay exact', async () => {
    const admin = await ctx.signedIn('admin');
    // 2^53 - 1 is a whole number JavaScript holds, but two of them do not add up exactly.
    const over = await ctx.post(
      '/api/v1/invoice-summaries',
      summaryBody('2030-01', { amount_of_mincom_transaction: Number.MAX_SAFE_INTEGER }),
      { token: admin.token },
    );
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      success: false,
      field: 'amount_of_mincom_transaction',
      message: 'Nilai Mincom terlalu besar',
    });
    const justOver = await ctx.post(
      '/api/v1/invoice-summaries',
      summaryBody('2030-01', { amount_of_resell_transaction: MAX_SUMMARY_NUMBER + 1 }),
      { token: admin.token },
    );
    expect(justOver.status).toBe(400);
    expect(justOver.body.field).toBe('amount_of_resell_transaction');

    // At the cap: accepted, and totals over many periods are exact.
    for (let month = 1; month <= 12; month++) {
      const res = await ctx.post(
        '/api/v1/invoice-summaries',
        summaryBody(`2031-${String(month).padStart(2, '0')}`, {
          amount_of_mincom_transaction: MAX_SUMMARY_NUMBER,
          amount_of_resell_transaction: MAX_SUMMARY_NUMBER - month,
        }),
        { token: admin.token },
      );
      expect(res.status).toBe(201);
    }
    const stats = await ctx.get(
      '/api/v1/invoice-summaries/statistics?start_period=2031-01&end_period=2031-12',
      { token: admin.token },
    );
    expect(stats.status).toBe(200);
    expect(stats.body.data.totals.amount_of_mincom_transaction).toBe(12 * MAX_SUMMARY_NUMBER);
    expect(stats.body.data.totals.amount_of_resell_transaction).toBe(12 * MAX_SUMMARY_NUMBER - 78);
    // The largest total the cap allows (every YYYY-MM period at the cap) is still exact in a JS number.
    expect(Number.isSafeInteger(10_000 * 12 * MAX_SUMMARY_NUMBER)).toBe(true);
    // Updates are held to the same cap.
    const { id } = await ctx.db
      .selectFrom('invoice_summaries')
      .select('id')
      .where('invoice_period', '=', '2031-01')
      .executeTakeFirstOrThrow();
    const update = await ctx.put(
      `/api/v1/invoice-summaries/${id}`,
      { amount_of_other_cost_transaction: MAX_SUMMARY_NUMBER * 2 },
      { token: admin.token },
    );
    expect(update.status).toBe(400);
    expect(update.body.field).toBe('amount_of_other_cost_transaction');
  });

  test('menu paths are app paths: a leading // (another site) or a scheme is refused', async () => {
    const admin = await ctx.signedIn('admin');
    for (const path of [
      '//evil.example/x',
      '///evil.example',
      '/a//b',
      'https://evil.example/',
      '/\\evil.example',
      'evil',
    ]) {
      const res = await ctx.post(
        '/api/v1/menus',
        { name: `Bad ${path}`, path },
        { token: admin.token },
      );
      expect(res.status, path).toBe(400);
      expect(res.body.field).toBe('path');
    }
    const created = await ctx.post(
      '/api/v1/menus',
      { name: 'Reports Ok', path: '/reports/monthly' },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    const update = await ctx.put(
      `/api/v1/menus/${created.body.data.id}`,
      { path: '//evil.example/x' },
      { token: admin.token },
    );
    expect(update.status).toBe(400);
    expect(update.body.field).toBe('path');
    expect(
      (await ctx.get(`/api/v1/menus/${created.body.data.id}`, { token: admin.token })).body.data
        .path,
    ).toBe('/reports/monthly');
  });

  test('menu parents cannot form a cycle', async () => {
    const admin = await ctx.signedIn('admin');
    const make = async (name: string, parent_id: number | null) =>
      (
        await ctx.post(
          '/api/v1/menus',
          { name, path: `/${name.toLowerCase()}`, parent_id },
          { token: admin.token },
        )
      ).body.data.id as number;
    const a = await make('CycleA', null);
    const b = await make('CycleB', a);
    const c = await make('CycleC', b);
    for (const [menu, parent] of [
      [a, c],
      [a, b],
      [b, c],
    ]) {
      const res = await ctx.put(
        `/api/v1/menus/${menu}`,
        { parent_id: parent },
        { token: admin.token },
      );
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('parent_id');
    }
    const row = await ctx.db
      .selectFrom('menus')
      .select('parent_id')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBeNull();
    // Moving a menu under an unrelated one is still fine.
    expect(
      (await ctx.put(`/api/v1/menus/${c}`, { parent_id: a }, { token: admin.token })).status,
    ).toBe(200);
  });

  test('concurrent sign-ups whose emails share the local part all succeed with distinct usernames', async () => {
    const local = `shared${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.post(
          '/api/v1/auth/register',
          { name: `Shared ${i}`, email: `${local}@d${i}.example.com`, password: 'Secret#123' },
          { headers: { 'x-forwarded-for': `10.30.${i}.1` } },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const usernames = answers.map((a) => a.body.data.user.username);
    expect(new Set(usernames).size).toBe(12);
    for (const username of usernames) expect(username.startsWith(local)).toBe(true);
  });

  test('concurrent deletes of one summary: one 200, the others 404', async () => {
    const admin = await ctx.signedIn('admin');
    for (let round = 0; round < 3; round++) {
      const created = await ctx.post(
        '/api/v1/invoice-summaries',
        summaryBody(`2040-0${round + 1}`),
        { token: admin.token },
      );
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          ctx.delete(`/api/v1/invoice-summaries/${id}`, { token: admin.token }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    }
    const logged = await ctx.db
      .selectFrom('activity')
      .select('id')
      .where('action', '=', 'summary_deleted')
      .execute();
    expect(logged).toHaveLength(3);
  });

  test('concurrent deletes of one user: one 200, the others 404', async () => {
    const admin = await ctx.signedIn('admin');
    const victim = await ctx.createUser('staff', { email: uniqueEmail('victim') });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.delete(`/api/v1/users/${victim.id}`, { token: admin.token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
  });
});
