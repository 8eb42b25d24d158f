// Concurrent edits (issue 25): every summary and user carries `version`; each write route takes
// If-Match and answers 412 with the current record (and who changed what since) when it is stale,
// writing nothing. Without If-Match the spec's behaviour stays (last write wins).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createUser,
  ENGINES,
  insertSummary,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

type Entity = 'invoice_summary' | 'user';

interface Target {
  entity: Entity;
  id: number;
  /** The write under test. */
  path: string;
  body?: unknown;
  /** Reads the record as the API shows it (null once deleted). */
  read(): Promise<any>;
  /** A change by someone else, so the caller's version goes stale. */
  interfere(): Promise<void>;
  /** The caller of the write. */
  token: string;
}

interface WriteRoute {
  method: string;
  route: string;
  deletes?: boolean;
  prepare(ctx: Ctx, admin: { token: string }, other: { token: string }): Promise<Target>;
}

let serial = 0;
const freshPeriod = () => {
  serial += 1;
  return `${2300 + Math.floor(serial / 12)}-${String((serial % 12) + 1).padStart(2, '0')}`;
};

async function readOk(ctx: Ctx, path: string, token: string) {
  const res = await call(ctx, 'GET', path, { token });
  return res.status === 200 ? res.body.data : null;
}

function summaryWrite(method: string, suffix: string, body?: unknown): WriteRoute {
  return {
    method,
    route: `/invoice-summaries${suffix}/{id}`,
    deletes: method === 'DELETE',
    async prepare(ctx, admin, other) {
      const id = await insertSummary(ctx, freshPeriod());
      return {
        entity: 'invoice_summary',
        id,
        path: `/invoice-summaries${suffix}/${id}`,
        body,
        token: admin.token,
        read: () => readOk(ctx, `/invoice-summaries/${id}`, admin.token),
        async interfere() {
          const res = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
            token: other.token,
            body: { number_of_active_customer: 77 },
          });
          expect(res.status).toBe(200);
        },
      };
    },
  };
}

function userWrite(method: string, suffix: string, body?: unknown, verified = true): WriteRoute {
  return {
    method,
    route: `/users/{id}${suffix}`,
    deletes: method === 'DELETE',
    async prepare(ctx, admin, other) {
      const user = await createUser(ctx, { role: 'staff', verified });
      return {
        entity: 'user',
        id: user.id,
        path: `/users/${user.id}${suffix}`,
        body,
        token: admin.token,
        read: () => readOk(ctx, `/users/${user.id}`, admin.token),
        async interfere() {
          const res = await call(ctx, 'PUT', `/users/${user.id}`, {
            token: other.token,
            body: { name: 'Changed Elsewhere' },
          });
          expect(res.status).toBe(200);
        },
      };
    },
  };
}

const ROUTES: WriteRoute[] = [
  summaryWrite('PUT', '', { number_of_active_customer: 5 }),
  summaryWrite('PUT', '/progress-usage', { number_of_usage_transaction: 10 }),
  summaryWrite('PUT', '/progress-verified', { number_of_verified_invoice: 10 }),
  summaryWrite('PUT', '/progress-generated', { number_of_generated_invoice: 10 }),
  summaryWrite('PUT', '/progress-delivered', { number_of_delivered_invoice: 10 }),
  summaryWrite('PUT', '/progress-tax-uploaded', { number_of_uploaded_tax_invoice: 10 }),
  summaryWrite('DELETE', ''),
  userWrite('PUT', '', { role: 'admin' }),
  userWrite('POST', '/verify', { notes: 'checked' }, false),
  userWrite('PATCH', '/invalidate'),
  userWrite('DELETE', ''),
  {
    method: 'PUT',
    route: '/account',
    async prepare(ctx, _admin, other) {
      const me = await signedIn(ctx, 'staff');
      return {
        entity: 'user',
        id: me.id,
        path: '/account',
        body: { name: 'Own New Name', email: me.email },
        token: me.token,
        read: () => readOk(ctx, '/account', me.token),
        async interfere() {
          const res = await call(ctx, 'PUT', `/users/${me.id}`, {
            token: other.token,
            body: { name: 'Renamed By Admin' },
          });
          expect(res.status).toBe(200);
        },
      };
    },
  },
];

