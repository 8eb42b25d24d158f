// Every route of the business API (and the menus API) × every kind of caller → the right 401/403/2xx.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PdfPool } from '../../src/server/pdf';
import { closePool, DOCX_TYPE, testPool } from '../support/pdfApp';
import {
  MENU_CREATE_BILL,
  MENU_DASHBOARD,
  MENU_INVOICE_GENERATOR,
  MENU_UPDATE_BILL,
  MENU_USER_MANAGEMENT,
} from '../../src/domain/users/menu';
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
  type TestUser,
} from './business.support';

type Access =
  | { kind: 'signed-in' }
  | { kind: 'menu'; menu: string }
  | { kind: 'admin-role' }
  // Administrators by their role; anyone else through the menu.
  | { kind: 'admin-role-or-menu'; menu: string };
type Caller =
  'anonymous' | 'unverified' | 'invalidated' | 'staff' | 'admin' | 'admin without the menu';

interface Prepared {
  path: string;
  body?: unknown;
}

interface RouteCase {
  method: string;
  route: string;
  access: Access;
  ok: number;
  /** The successful answer is a file download, not the JSON envelope. */
  file?: true;
  /** Creates what the call needs (a target user, a summary, …) and returns the concrete path and body. */
  prepare: (ctx: Ctx, caller: TestUser & { token?: string }) => Promise<Prepared>;
}

