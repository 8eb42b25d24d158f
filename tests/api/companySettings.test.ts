// Pengaturan Perusahaan (issue 33, issue 34's QRIS Statis): one record on the server, read by every
// signed-in user, written by administrators with If-Match, every rule named, every change audited.
import { beforeAll, describe, expect, test } from 'vitest';
import { STATIC_QRIS } from '../support/qris';
import { databases, useTestApp, type TestUser } from './helpers';

const VALID = {
  seller_npwp: '0123456789012345',
  seller_nitku: '0123456789012345000000',
  seller_name: 'PT Telekomunikasi Contoh & Rekan',
  qris_static: STATIC_QRIS,
};

describe.each(databases)('company settings on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: TestUser & { token: string };
  let staff: TestUser & { token: string };

  beforeAll(async () => {
    admin = await ctx.signedIn('admin');
    staff = await ctx.signedIn('staff');
  });

  test('empty at first, with its version as ETag; staff may read', async () => {
    const res = await ctx.get('/api/v1/company-settings', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ seller_npwp: '', seller_name: '', qris_static: '' });
    expect(res.headers.get('etag')).toBe(`"${res.body.data.version}"`);
    expect((await ctx.get('/api/v1/company-settings')).status).toBe(401);
  });

  test('an administrator saves; dots and dashes of the NPWP are taken out; the change is audited', async () => {
    const before = await ctx.get('/api/v1/company-settings', { token: admin.token });
    const res = await ctx.put(
      '/api/v1/company-settings',
      { ...VALID, seller_npwp: '01.234.567.8-901.2345' },
      { token: admin.token, headers: { 'if-match': before.headers.get('etag')! } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(VALID);
    expect(res.body.data.version).toBe(before.body.data.version + 1);
    const again = await ctx.get('/api/v1/company-settings', { token: staff.token });
    expect(again.body.data).toMatchObject(VALID);

    const events = await ctx.get('/api/v1/audit-events?entity=company_settings', {
      token: admin.token,
    });
    expect(events.status).toBe(200);
    const fields = events.body.data.events[0].changes.map((c: { field: string }) => c.field);
    expect(fields).toEqual(['seller_npwp', 'seller_nitku', 'seller_name', 'qris_static']);
  });

  test('staff may not write', async () => {
    const res = await ctx.put('/api/v1/company-settings', VALID, { token: staff.token });
    expect(res.status).toBe(403);
  });

  test('a stale If-Match answers 412 and writes nothing', async () => {
    const res = await ctx.put(
      '/api/v1/company-settings',
      { ...VALID, seller_name: 'Another' },
      { token: admin.token, headers: { 'if-match': '"1"' } },
    );
    expect(res.status).toBe(412);
    const now = await ctx.get('/api/v1/company-settings', { token: admin.token });
    expect(now.body.data.seller_name).toBe(VALID.seller_name);
  });

  test.each([
    [{ seller_npwp: '123456789012345' }, 'seller_npwp', /16 digits/],
    [{ seller_nitku: '01234567890123450000' }, 'seller_nitku', /22 digits/],
    [{ seller_nitku: '9999999999999999000000' }, 'seller_nitku', /start with the 16 digits/],
    [{ seller_name: '  ' }, 'seller_name', /Nama Penjual is required/],
    [{ qris_static: STATIC_QRIS.slice(0, -4) + '0000' }, 'qris_static', /wrong CRC/],
  ])('%o is refused naming the rule, nothing saved', async (change, field, message) => {
    const res = await ctx.put(
      '/api/v1/company-settings',
      { ...VALID, ...change },
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(JSON.stringify(res.body)).toContain(field);
    const now = await ctx.get('/api/v1/company-settings', { token: admin.token });
    expect(now.body.data).toMatchObject(VALID);
  });

  test('the QRIS may be left empty', async () => {
    const res = await ctx.put(
      '/api/v1/company-settings',
      { ...VALID, qris_static: '' },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.qris_static).toBe('');
  });

  test('administrators get the menu entry, staff do not', async () => {
    const mine = await ctx.get('/api/v1/menus/user', { token: admin.token });
    expect(mine.body.data.map((m: { path: string }) => m.path)).toContain('/company-settings');
    const theirs = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(theirs.body.data.map((m: { path: string }) => m.path)).not.toContain(
      '/company-settings',
    );
  });
});
