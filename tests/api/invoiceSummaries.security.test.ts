import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MENU_DASHBOARD, MENU_UPDATE_BILL } from '../../src/domain/users/menu';
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

describe.each(ENGINES)('invoice summaries, security (%s)', (engine) => {
  let ctx: Ctx;
  let staff: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff');
    admin = await signedIn(ctx, 'admin');
  });
  afterAll(async () => ctx.close());

  test('who created and updated a summary comes from the token, never from the body', async () => {
    const res = await call(ctx, 'POST', '/invoice-summaries', {
      token: staff.token,
      body: {
        ...summaryBody('2025-01'),
        id: 999,
        created_by: admin.id,
        updated_by: admin.id,
        created_at: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ created_by: staff.id, updated_by: staff.id });
    expect(res.body.data.id).not.toBe(999);
    expect(res.body.data.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    const put = await call(ctx, 'PUT', `/invoice-summaries/${res.body.data.id}`, {
      token: admin.token,
      body: { created_by: staff.id, number_of_active_customer: 9 },
    });
    expect(put.body.data).toMatchObject({
      created_by: staff.id,
      updated_by: admin.id,
      number_of_active_customer: 9,
    });
  });

  test('sort and search parameters cannot inject SQL', async () => {
    await insertSummary(ctx, '2025-02');
    for (const query of [
      "search=' or 1=1 --",
      'search=%25',
      "search=2025-02'); delete from invoice_summaries; --",
      'sort_by=(select password_hash from users)',
      'sort_order=desc; drop table users',
    ]) {
      const res = await call(
        ctx,
        'GET',
        `/invoice-summaries?${query.replace(/ /g, '%20').replace(/;/g, '%3B')}`,
        { token: staff.token },
      );
      expect([200, 400], query).toContain(res.status);
      if (res.status === 200) expect(res.body.data.summaries, query).toEqual([]);
    }
    expect(await countRows(ctx, 'invoice_summaries')).toBeGreaterThan(0);
    expect(await countRows(ctx, 'users')).toBeGreaterThan(0);
  });

  test('document links that could run script or leak credentials are never stored', async () => {
    const id = await insertSummary(ctx, '2025-03');
    const bad = [
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      'https://admin:secret@evil.example/',
      'https://example.com/\u0000x',
      'https://exa mple.com',
    ];
    for (const url of bad) {
      const res = await call(ctx, 'PUT', `/invoice-summaries/progress-verified/${id}`, {
        token: staff.token,
        body: { number_of_verified_invoice: 1, url_shared_file_verified_invoice: url },
      });
      expect(res.status, url).toBe(400);
    }
    const row = await ctx.db
      .selectFrom('invoice_summaries')
      .select(['url_shared_file_verified_invoice', 'number_of_verified_invoice'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      url_shared_file_verified_invoice: 'https://drive.example.com/verified.xlsx',
      number_of_verified_invoice: 800,
    });
  });

  test('a role that loses a menu loses the calls at once, without signing in again', async () => {
    const id = await insertSummary(ctx, '2025-04');
    const menuId = async (name: string) =>
      (
        await ctx.db
          .selectFrom('menus')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    const update = await menuId(MENU_UPDATE_BILL);
    await ctx.db
      .deleteFrom('role_menus')
      .where('role', '=', 'staff')
      .where('menu_id', '=', update)
      .execute();
    try {
      expect(
        (
          await call(ctx, 'PUT', `/invoice-summaries/progress-usage/${id}`, {
            token: staff.token,
            body: { number_of_usage_transaction: 1 },
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(ctx, 'DELETE', `/invoice-summaries/${id}`, { token: staff.token })).status,
      ).toBe(403);
      expect(
        (await call(ctx, 'GET', `/invoice-summaries/${id}`, { token: staff.token })).status,
      ).toBe(200);
    } finally {
      await ctx.db.insertInto('role_menus').values({ role: 'staff', menu_id: update }).execute();
    }
    // A menu switched off (active false) grants nothing either.
    await ctx.db
      .updateTable('menus')
      .set({ active: 0 })
      .where('id', '=', await menuId(MENU_DASHBOARD))
      .execute();
    try {
      expect((await call(ctx, 'GET', '/invoice-summaries', { token: admin.token })).status).toBe(
        403,
      );
    } finally {
      await ctx.db
        .updateTable('menus')
        .set({ active: 1 })
        .where('name', '=', MENU_DASHBOARD)
        .execute();
    }
    expect(await countRows(ctx, 'invoice_summaries')).toBeGreaterThan(0);
  });

  test('errors never reveal internals', async () => {
    const answers = [
      await call(ctx, 'POST', '/invoice-summaries', {
        token: staff.token,
        raw: '{"invoice_period": "2025-05", ',
      }),
      await call(ctx, 'POST', '/invoice-summaries', {
        token: staff.token,
        body: summaryBody('2025-02'),
      }),
      await call(ctx, 'GET', '/invoice-summaries/99999999999999', { token: staff.token }),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(/SQLITE|constraint|at \S+:\d+|node_modules|select |insert /i);
    }
  });
});