describe.each(ENGINES)('versions and If-Match (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let other: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin');
    other = await signedIn(ctx, 'admin', { name: 'Other Admin' });
  });
  afterAll(async () => ctx.close());

  const events = async (entity: Entity, id: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('entity', '=', entity)
          .where('entity_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('a summary and a user carry version 1 when created, in lists, reads and the ETag', async () => {
    const created = await call(ctx, 'POST', '/invoice-summaries', {
      token: admin.token,
      body: {
        invoice_period: freshPeriod(),
        number_of_active_customer: 1,
        number_of_total_transaction: 10,
        url_shared_file_draft_invoice: 'https://drive.example.com/d.xlsx',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.version).toBe(1);
    expect(created.headers.get('etag')).toBe('"1"');
    const one = await call(ctx, 'GET', `/invoice-summaries/${created.body.data.id}`, {
      token: admin.token,
    });
    expect(one.body.data.version).toBe(1);
    expect(one.headers.get('etag')).toBe('"1"');
    const listed = await call(ctx, 'GET', '/invoice-summaries?limit=100', { token: admin.token });
    expect(listed.body.data.summaries.every((s: any) => Number.isInteger(s.version))).toBe(true);

    const user = await call(ctx, 'POST', '/users', {
      token: admin.token,
      body: {
        username: `ver${serial}x`,
        email: `ver${serial}x@example.com`,
        password: 'secret1',
        role: 'staff',
      },
    });
    expect(user.body.data.version).toBe(1);
    const users = await call(ctx, 'GET', '/users?limit=100', { token: admin.token });
    expect(users.body.data.users.every((u: any) => Number.isInteger(u.version))).toBe(true);
  });

  describe.each(ROUTES)('$method $route', (route) => {
    test('a stale If-Match answers 412 with the current record and what changed since; nothing is written', async () => {
      const target = await route.prepare(ctx, admin, other);
      const loaded = await target.read();
      await target.interfere();
      const before = await target.read();
      const eventsBefore = await events(target.entity, target.id);
      const res = await call(ctx, route.method, target.path, {
        token: target.token,
        body: target.body,
        headers: { 'if-match': `"${loaded.version}"` },
      });
      expect(res.status, res.text).toBe(412);
      expect(res.body.success).toBe(false);
      expect(res.body.data).toEqual(before);
      expect(res.headers.get('etag')).toBe(`"${before.version}"`);
      expect(res.body.conflict.your_version).toBe(loaded.version);
      expect(res.body.conflict.current_version).toBe(before.version);
      expect(res.body.conflict.changes).toHaveLength(1);
      expect(res.body.conflict.changes[0]).toMatchObject({
        actor_id: other.id,
        actor_name: 'Other Admin',
        entity_version: before.version,
      });
      expect(res.body.conflict.changes[0].changes.length).toBeGreaterThan(0);
      expect(await target.read()).toEqual(before);
      expect(await events(target.entity, target.id)).toBe(eventsBefore);
    });

    test('the current If-Match writes and raises the version by one', async () => {
      const target = await route.prepare(ctx, admin, other);
      const before = await target.read();
      const res = await call(ctx, route.method, target.path, {
        token: target.token,
        body: target.body,
        headers: { 'if-match': `"${before.version}"` },
      });
      expect(res.status, res.text).toBeLessThan(300);
      const after = await target.read();
      if (route.deletes) expect(after).toBeNull();
      else {
        expect(after.version).toBe(before.version + 1);
        expect(res.body.data.version).toBe(after.version);
        expect(res.headers.get('etag')).toBe(`"${after.version}"`);
      }
    });

    test('without If-Match the write goes through (last write wins), still raising the version', async () => {
      const target = await route.prepare(ctx, admin, other);
      await target.interfere();
      const before = await target.read();
      const res = await call(ctx, route.method, target.path, {
        token: target.token,
        body: target.body,
      });
      expect(res.status, res.text).toBeLessThan(300);
      const after = await target.read();
      if (route.deletes) expect(after).toBeNull();
      else expect(after.version).toBe(before.version + 1);
    });

    test('a weak tag of the current version answers 412 (compared strongly); nothing is written', async () => {
      const target = await route.prepare(ctx, admin, other);
      const before = await target.read();
      const eventsBefore = await events(target.entity, target.id);
      const res = await call(ctx, route.method, target.path, {
        token: target.token,
        body: target.body,
        headers: { 'if-match': `W/"${before.version}"` },
      });
      expect(res.status, res.text).toBe(412);
      expect(res.body.data).toEqual(before);
      expect(res.headers.get('etag')).toBe(`"${before.version}"`);
      expect(await target.read()).toEqual(before);
      expect(await events(target.entity, target.id)).toBe(eventsBefore);
    });

    test.each(['version three', '3', '"3', 'W/3', '"3" "4"', '"abc"', '*, "3"'])(
      'a malformed If-Match (%s) is refused with 400 naming the header; nothing is written',
      async (header) => {
        const target = await route.prepare(ctx, admin, other);
        const before = await target.read();
        const eventsBefore = await events(target.entity, target.id);
        const res = await call(ctx, route.method, target.path, {
          token: target.token,
          body: target.body,
          headers: { 'if-match': header },
        });
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('if-match');
        expect(res.body.message).toMatch(/If-Match/);
        expect(await target.read()).toEqual(before);
        expect(await events(target.entity, target.id)).toBe(eventsBefore);
      },
    );
  });

  test('If-Match with several tags writes when one strong tag is the current version', async () => {
    const id = await insertSummary(ctx, freshPeriod());
    const res = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: admin.token,
      body: { number_of_active_customer: 8 },
      headers: { 'if-match': 'W/"1", "7", "1"' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.version).toBe(2);
  });

  test('If-Match: * matches any version of an existing record', async () => {
    const id = await insertSummary(ctx, freshPeriod());
    const res = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: admin.token,
      body: { number_of_active_customer: 9 },
      headers: { 'if-match': '*' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(2);
  });

  test('two writers with the same version: the first wins, the second gets 412 and keeps nothing of its own', async () => {
    const id = await insertSummary(ctx, freshPeriod());
    const first = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: admin.token,
      body: { number_of_active_customer: 11 },
      headers: { 'if-match': '"1"' },
    });
    const second = await call(ctx, 'PUT', `/invoice-summaries/${id}`, {
      token: other.token,
      body: { number_of_active_customer: 22 },
      headers: { 'if-match': '"1"' },
    });
    expect([first.status, second.status]).toEqual([200, 412]);
    expect(second.body.data.number_of_active_customer).toBe(11);
    expect(second.body.conflict.changes[0].changes).toEqual([
      { field: 'number_of_active_customer', from: 120, to: 11 },
    ]);
  });
});