const STAFF_MENUS = new Set([
  MENU_DASHBOARD,
  MENU_CREATE_BILL,
  MENU_UPDATE_BILL,
  MENU_INVOICE_GENERATOR,
]);
let serial = 0;
const next = () => ++serial;
const freshPeriod = () => {
  const n = next();
  return `${2100 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
};
const signedInOnly: Access = { kind: 'signed-in' };
const menu = (name: string): Access => ({ kind: 'menu', menu: name });
const fixed = (path: string, body?: unknown) => async (): Promise<Prepared> => ({ path, body });
const withUser =
  (suffix: string, body?: unknown) =>
  async (ctx: Ctx): Promise<Prepared> => {
    const target = await createUser(ctx, { role: 'staff' });
    return { path: `/users/${target.id}${suffix}`, body };
  };
const withSummary =
  (prefix: string, body?: unknown) =>
  async (ctx: Ctx): Promise<Prepared> => {
    const id = await insertSummary(ctx, freshPeriod());
    return { path: `/invoice-summaries${prefix}/${id}`, body };
  };

const ROUTES: RouteCase[] = [
  // Account: any signed-in, verified user, for themselves.
  { method: 'GET', route: '/account', access: signedInOnly, ok: 200, prepare: fixed('/account') },
  {
    method: 'PUT',
    route: '/account',
    access: signedInOnly,
    ok: 200,
    prepare: async (_c, u) => ({ path: '/account', body: { name: 'Matrix Name', email: u.email } }),
  },
  {
    method: 'PUT',
    route: '/account/password',
    access: signedInOnly,
    ok: 200,
    prepare: async (_c, u) => ({
      path: '/account/password',
      body: {
        current_password: u.password,
        new_password: 'matrix-new-pw',
        confirm_password: 'matrix-new-pw',
      },
    }),
  },
  {
    method: 'POST',
    route: '/account/profile-image',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/account/profile-image', { image_data: dataUrl('image/png', PNG_1PX) }),
  },
  {
    method: 'GET',
    route: '/account/profile-image',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/account/profile-image'),
  },
  {
    method: 'GET',
    route: '/account/activity',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/account/activity'),
  },
  {
    method: 'POST',
    route: '/account/logout',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/account/logout'),
  },
  {
    method: 'POST',
    route: '/account/logout-all',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/account/logout-all'),
  },
  {
    method: 'POST',
    route: '/users/logout-all',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/users/logout-all'),
  },

  // Users: the Manajemen User menu.
  {
    method: 'GET',
    route: '/users',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: fixed('/users?search=a&role=staff&is_verified=true'),
  },
  {
    method: 'POST',
    route: '/users',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 201,
    prepare: async () => {
      const n = next();
      return {
        path: '/users',
        body: {
          username: `matrix${n}`,
          email: `matrix${n}@example.com`,
          password: 'secret1',
          role: 'staff',
        },
      };
    },
  },
  {
    method: 'GET',
    route: '/users/{id}',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: withUser(''),
  },
  {
    method: 'PUT',
    route: '/users/{id}',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: withUser('', { name: 'Matrix Edited' }),
  },
  {
    method: 'DELETE',
    route: '/users/{id}',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: withUser(''),
  },
  {
    method: 'POST',
    route: '/users/{id}/verify',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: withUser('/verify', { notes: 'matrix' }),
  },
  {
    method: 'PATCH',
    route: '/users/{id}/invalidate',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: withUser('/invalidate'),
  },

  // Invoice summaries: read with Dashboard, create with Buat Progres Tagihan, change with Update Progres Tagihan.
  {
    method: 'GET',
    route: '/invoice-summaries',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    prepare: fixed('/invoice-summaries?limit=50&sort_by=invoice_period&sort_order=desc'),
  },
  {
    method: 'GET',
    route: '/invoice-summaries/statistics',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    prepare: fixed('/invoice-summaries/statistics?start_period=2024-01&end_period=2024-12'),
  },
  {
    method: 'GET',
    route: '/invoice-summaries/period/{period}',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    prepare: async (ctx) => {
      const period = freshPeriod();
      await insertSummary(ctx, period);
      return { path: `/invoice-summaries/period/${period}` };
    },
  },
  {
    method: 'GET',
    route: '/invoice-summaries/{id}',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    prepare: withSummary(''),
  },
  {
    method: 'POST',
    route: '/invoice-summaries',
    access: menu(MENU_CREATE_BILL),
    ok: 201,
    prepare: async () => ({ path: '/invoice-summaries', body: summaryBody(freshPeriod()) }),
  },
  {
    method: 'PUT',
    route: '/invoice-summaries/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary('', { number_of_active_customer: 5 }),
  },
  {
    method: 'DELETE',
    route: '/invoice-summaries/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary(''),
  },
  {
    method: 'PUT',
    route: '/invoice-summaries/progress-usage/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary('/progress-usage', { number_of_usage_transaction: 10 }),
  },
  {
    method: 'PUT',
    route: '/invoice-summaries/progress-verified/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary('/progress-verified', { number_of_verified_invoice: 10 }),
  },
  {
    method: 'PUT',
    route: '/invoice-summaries/progress-generated/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary('/progress-generated', { number_of_generated_invoice: 10 }),
  },
  {
    method: 'PUT',
    route: '/invoice-summaries/progress-delivered/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary('/progress-delivered', { number_of_delivered_invoice: 10 }),
  },
  {
    method: 'PUT',
    route: '/invoice-summaries/progress-tax-uploaded/{id}',
    access: menu(MENU_UPDATE_BILL),
    ok: 200,
    prepare: withSummary('/progress-tax-uploaded', { number_of_uploaded_tax_invoice: 10 }),
  },

  // A period's generation history: read with Dashboard, recorded with Update Progres Tagihan.
  {
    method: 'GET',
    route: '/invoice-summaries/{id}/generation-runs',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    prepare: async (ctx) => ({
      path: `/invoice-summaries/${await insertSummary(ctx, freshPeriod())}/generation-runs`,
    }),
  },
  {
    method: 'POST',
    route: '/invoice-summaries/{id}/generation-runs',
    access: menu(MENU_UPDATE_BILL),
    ok: 201,
    prepare: async (ctx) => ({
      path: `/invoice-summaries/${await insertSummary(ctx, freshPeriod())}/generation-runs`,
      body: {
        client_run_id: randomUUID(),
        template_name: 'template.docx',
        template_sha256: createHash('sha256').update('t').digest('hex'),
        data_name: 'data.xlsx',
        data_sha256: createHash('sha256').update('d').digest('hex'),
        rows: 3,
        documents: 3,
        output_kind: 'docx',
      },
    }),
  },

  // PDF conversion: the generator's menu (a role without it neither converts nor asks). Past
  // authorization a body that is no Word package is refused before LibreOffice (415);
  // conversions themselves: documentsPdf*.test.ts.
  {
    method: 'GET',
    route: '/documents/pdf',
    access: menu(MENU_INVOICE_GENERATOR),
    ok: 200,
    prepare: fixed('/documents/pdf'),
  },
  {
    method: 'POST',
    route: '/documents/pdf',
    access: menu(MENU_INVOICE_GENERATOR),
    ok: 415,
    prepare: fixed('/documents/pdf'),
  },

  // The audit trail: every event for administrators; summaries' events with the Dashboard menu;
  // a user's events for administrators only (staff cannot read user events).
  {
    method: 'GET',
    route: '/audit-events',
    access: { kind: 'admin-role' },
    ok: 200,
    prepare: fixed('/audit-events?from=2020-01-01&page=1&limit=5'),
  },
  {
    method: 'GET',
    route: '/audit-events?entity=user',
    access: { kind: 'admin-role' },
    ok: 200,
    prepare: fixed('/audit-events?entity=user'),
  },
  {
    method: 'GET',
    route: '/audit-events?entity=invoice_summary',
    access: { kind: 'admin-role-or-menu', menu: MENU_DASHBOARD },
    ok: 200,
    prepare: fixed('/audit-events?entity=invoice_summary'),
  },
  {
    method: 'GET',
    route: '/invoice-summaries/{id}/audit-events',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    prepare: async (ctx) => {
      const id = await insertSummary(ctx, freshPeriod());
      return { path: `/invoice-summaries/${id}/audit-events` };
    },
  },
  {
    method: 'GET',
    route: '/users/{id}/audit-events',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    prepare: withUser('/audit-events'),
  },

  // Exports read what the lists read.
  {
    method: 'GET',
    route: '/invoice-summaries/export',
    access: menu(MENU_DASHBOARD),
    ok: 200,
    file: true,
    prepare: fixed('/invoice-summaries/export?format=csv&status=complete'),
  },
  {
    method: 'GET',
    route: '/users/export',
    access: menu(MENU_USER_MANAGEMENT),
    ok: 200,
    file: true,
    prepare: fixed('/users/export?format=xlsx&role=staff'),
  },

  // Menus: reading for anyone signed in, writing for the Admin role.
  {
    method: 'GET',
    route: '/menus/user',
    access: signedInOnly,
    ok: 200,
    prepare: fixed('/menus/user'),
  },
  { method: 'GET', route: '/menus', access: signedInOnly, ok: 200, prepare: fixed('/menus') },
  {
    method: 'POST',
    route: '/menus',
    access: { kind: 'admin-role' },
    ok: 201,
    prepare: async () => ({
      path: '/menus',
      body: { name: `Matrix Menu ${next()}`, path: '/matrix' },
    }),
  },
];

function expected(route: RouteCase, caller: Caller): number {
  if (caller === 'anonymous' || caller === 'invalidated') return 401;
  if (caller === 'unverified') return 403;
  if (caller === 'admin without the menu') return 403;
  if (caller === 'admin') return route.ok;
  if (route.access.kind === 'admin-role') return 403;
  if (
    (route.access.kind === 'menu' || route.access.kind === 'admin-role-or-menu') &&
    !STAFF_MENUS.has(route.access.menu)
  )
    return 403;
  return route.ok;
}

const CALLERS: Caller[] = [
  'anonymous',
  'unverified',
  'invalidated',
  'staff',
  'admin',
  'admin without the menu',
];
const CASES = ROUTES.flatMap((route) =>
  CALLERS.filter(
    (caller) => caller !== 'admin without the menu' || route.access.kind === 'menu',
  ).map((caller) => [route.method, route.route, caller, expected(route, caller), route] as const),
);

describe.each(ENGINES)('authorization matrix (%s)', (engine) => {
  let ctx: Ctx;
  let root: Awaited<ReturnType<typeof signedIn>>;
  let pdf: PdfPool;
  beforeAll(async () => {
    pdf = await testPool();
    ctx = await setup(engine, { deps: { pdf } });
    root = await signedIn(ctx, 'admin');
  });
  afterAll(async () => {
    await ctx.close();
    await closePool(pdf);
  });

  async function as(caller: Caller): Promise<TestUser & { token?: string }> {
    if (caller === 'anonymous')
      return {
        id: 0,
        email: 'nobody@example.com',
        username: 'nobody',
        password: 'x',
        role: 'staff',
      };
    const user = await signedIn(
      ctx,
      caller === 'admin' || caller === 'admin without the menu' ? 'admin' : 'staff',
    );
    if (caller === 'unverified') {
      // The token was issued while verified; the flag flips underneath it.
      await ctx.db.updateTable('users').set({ is_verified: 0 }).where('id', '=', user.id).execute();
    }
    if (caller === 'invalidated') {
      const res = await call(ctx, 'PATCH', `/users/${user.id}/invalidate`, { token: root.token });
      expect(res.status).toBe(200);
    }
    return user;
  }

  test.each(CASES)('%s %s as %s → %i', async (_method, _route, caller, status, route) => {
    const user = await as(caller);
    const { path, body } = await route.prepare(ctx, user);
    let removed: { role: 'admin' | 'staff'; menu_id: number }[] = [];
    if (caller === 'admin without the menu' && route.access.kind === 'menu') {
      const menuName = route.access.menu;
      const menuRow = await ctx.db
        .selectFrom('menus')
        .select('id')
        .where('name', '=', menuName)
        .executeTakeFirstOrThrow();
      removed = await ctx.db
        .selectFrom('role_menus')
        .selectAll()
        .where('role', '=', 'admin')
        .where('menu_id', '=', menuRow.id)
        .execute();
      await ctx.db
        .deleteFrom('role_menus')
        .where('role', '=', 'admin')
        .where('menu_id', '=', menuRow.id)
        .execute();
    }
    try {
      const res = await call(ctx, route.method, path, {
        token: user.token,
        body,
        ...(route.route === '/documents/pdf' && route.method === 'POST'
          ? { raw: '<html>not a Word document</html>', headers: { 'content-type': DOCX_TYPE } }
          : {}),
      });
      expect(res.status, res.text.slice(0, 300)).toBe(status);
      if (route.file && status < 300)
        expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      else expect(res.body?.success).toBe(status < 300);
    } finally {
      if (removed.length) await ctx.db.insertInto('role_menus').values(removed).execute();
    }
  });
});
