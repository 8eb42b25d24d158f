// The audit trail (issue 25): one event per successful write, none per refused one, written in
// the write's own transaction (proved by making the real database refuse the event after the
// write, and the write after the event), never carrying a password, hash or token, append-only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createUser,
  dataUrl,
  ENGINES,
  insertSummary,
  PNG_1PX,
  setup,
  signedIn,
  summaryBody,
  type Ctx,
} from './business.support';

let serial = 0;
const freshPeriod = () => {
  serial += 1;
  return `${2400 + Math.floor(serial / 12)}-${String((serial % 12) + 1).padStart(2, '0')}`;
};

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

  test('accounts and secrets: create, sign-up, profile, password, picture, reset, failed sign-in; never a value of a secret', async () => {
    const secret = 'Very-Secret-Pw-9';
    const steps: {
      name: string;
      status: number;
      action: string;
      run: () => Promise<{ status: number; headers: Headers }>;
    }[] = [];
    const email = `audit${serial}@example.com`;
    steps.push({
      name: 'POST /users',
      status: 201,
      action: 'create',
      run: () =>
        call(ctx, 'POST', '/users', {
          token: admin.token,
          body: { username: `audit${serial}u`, email, password: secret, role: 'staff' },
        }),
    });
    steps.push({
      name: 'register (anonymous)',
      status: 201,
      action: 'create',
      run: () =>
        call(ctx, 'POST', '/auth/register', {
          body: { name: 'Self Signed', email: `self${serial}@example.com`, password: secret },
        }),
    });
    steps.push({
      name: 'register by an admin',
      status: 201,
      action: 'create',
      run: () =>
        call(ctx, 'POST', '/auth/register', {
          token: admin.token,
          body: {
            name: 'Added',
            email: `added${serial}@example.com`,
            password: secret,
            role: 'staff',
          },
        }),
    });
    const me = await signedIn(ctx, 'staff', { password: secret });
    steps.push({
      name: 'PUT /account',
      status: 200,
      action: 'update',
      run: () =>
        call(ctx, 'PUT', '/account', {
          token: me.token,
          body: { name: 'New Me', email: me.email },
        }),
    });
    steps.push({
      name: 'PUT /account/password',
      status: 200,
      action: 'password_change',
      run: () =>
        call(ctx, 'PUT', '/account/password', {
          token: me.token,
          body: {
            current_password: secret,
            new_password: `${secret}-2`,
            confirm_password: `${secret}-2`,
          },
        }),
    });
    steps.push({
      name: 'POST /account/profile-image',
      status: 200,
      action: 'profile_image',
      run: () =>
        call(ctx, 'POST', '/account/profile-image', {
          token: me.token,
          body: { image_data: dataUrl('image/png', PNG_1PX) },
        }),
    });
    steps.push({
      name: 'failed sign-in',
      status: 401,
      action: 'sign_in_failed',
      run: () =>
        call(ctx, 'POST', '/auth/login', { body: { email: me.email, password: 'wrong-password' } }),
    });
    steps.push({
      name: 'reset with the mailed link',
      status: 200,
      action: 'password_reset',
      run: async () => {
        await call(ctx, 'POST', '/auth/forgot-password', { body: { email: me.email } });
        const token = /token=([^\s&]+)/.exec(ctx.mails.at(-1)!.text)![1];
        return call(ctx, 'POST', '/auth/reset-password', {
          body: {
            token: decodeURIComponent(token),
            password: `${secret}-3`,
            confirm_password: `${secret}-3`,
          },
        });
      },
    });
    for (const step of steps) {
      const { res, added } = await eventsOf(step.run);
      expect(res.status, step.name).toBe(step.status);
      expect(
        added.map((e) => e.action),
        step.name,
      ).toEqual([step.action]);
    }
    const failed = (await allEvents()).find((e) => e.action === 'sign_in_failed')!;
    expect(failed).toMatchObject({ entity: 'user', entity_id: me.id, actor_id: null });
    const everything = JSON.stringify(await allEvents());
    expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/\$argon2|\$scrypt|iVBORw0KGgo/);
    const fields = new Set(
      (await allEvents()).flatMap((e) => JSON.parse(e.changes).map((c: any) => c.field)),
    );
    expect([...fields].filter((f) => /password|hash|token|image/.test(f))).toEqual([]);
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

/**
 * The fault tests install real database objects: a trigger that refuses new events (the event
 * fails after the write), and a check that fails only at COMMIT, after the event was written
 * (the write fails after the event). Each gets an app of its own.
 */
describe.each(ENGINES)('audit events are atomic with their write (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin');
  });
  afterAll(async () => ctx.close());

  async function refuseEvents() {
    if (engine === 'postgres') {
      await sql`create function refuse_event() returns trigger language plpgsql as $$
        begin raise exception 'event refused by test'; end $$`.execute(ctx.db);
      await sql`create trigger refuse_events before insert on audit_events
        for each row execute function refuse_event()`.execute(ctx.db);
    } else {
      await sql`create trigger refuse_events before insert on audit_events
        begin select raise(abort, 'event refused by test'); end`.execute(ctx.db);
    }
    return async () => {
      await sql`drop trigger refuse_events${engine === 'postgres' ? sql` on audit_events` : sql``}`.execute(
        ctx.db,
      );
    };
  }

  /** Every write of a summary or user fails at COMMIT, after its event was inserted. */
  async function failWritesAtCommit() {
    if (engine === 'postgres') {
      await sql`create function fail_at_commit() returns trigger language plpgsql as $$
        begin raise exception 'write refused at commit by test'; end $$`.execute(ctx.db);
      for (const table of ['invoice_summaries', 'users'])
        await sql`create constraint trigger ${sql.raw(`${table}_fail_at_commit`)}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred for each row execute function fail_at_commit()`.execute(
          ctx.db,
        );
      return async () => {
        for (const table of ['invoice_summaries', 'users'])
          await sql`drop trigger ${sql.raw(`${table}_fail_at_commit`)} on ${sql.table(table)}`.execute(
            ctx.db,
          );
        await sql`drop function fail_at_commit()`.execute(ctx.db);
      };
    }
    // SQLite checks a deferred foreign key at COMMIT: each write adds a row pointing nowhere.
    await sql`create table commit_guard_parent (id integer primary key)`.execute(ctx.db);
    await sql`create table commit_guard (parent integer references commit_guard_parent(id) deferrable initially deferred)`.execute(
      ctx.db,
    );
    for (const [table, when] of [
      ['invoice_summaries', 'update'],
      ['invoice_summaries', 'delete'],
      ['users', 'update'],
    ])
      await sql`create trigger ${sql.raw(`${table}_${when}_fail_at_commit`)} after ${sql.raw(when)} on ${sql.table(table)}
        begin insert into commit_guard (parent) values (-1); end`.execute(ctx.db);
    return async () => {
      for (const [table, when] of [
        ['invoice_summaries', 'update'],
        ['invoice_summaries', 'delete'],
        ['users', 'update'],
      ])
        await sql`drop trigger ${sql.raw(`${table}_${when}_fail_at_commit`)}`.execute(ctx.db);
      await sql`drop table commit_guard`.execute(ctx.db);
      await sql`drop table commit_guard_parent`.execute(ctx.db);
    };
  }

  const state = async (summaryId: number, userId: number) => ({
    summary: await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', summaryId)
      .executeTakeFirst(),
    user: await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    events: await ctx.db.selectFrom('audit_events').selectAll().execute(),
    activity: await ctx.db.selectFrom('activity').selectAll().execute(),
  });

  const writes = (summaryId: number, userId: number) => [
    () =>
      call(ctx, 'PUT', `/invoice-summaries/${summaryId}`, {
        token: admin.token,
        body: { number_of_active_customer: 42 },
      }),
    () =>
      call(ctx, 'PUT', `/invoice-summaries/progress-delivered/${summaryId}`, {
        token: admin.token,
        body: { number_of_delivered_invoice: 5 },
      }),
    () => call(ctx, 'DELETE', `/invoice-summaries/${summaryId}`, { token: admin.token }),
    () => call(ctx, 'PUT', `/users/${userId}`, { token: admin.token, body: { role: 'admin' } }),
    () => call(ctx, 'PATCH', `/users/${userId}/invalidate`, { token: admin.token }),
  ];

  test.each([
    ['the event fails after the write', refuseEvents],
    ['the write fails (at commit) after the event', failWritesAtCommit],
  ])('when %s, neither the change nor its event remains', async (_name, install) => {
    const summaryId = await insertSummary(ctx, freshPeriod());
    const user = await createUser(ctx);
    const before = await state(summaryId, user.id);
    const remove = await install();
    try {
      for (const write of writes(summaryId, user.id)) {
        const res = await write();
        expect(res.status, res.text).toBe(500);
        expect(res.body.message).toBe('Something went wrong on our end. Please try again later.');
      }
      expect(await state(summaryId, user.id)).toEqual(before);
    } finally {
      await remove();
    }
    // Without the fault the same writes succeed, each with its event.
    for (const write of writes(summaryId, user.id)) expect((await write()).status).toBe(200);
    const after = await state(summaryId, user.id);
    expect(after.events.length - before.events.length).toBe(5);
  });
});
