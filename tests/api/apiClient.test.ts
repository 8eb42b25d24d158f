// The browser client (src/api) against the real server over real HTTP: what the UI calls for
// concurrent edits (If-Match and the 412 conflict), the histories and the exports (issue 25).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServices } from '../../src/api/services';
import { describeChanges, HISTORY_TEXTS } from '../../src/domain/history';
import { MemoryStorage, signIn as storeTokens, testClient } from '../unit/api/helpers';
import { ENGINES, insertSummary, setup, signedIn, type Ctx } from './business.support';

describe.each(ENGINES)('the browser client on the real server (%s)', (engine) => {
  let ctx: Ctx;
  let server: ReturnType<typeof serve>;
  let apiRoot = '';
  beforeAll(async () => {
    ctx = await setup(engine);
    server = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  async function servicesFor(role: 'admin' | 'staff', name: string) {
    const user = await signedIn(ctx, role, { name });
    const storage = new MemoryStorage();
    storeTokens(storage, user.token, user.refresh);
    return { user, ...createServices(testClient({ apiRoot, storage }).http) };
  }

  test('two people edit one summary: the second gets the conflict with the record now and who changed what', async () => {
    const ana = await servicesFor('staff', 'Ana Staff');
    const budi = await servicesFor('staff', 'Budi Staff');
    const id = await insertSummary(ctx, '2032-05');
    const [seenByAna, seenByBudi] = await Promise.all([
      ana.invoiceSummaries.get(id),
      budi.invoiceSummaries.get(id),
    ]);
    expect(seenByAna.data!.version).toBe(1);

    const first = await ana.invoiceSummaries.updateProgress('delivered', id, 700, undefined, {
      version: seenByAna.data!.version,
    });
    expect(first.success).toBe(true);
    expect(first.data!.version).toBe(2);

    const second = await budi.invoiceSummaries.update(
      id,
      { activeCustomerCount: 5 },
      { version: seenByBudi.data!.version },
    );
    expect(second).toMatchObject({ success: false, status: 412 });
    expect(second.error).toMatch(/telah diubah oleh pengguna lain/);
    const conflict = second.conflict!;
    expect(conflict.yourVersion).toBe(1);
    expect(conflict.currentVersion).toBe(2);
    expect(conflict.current).toMatchObject({ deliveredInvoiceCount: 700, version: 2 });
    expect(conflict.changes).toHaveLength(1);
    expect(conflict.changes[0]).toMatchObject({ actorName: 'Ana Staff', action: 'progress' });
    expect(describeChanges(conflict.changes[0], HISTORY_TEXTS)).toEqual([
      'Pengiriman Tagihan 400 → 700',
    ]);

    // Applying Budi's values on top of the new version succeeds.
    const retried = await budi.invoiceSummaries.update(
      id,
      { activeCustomerCount: 5 },
      { version: conflict.currentVersion },
    );
    expect(retried.success).toBe(true);
    expect(retried.data).toMatchObject({ activeCustomerCount: 5, deliveredInvoiceCount: 700 });

    const history = await budi.auditEvents.forSummary(id);
    expect(history.data!.events.map((e) => e.actorName)).toEqual(['Budi Staff', 'Ana Staff']);
  });

  test('two administrators edit one user: the stale edit gets 412; users carry their version', async () => {
    const one = await servicesFor('admin', 'Admin One');
    const two = await servicesFor('admin', 'Admin Two');
    const target = await signedIn(ctx, 'staff');
    const loaded = await two.users.get(target.id);
    expect(loaded.data!.version).toBe(1);
    expect((await one.users.update(target.id, { role: 'Admin' }, { version: 1 })).success).toBe(
      true,
    );
    const stale = await two.users.invalidate(target.id, { version: loaded.data!.version });
    expect(stale.status).toBe(412);
    expect(stale.conflict!.current).toMatchObject({ role: 'admin', isVerified: true, version: 2 });
    expect(stale.conflict!.changes[0].changes).toEqual([
      { field: 'role', from: 'staff', to: 'admin' },
    ]);
    const events = await one.auditEvents.forUser(target.id);
    expect(events.data!.events.map((e) => e.action)).toEqual(['role']);
  });

  test('staff read summary events through the client, never user events', async () => {
    const staff = await servicesFor('staff', 'Sari Staff');
    expect((await staff.auditEvents.list({ entity: 'invoice_summary' })).success).toBe(true);
    const refused = await staff.auditEvents.list({ entity: 'user' });
    expect(refused.status).toBe(403);
  });

  test('exports download the file with its name; a bad filter reads as the server put it', async () => {
    const admin = await servicesFor('admin', 'Export Admin');
    await insertSummary(ctx, '2032-07');
    const file = await admin.exports.invoiceSummaries(
      { search: '2032', sortBy: 'invoice_period', sortOrder: 'asc' },
      'xlsx',
    );
    expect(file.success).toBe(true);
    expect(file.data!.fileName).toMatch(/^progres-tagihan_\d{4}-\d{2}-\d{2}_search-2032\.xlsx$/);
    const workbook = XLSX.read(Buffer.from(await file.data!.blob.arrayBuffer()), {
      type: 'buffer',
    });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]], {
      header: 1,
    });
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Mei 2032', 'Juli 2032']);

    const users = await admin.exports.users({ role: 'Staff', lang: 'id' }, 'csv');
    expect(users.data!.fileName).toMatch(/^users_\d{4}-\d{2}-\d{2}_role-staff\.csv$/);
    const bytes = Buffer.from(await users.data!.blob.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8', 3).split('\r\n')[0]).toBe(
      // Every text cell quoted, so no locale's separator splits or evaluates it (docs/exports.md).
      '"Nama","Username","Email","Peran","Status","Dibuat"',
    );
    const bad = await admin.exports.invoiceSummaries({ sortBy: 'password' });
    expect(bad).toMatchObject({ success: false, status: 400, field: 'sort_by' });
  });
});
