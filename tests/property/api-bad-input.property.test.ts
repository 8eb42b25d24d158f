// Random JSON, wrong types, 100 kB strings and unknown fields at every write route of the business
// API: never a 5xx, never a stack trace, and a refused request changes no stored row.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createUser,
  dataUrl,
  ENGINES,
  insertSummary,
  PNG_1PX,
  setup,
  signIn,
  signedIn,
  summaryBody,
  type Ctx,
} from '../api/business.support';

const NUM_RUNS = 30;

const huge = fc.integer({ min: 90_000, max: 110_000 }).map((n) => 'x'.repeat(n));
const oddValue = fc.oneof(
  fc.jsonValue(),
  huge,
  fc.constantFrom(
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '1e3',
    'NaN',
    'null',
    true,
    false,
    null,
    [],
    {},
    '__proto__',
    'a\u0000b',
    'https://example.com/\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string(),
);

/** Near-valid bodies (a valid one with some fields replaced), arbitrary objects and non-objects. */
function bodies(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  const nearValid = fc
    .record({
      replace: fc.subarray(keys, { minLength: 1 }),
      value: fc.array(oddValue, { minLength: keys.length, maxLength: keys.length }),
      extra: fc.dictionary(fc.string({ maxLength: 20 }), oddValue, { maxKeys: 3 }),
    })
    .map(({ replace, value, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid };
      replace.forEach((key, i) => {
        body[key] = value[i];
      });
      return body;
    });
  const knownKeysOnly = fc.record(Object.fromEntries(keys.map((k) => [k, oddValue])), {
    requiredKeys: [],
  });
  return fc.oneof(
    { arbitrary: nearValid, weight: 4 },
    { arbitrary: knownKeysOnly, weight: 2 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 30 }), oddValue, { maxKeys: 8 }), weight: 1 },
    { arbitrary: fc.jsonValue(), weight: 1 },
  );
}

const rawBodies = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{',
    '{"a":',
    '[',
    'null',
    '"x"',
    '{"invoice_period":"2024-01",}',
    '\u0000',
    '{}{}',
  ),
);

async function snapshot(ctx: Ctx): Promise<string> {
  const [users, summaries, roleMenus, tokens] = await Promise.all([
    ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('invoice_summaries').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('role_menus').selectAll().orderBy('role').orderBy('menu_id').execute(),
    ctx.db.selectFrom('refresh_tokens').select(['id', 'revoked_at']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, summaries, roleMenus, tokens });
}

function expectSafeAnswer(res: { status: number; text: string; body: any }, label: string) {
  expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.text, label).not.toMatch(
    /\n\s+at |node_modules|\.ts:\d+|SQLITE_|syntax error|violates/,
  );
  expect(typeof res.body?.success, label).toBe('boolean');
  if (res.status >= 400) {
    expect(res.body.success, label).toBe(false);
    expect(typeof res.body.message, label).toBe('string');
  }
}

interface WriteRoute {
  name: string;
  method: string;
  /** The concrete path (creating a target row when the route needs one). */
  path: () => Promise<string>;
  valid: () => Record<string, unknown>;
  /** Which caller sends it. */
  as: 'admin' | 'staff';
}

