// The audit trail (issue 25): one event per successful write, none per refused one, never
// carrying a password, hash or token, append-only. Atomicity with the write: audit.atomicity.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createUser,
  ENGINES,
  insertSummary,
  setup,
  signedIn,
  summaryBody,
  type Ctx,
  periodsFrom,
} from './business.support';

const freshPeriod = periodsFrom(2400);

describe.each(ENGINES)('audit events (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin', { name: 'Audit Admin' });
  });
  afterAll(async () => ctx.close());

  const allEvents = () => ctx.db.selectFrom('audit_events').selectAll().orderBy('id').execute();
  const lastEvent = async () => (await allEvents()).at(-1)!;
  const eventCount = async () => (await allEvents()).length;

  /** Runs a write and returns the events it added. */
  async function eventsOf<R>(write: () => Promise<R>) {
    const before = await eventCount();
    const res = await write();
    const added = (await allEvents()).slice(before);
    return { res, added };
  }

  test('a summary update records who, when, the request id and only the changed fields old → new', async () => {
    const id = await insertSummary(ctx, freshPeriod());
    const { res, added } = await eventsOf(() =>
      call(ctx, 'PUT', `/invoice-summaries/${id}`, {
        token: admin.token,
        headers: { 'x-request-id': 'req-audit-1' },
        body: { number_of_delivered_invoice: 950, amount_of_local_voice_transaction: 50_000_000 },
      }),
    );
    expect(res.status).toBe(200);
    expect(added).toHaveLength(1);
    const event = added[0];
    expect(event).toMatchObject({
      actor_id: admin.id,
      actor_name: 'Audit Admin',
      request_id: 'req-audit-1',
      entity: 'invoice_summary',
      entity_id: id,
      entity_version: 2,
      action: 'update',
    });
    expect(JSON.parse(event.changes)).toEqual([
      { field: 'number_of_delivered_invoice', from: 400, to: 950 },
    ]);
    expect(Math.abs(Date.parse(event.created_at) - Date.now())).toBeLessThan(60_000);
  });

  test.each([
    ['progress-usage', 'number_of_usage_transaction', 'url_shared_file_draft_invoice'],
    ['progress-verified', 'number_of_verified_invoice', 'url_shared_file_verified_invoice'],
    ['progress-generated', 'number_of_generated_invoice', 'url_shared_folder_invoice'],
    ['progress-delivered', 'number_of_delivered_invoice', null],
    ['progress-tax-uploaded', 'number_of_uploaded_tax_invoice', 'url_shared_folder_tax_invoice'],
  ])(
    'PUT %s records one progress event with the count and the document changed',
    async (path, count, url) => {
      const id = await insertSummary(ctx, freshPeriod());
      const body: Record<string, unknown> = { [count]: 3 };
      if (url) body[url] = 'https://drive.example.com/new/';
      const { res, added } = await eventsOf(() =>
        call(ctx, 'PUT', `/invoice-summaries/${path}/${id}`, { token: admin.token, body }),
      );
      expect(res.status).toBe(200);
      expect(added).toHaveLength(1);
      expect(added[0].action).toBe('progress');
      const changes = JSON.parse(added[0].changes);
      expect(changes[0]).toMatchObject({ field: count, to: 3 });
      expect(changes.map((c: any) => c.field)).toEqual(url ? [count, url] : [count]);
    },
  );

  test('create and delete of a summary record every filled field, to and from nothing', async () => {
    const period = freshPeriod();
    const created = await eventsOf(() =>
      call(ctx, 'POST', '/invoice-summaries', { token: admin.token, body: summaryBody(period) }),
    );
    expect(created.added).toHaveLength(1);
    expect(created.added[0]).toMatchObject({
      action: 'create',
      entity_label: period,
      entity_version: 1,
    });
    const fields = JSON.parse(created.added[0].changes);
    expect(fields).toContainEqual({ field: 'invoice_period', from: null, to: period });
    expect(fields).toHaveLength(23);
    const id = created.added[0].entity_id!;
    const deleted = await eventsOf(() =>
      call(ctx, 'DELETE', `/invoice-summaries/${id}`, { token: admin.token }),
    );
    expect(deleted.added).toHaveLength(1);
    expect(deleted.added[0]).toMatchObject({
      action: 'delete',
      entity_id: id,
      entity_version: null,
    });
    expect(JSON.parse(deleted.added[0].changes)).toContainEqual({
      field: 'number_of_total_transaction',
      from: 1000,
      to: null,
    });
  });

  test('user writes name their action: role, verify, invalidate, update, delete', async () => {
    const user = await createUser(ctx, { role: 'staff', verified: false });
    const steps: [string, string, unknown, string, unknown][] = [
      [
        'POST',
        '/verify',
        { notes: 'ok' },
        'verify',
        [{ field: 'is_verified', from: false, to: true }],
      ],
      ['PUT', '', { role: 'admin' }, 'role', [{ field: 'role', from: 'staff', to: 'admin' }]],
      [
        'PUT',
        '',
        { name: 'Renamed' },
        'update',
        [{ field: 'name', from: expect.any(String), to: 'Renamed' }],
      ],
      [
        'PATCH',
        '/invalidate',
        undefined,
        'invalidate',
        [{ field: 'is_verified', from: true, to: false }],
      ],
      [
        'PUT',
        '',
        { is_verified: true },
        'verify',
        [{ field: 'is_verified', from: false, to: true }],
      ],
      [
        'DELETE',
        '',
        undefined,
        'delete',
        expect.arrayContaining([{ field: 'role', from: 'admin', to: null }]),
      ],
    ];
    for (const [method, suffix, body, action, changes] of steps) {
      const { res, added } = await eventsOf(() =>
        call(ctx, method, `/users/${user.id}${suffix}`, { token: admin.token, body }),
      );
      expect(res.status, `${method} ${suffix}`).toBe(200);
      expect(added.map((e) => e.action)).toEqual([action]);
      expect(JSON.parse(added[0].changes)).toEqual(changes);
    }
  });

  test.each([
    [
      'a bad value (400)',
      'PUT',
      (id: number) => `/invoice-summaries/${id}`,
      { number_of_delivered_invoice: -1 },
    ],
    [
      'over the total (400)',
      'PUT',
      (id: number) => `/invoice-summaries/progress-usage/${id}`,
      { number_of_usage_transaction: 10_000 },
    ],
    [
      'an unknown id (404)',
      'PUT',
      () => '/invoice-summaries/999999',
      { number_of_active_customer: 3 },
    ],
    [
      'a stale version (412)',
      'PUT',
      (id: number) => `/invoice-summaries/${id}`,
      { number_of_active_customer: 3 },
    ],
    ['a taken period (409)', 'POST', () => '/invoice-summaries', null],
    ['the last admin (409)', 'PATCH', () => '/users/LAST/invalidate', undefined],
    ['a taken email (409)', 'PUT', () => '/users/OTHER', null],
  ])('a write refused for %s leaves no event', async (name, method, path, body) => {
    const id = await insertSummary(ctx, freshPeriod());
    let url = path(id);
    let payload: unknown = body;
    const headers: Record<string, string> = {};
    if (name.includes('412')) headers['if-match'] = '"7"';
    if (name.includes('period')) payload = summaryBody(freshPeriod());
    if (name.includes('period'))
      await call(ctx, 'POST', '/invoice-summaries', { token: admin.token, body: payload });
    if (url.includes('LAST')) {
      const solo = await setup(engine);
      try {
        const only = await signedIn(solo, 'admin');
        const before = await solo.db.selectFrom('audit_events').selectAll().execute();
        const res = await call(solo, method, `/users/${only.id}/invalidate`, { token: only.token });
        expect(res.status).toBe(409);
        expect(await solo.db.selectFrom('audit_events').selectAll().execute()).toEqual(before);
      } finally {
        await solo.close();
      }
      return;
    }
    if (url.includes('OTHER')) {
      const a = await createUser(ctx);
      const b = await createUser(ctx);
      url = `/users/${a.id}`;
      payload = { email: b.email };
    }
    const { res, added } = await eventsOf(() =>
      call(ctx, method, url, { token: admin.token, body: payload, headers }),
    );
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(added).toEqual([]);
  });

  test('events are append-only: the database refuses to change one', async () => {
    await insertSummary(ctx, freshPeriod());
    const id = await insertSummary(ctx, freshPeriod());
    await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: admin.token,
      body: { number_of_active_customer: 1 },
    });
    const event = await lastEvent();
    await expect(
      ctx.db
        .updateTable('audit_events')
        .set({ action: 'update', actor_name: 'Someone Else' })
        .where('id', '=', event.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    expect(await lastEvent()).toEqual(event);
  });
});
