// Reading the audit trail (issue 25) and the account activity that shares its rendering (issue
// 26 point 1): filters, pages, who may read what, retention, and activity entries that name only
// the fields that changed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MENU_USER_MANAGEMENT } from '../../src/domain/users/menu';
import { pruneAuditEvents } from '../../src/server/audit/retention';
import {
  call,
  createUser,
  ENGINES,
  insertSummary,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

describe.each(ENGINES)('reading the audit trail (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let staff: Awaited<ReturnType<typeof signedIn>>;
  let summaryA: number;
  let summaryB: number;
  let user: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin', { name: 'Reader Admin' });
    staff = await signedIn(ctx, 'staff', { name: 'Reader Staff' });
    summaryA = await insertSummary(ctx, '2031-01');
    summaryB = await insertSummary(ctx, '2031-02');
    user = await createUser(ctx, { role: 'staff' });
    const put = (id: number, token: string, body: unknown) =>
      call(ctx, 'PUT', `/invoice-summaries/${id}`, { token, body });
    for (const n of [1, 2, 3]) await put(summaryA, admin.token, { number_of_active_customer: n });
    await put(summaryB, staff.token, { number_of_active_customer: 9 });
    await call(ctx, 'PUT', `/users/${user.id}`, { token: admin.token, body: { role: 'admin' } });
  });
  afterAll(async () => ctx.close());

  test('an administrator lists every event, newest first, filtered by entity, id, actor and action', async () => {
    const all = await call(ctx, 'GET', '/audit-events', { token: admin.token });
    expect(all.status).toBe(200);
    const events = all.body.data.events;
    expect(events.map((e: any) => e.id)).toEqual(
      [...events.map((e: any) => e.id)].sort((a, b) => b - a),
    );
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 10, total: 5, total_pages: 1 });

    const ofA = await call(
      ctx,
      'GET',
      `/audit-events?entity=invoice_summary&entity_id=${summaryA}`,
      {
        token: admin.token,
      },
    );
    expect(ofA.body.data.events.map((e: any) => e.changes[0].to)).toEqual([3, 2, 1]);
    expect(ofA.body.data.events[0]).toMatchObject({
      actor_id: admin.id,
      actor_name: 'Reader Admin',
      entity: 'invoice_summary',
      entity_label: '2031-01',
      entity_version: 4,
      action: 'update',
      changes: [{ field: 'number_of_active_customer', from: 2, to: 3 }],
    });

    const byStaff = await call(ctx, 'GET', `/audit-events?actor=${staff.id}`, {
      token: admin.token,
    });
    expect(byStaff.body.data.events.map((e: any) => e.entity_id)).toEqual([summaryB]);
    const roles = await call(ctx, 'GET', '/audit-events?entity=user&action=role', {
      token: admin.token,
    });
    expect(roles.body.data.events).toHaveLength(1);
    expect(roles.body.data.events[0].changes).toEqual([
      { field: 'role', from: 'staff', to: 'admin' },
    ]);
  });

  test('pages and time ranges: from is inclusive, a bare to-date includes its whole day', async () => {
    const page2 = await call(ctx, 'GET', '/audit-events?limit=2&page=2', { token: admin.token });
    expect(page2.body.data.events).toHaveLength(2);
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 2, total: 5, total_pages: 3 });
    const today = new Date().toISOString().slice(0, 10);
    const inDay = await call(ctx, 'GET', `/audit-events?from=${today}&to=${today}`, {
      token: admin.token,
    });
    expect(inDay.body.data.pagination.total).toBe(5);
    const future = await call(ctx, 'GET', '/audit-events?from=2999-01-01', { token: admin.token });
    expect(future.body.data.events).toEqual([]);
    const past = await call(ctx, 'GET', '/audit-events?to=2000-01-01T00:00:00Z', {
      token: admin.token,
    });
    expect(past.body.data.pagination.total).toBe(0);
  });

  test.each([
    ['entity=invoice', 'entity'],
    ['entity_id=abc', 'entity_id'],
    ['actor=-3', 'actor'],
    ['action=edit', 'action'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['limit=0', 'limit'],
  ])('a bad parameter (%s) is refused with 400 naming it', async (query, field) => {
    const res = await call(ctx, 'GET', `/audit-events?${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  test('staff read the events of invoice summaries, never those of users', async () => {
    const summaries = await call(ctx, 'GET', '/audit-events?entity=invoice_summary', {
      token: staff.token,
    });
    expect(summaries.status).toBe(200);
    expect(summaries.body.data.events).toHaveLength(4);
    for (const query of ['', '?entity=user', `?actor=${admin.id}`]) {
      const res = await call(ctx, 'GET', `/audit-events${query}`, { token: staff.token });
      expect(res.status, query).toBe(403);
    }
    const history = await call(ctx, 'GET', `/invoice-summaries/${summaryA}/audit-events`, {
      token: staff.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.data.events.map((e: any) => e.entity_version)).toEqual([4, 3, 2]);
    const userHistory = await call(ctx, 'GET', `/users/${user.id}/audit-events`, {
      token: staff.token,
    });
    expect(userHistory.status).toBe(403);
  });

  test("staff holding Manajemen User manage users but still cannot read a user's history", async () => {
    const menu = await ctx.db
      .selectFrom('menus')
      .select('id')
      .where('name', '=', MENU_USER_MANAGEMENT)
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('role_menus').values({ role: 'staff', menu_id: menu.id }).execute();
    try {
      expect((await call(ctx, 'GET', '/users', { token: staff.token })).status).toBe(200);
      const res = await call(ctx, 'GET', `/users/${user.id}/audit-events`, { token: staff.token });
      expect(res.status).toBe(403);
      const admins = await call(ctx, 'GET', `/users/${user.id}/audit-events`, {
        token: admin.token,
      });
      expect(admins.status).toBe(200);
      expect(admins.body.data.events.map((e: any) => e.action)).toEqual(['role']);
    } finally {
      await ctx.db
        .deleteFrom('role_menus')
        .where('role', '=', 'staff')
        .where('menu_id', '=', menu.id)
        .execute();
    }
  });

  test('retention deletes the events older than the days kept, in batches, and nothing newer', async () => {
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString();
    await ctx.db
      .insertInto('audit_events')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          created_at: old,
          actor_id: null,
          actor_name: 'system',
          request_id: null,
          entity: 'user' as const,
          entity_id: 999_000 + i,
          entity_version: 1,
          action: 'create',
        })),
      )
      .execute();
    const before = await ctx.count('audit_events');
    expect(await pruneAuditEvents(ctx.db, 30, new Date(), 10)).toBe(25);
    expect(await ctx.count('audit_events')).toBe(before - 25);
    expect(await pruneAuditEvents(ctx.db, 30, new Date(), 10)).toBe(0);
    // Everything made today stays under a one-day retention.
    expect(await pruneAuditEvents(ctx.db, 1)).toBe(0);
    expect(await ctx.count('audit_events')).toBe(before - 25);
  });
});

describe.each(ENGINES)('account activity names only what changed (%s)', (engine) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setup(engine);
  });
  afterAll(async () => ctx.close());

  test('editing three fields of a summary logs those three, with the form labels and old → new values', async () => {
    const me = await signedIn(ctx, 'staff');
    const id = await insertSummary(ctx, '2026-11', { number_of_delivered_invoice: 400 });
    const res = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: me.token,
      body: {
        number_of_delivered_invoice: 950,
        amount_of_local_voice_transaction: 12_000,
        url_shared_folder_tax_invoice: 'https://drive.example.com/tax-2026-11/',
        number_of_active_customer: 120,
      },
    });
    expect(res.status).toBe(200);
    const activity = await call(ctx, 'GET', '/account/activity', { token: me.token });
    const entry = activity.body.data.activities[0];
    expect(entry).toMatchObject({
      action: 'summary_updated',
      entity: 'invoice_summary',
      entity_id: id,
      entity_label: '2026-11',
      changes: [
        { field: 'amount_of_local_voice_transaction', from: 50_000_000, to: 12_000 },
        { field: 'number_of_delivered_invoice', from: 400, to: 950 },
        {
          field: 'url_shared_folder_tax_invoice',
          from: 'https://drive.example.com/tax/',
          to: 'https://drive.example.com/tax-2026-11/',
        },
      ],
    });
    expect(entry.description).toBe(
      'Invoice summary November 2026: Nilai Lokal Rp 50.000.000 → Rp 12.000; Pengiriman Tagihan 400 → 950; URL Faktur Pajak https://drive.example.com/tax/ → https://drive.example.com/tax-2026-11/',
    );
    expect(entry.description).not.toMatch(/number_of|amount_of|url_shared/);
  });

  test("an administrator's change of a user names the changed fields in words", async () => {
    const boss = await signedIn(ctx, 'admin');
    const target = await createUser(ctx, { role: 'staff' });
    await call(ctx, 'PUT', `/users/${target.id}`, {
      token: boss.token,
      body: { role: 'admin', name: 'Dewi Lestari' },
    });
    const activity = await call(ctx, 'GET', '/account/activity', { token: boss.token });
    expect(activity.body.data.activities[0].description).toMatch(
      new RegExp(
        `^User ${target.email}: Name “.+” → “Dewi Lestari”; Role Staff → Admin; sessions ended$`,
      ),
    );
  });

  test('a sign-in has no record and no changes', async () => {
    const me = await signedIn(ctx, 'staff');
    const activity = await call(ctx, 'GET', '/account/activity', { token: me.token });
    expect(activity.body.data.activities[0]).toMatchObject({
      action: 'login',
      entity: null,
      entity_id: null,
      entity_label: null,
      changes: [],
    });
  });
});
