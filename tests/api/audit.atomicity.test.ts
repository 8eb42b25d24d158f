// The audit event is written in the write's own transaction (issue 25): the real database is
// made to refuse the event after the write, then the write after the event, and neither the
// change nor its event remains; without the fault the same writes succeed with their events.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createUser,
  ENGINES,
  insertSummary,
  setup,
  signedIn,
  type Ctx,
  periodsFrom,
} from './business.support';

const freshPeriod = periodsFrom(2500);

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