describe.each(ENGINES)('bad input at every write route (%s)', (engine) => {
  let ctx: Ctx;
  const callers: Record<
    'admin' | 'staff',
    { email: string; password: string; token: string; id: number }
  > = {} as never;
  let period = 0;
  const nextPeriod = () => {
    period += 1;
    return `${2200 + Math.floor(period / 12)}-${String((period % 12) + 1).padStart(2, '0')}`;
  };

  beforeAll(async () => {
    ctx = await setup(engine);
    for (const role of ['admin', 'staff'] as const) {
      const user = await signedIn(ctx, role);
      callers[role] = {
        email: user.email,
        password: user.password,
        token: user.token,
        id: user.id,
      };
    }
  });
  afterAll(async () => ctx.close());

  const summaryId = async () => insertSummary(ctx, nextPeriod());
  const userId = async () => (await createUser(ctx, { role: 'staff' })).id;

  const ROUTES: WriteRoute[] = [
    {
      name: 'PUT /account',
      method: 'PUT',
      path: async () => '/account',
      valid: () => ({ name: 'Valid Name', email: callers.staff.email }),
      as: 'staff',
    },
    {
      name: 'PUT /account/password',
      method: 'PUT',
      path: async () => '/account/password',
      as: 'staff',
      valid: () => ({
        current_password: callers.staff.password,
        new_password: 'another-pass-1',
        confirm_password: 'another-pass-1',
      }),
    },
    {
      name: 'POST /account/profile-image',
      method: 'POST',
      path: async () => '/account/profile-image',
      valid: () => ({ image_data: dataUrl('image/png', PNG_1PX) }),
      as: 'staff',
    },
    {
      name: 'POST /users',
      method: 'POST',
      path: async () => '/users',
      as: 'admin',
      valid: () => ({
        name: 'New Person',
        username: `prop${++period}`,
        email: `prop${period}@example.com`,
        password: 'secret1',
        confirm_password: 'secret1',
        role: 'staff',
        is_verified: true,
      }),
    },
    {
      name: 'PUT /users/{id}',
      method: 'PUT',
      path: async () => `/users/${await userId()}`,
      valid: () => ({ name: 'Edited Person', role: 'staff', is_verified: true }),
      as: 'admin',
    },
    {
      name: 'POST /users/{id}/verify',
      method: 'POST',
      path: async () => `/users/${await userId()}/verify`,
      valid: () => ({ notes: 'ok' }),
      as: 'admin',
    },
    {
      name: 'POST /invoice-summaries',
      method: 'POST',
      path: async () => '/invoice-summaries',
      valid: () => summaryBody(nextPeriod()),
      as: 'staff',
    },
    {
      name: 'PUT /invoice-summaries/{id}',
      method: 'PUT',
      path: async () => `/invoice-summaries/${await summaryId()}`,
      valid: () => ({ number_of_active_customer: 3, number_of_total_transaction: 1000 }),
      as: 'staff',
    },
    {
      name: 'PUT progress-usage',
      method: 'PUT',
      path: async () => `/invoice-summaries/progress-usage/${await summaryId()}`,
      valid: () => ({
        number_of_usage_transaction: 5,
        url_shared_file_draft_invoice: 'https://example.com/d',
      }),
      as: 'staff',
    },
    {
      name: 'PUT progress-verified',
      method: 'PUT',
      path: async () => `/invoice-summaries/progress-verified/${await summaryId()}`,
      valid: () => ({
        number_of_verified_invoice: 5,
        url_shared_file_verified_invoice: 'https://example.com/v',
      }),
      as: 'staff',
    },
    {
      name: 'PUT progress-generated',
      method: 'PUT',
      path: async () => `/invoice-summaries/progress-generated/${await summaryId()}`,
      valid: () => ({
        number_of_generated_invoice: 5,
        url_shared_folder_invoice: 'https://example.com/g',
      }),
      as: 'staff',
    },
    {
      name: 'PUT progress-delivered',
      method: 'PUT',
      path: async () => `/invoice-summaries/progress-delivered/${await summaryId()}`,
      valid: () => ({ number_of_delivered_invoice: 5 }),
      as: 'staff',
    },
    {
      name: 'PUT progress-tax-uploaded',
      method: 'PUT',
      path: async () => `/invoice-summaries/progress-tax-uploaded/${await summaryId()}`,
      valid: () => ({
        number_of_uploaded_tax_invoice: 5,
        url_shared_folder_tax_invoice: 'https://example.com/t',
      }),
      as: 'staff',
    },
  ];

  /** A request that changed the caller's password or session: sign in again so later runs still act as them. */
  async function keepCallerUsable(route: WriteRoute, body: unknown, status: number) {
    if (status >= 300 || route.name !== 'PUT /account/password') return;
    callers.staff.password = String((body as Record<string, unknown>).new_password);
    callers.staff.token = (await signIn(ctx, callers.staff)).access;
  }

  test.each(ROUTES.map((r) => [r.name, r] as const))(
    '%s: random JSON bodies',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(bodies(route.valid()), async (body) => {
          const path = await route.path();
          const before = await snapshot(ctx);
          const res = await call(ctx, route.method, path, { token: callers[route.as].token, body });
          expectSafeAnswer(res, `${route.name} ${JSON.stringify(body).slice(0, 200)}`);
          if (res.status >= 400)
            expect(await snapshot(ctx), 'a refused request wrote something').toBe(before);
          await keepCallerUsable(route, body, res.status);
        }),
        { numRuns: NUM_RUNS },
      );
    },
  );

  test.each(ROUTES.map((r) => [r.name, r] as const))(
    '%s: malformed raw bodies',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(rawBodies, async (raw) => {
          const path = await route.path();
          const before = await snapshot(ctx);
          const res = await call(ctx, route.method, path, { token: callers[route.as].token, raw });
          expectSafeAnswer(res, `${route.name} raw ${JSON.stringify(raw).slice(0, 100)}`);
          if (res.status >= 400) expect(await snapshot(ctx)).toBe(before);
        }),
        { numRuns: 10 },
      );
    },
  );
});
