// Exports of exactly what is shown (issue 25): every row the list's filters and sort select,
// across all its pages, as .xlsx and .csv, with the columns on screen, numbers as numbers, and a
// file name that carries the day and the filter. Read back with SheetJS, as a spreadsheet would.
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPORT_BATCH } from '../../src/server/export/response';
import { call, ENGINES, setup, signedIn, summaryBody, type Ctx } from './business.support';

/** More summaries than one batch of the export reads, so the stream spans several queries. */
const SUMMARIES = EXPORT_BATCH * 2 + 37;

async function download(ctx: Ctx, path: string, token: string) {
  const res = await ctx.app.request(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

function sheetRows(bytes: Buffer): { rows: unknown[][]; sheet: XLSX.WorkSheet } {
  const workbook = XLSX.read(bytes, { type: 'buffer', cellNF: true });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  return { rows: XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true }), sheet };
}

/** RFC 4180: fields split by commas, records by CRLF, quotes doubled inside quoted fields. */
function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  expect(field).toBe('');
  return rows;
}

/** Today as YYYY-MM-DD in `timeZone`: an export's file name carries the day where it was asked. */
const today = (timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date());

describe.each(ENGINES)('exports (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin');
    const stamp = new Date('2026-11-24T12:43:00Z').toISOString();
    const rows = Array.from({ length: SUMMARIES }, (_, i) => {
      const period = `${2100 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
      // Every third period is complete; the amounts repeat so the sort has ties to break by id.
      const done = i % 3 === 0 ? 1000 : 0;
      return {
        ...(summaryBody(period, {
          amount_of_total_transaction: 1_000_000 * (i % 50) + 1_234,
          number_of_usage_transaction: done,
          number_of_verified_invoice: done,
          number_of_generated_invoice: done,
          number_of_delivered_invoice: done,
          number_of_uploaded_tax_invoice: done,
        }) as any),
        created_at: stamp,
        updated_at: stamp,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await ctx.db
        .insertInto('invoice_summaries')
        .values(rows.slice(i, i + 200))
        .execute();
  });
  afterAll(async () => ctx.close());

  /** The periods the list shows across all its pages, for the same filters and sort. */
  async function listedPeriods(query: string): Promise<string[]> {
    const periods: string[] = [];
    for (let page = 1; ; page++) {
      const res = await call(ctx, 'GET', `/invoice-summaries?${query}&limit=100&page=${page}`, {
        token: admin.token,
      });
      periods.push(...res.body.data.summaries.map((s: any) => s.invoice_period));
      if (page >= res.body.data.pagination.total_pages) return periods;
    }
  }

  const display = (period: string) => {
    const months = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus'];
    const all = [...months, 'September', 'Oktober', 'November', 'Desember'];
    return `${all[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;
  };

  test('.xlsx: every matching summary across all pages, in the list order, numbers as numbers', async () => {
    const query = 'status=complete&sort_by=amount_of_total_transaction&sort_order=asc';
    const res = await download(ctx, `/invoice-summaries/export?${query}&format=xlsx`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="progres-tagihan_${today()}_status-complete.xlsx"; filename*=UTF-8''progres-tagihan_${today()}_status-complete.xlsx`,
    );
    const { rows, sheet } = sheetRows(res.bytes);
    expect(rows[0]).toEqual([
      'Periode',
      'Pelanggan Aktif',
      'Transaksi Layanan',
      'Nilai Transaksi',
      'Progres (%)',
      'Diubah',
    ]);
    const expected = await listedPeriods(query);
    expect(expected.length).toBe(Math.ceil(SUMMARIES / 3));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map(display));
    const first = rows[1];
    expect(first.slice(1, 5)).toEqual([120, 1000, 1234, 100]);
    expect(sheet.B2.t).toBe('n');
    expect(sheet.D2.t).toBe('n');
    expect(sheet.D2.z).toBe('#,##0');
    // The date is a real date cell: 24/11/2026 12:43 in UTC (the default zone).
    expect(sheet.F2.t).toBe('n');
    expect(XLSX.SSF.format(sheet.F2.z as string, sheet.F2.v as number)).toBe('24/11/2026 12:43');
  });

  test('.csv: the same rows, plain numbers, dates in the zone asked for, the filter in the name', async () => {
    const query = 'search=2101&sort_by=invoice_period&sort_order=desc';
    const res = await download(
      ctx,
      `/invoice-summaries/export?${query}&format=csv&tz=Asia/Jakarta`,
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename="progres-tagihan_${today('Asia/Jakarta')}_search-2101.csv"`,
    );
    const rows = csvRows(res.bytes);
    expect(rows[0][0]).toBe('Periode');
    expect(rows.slice(1).map((r) => r[0])).toEqual((await listedPeriods(query)).map(display));
    expect(res.bytes.toString('utf8').split('\r\n')[1]).toBe(
      '"Desember 2101",120,1000,23001234,0,2026-11-24 19:43:00',
    );
  });

  test('an export with nothing matching is a file with the header row only', async () => {
    const res = await download(ctx, '/invoice-summaries/export?period=1999-01', admin.token);
    expect(res.status).toBe(200);
    expect(sheetRows(res.bytes).rows).toHaveLength(1);
  });

  test('users: every user the filters select, headed in the page language, verified in words', async () => {
    for (let i = 0; i < 13; i++) {
      const res = await call(ctx, 'POST', '/users', {
        token: admin.token,
        body: {
          username: `export${i}`,
          email: `export${i}@example.com`,
          name: i === 0 ? '=HYPERLINK("http://evil.example","x")' : `Export, User ${i}`,
          password: 'secret1',
          role: i % 2 ? 'admin' : 'staff',
          is_verified: i % 3 !== 0,
        },
      });
      expect(res.status).toBe(201);
    }
    const query = 'search=export&role=staff&is_verified=false';
    const list = await call(ctx, 'GET', `/users?${query}&limit=100`, { token: admin.token });
    const res = await download(ctx, `/users/export?${query}&format=csv&lang=id`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      `filename="users_${today()}_role-staff_verified-no_search-export.csv"`,
    );
    const rows = csvRows(res.bytes);
    expect(rows[0]).toEqual(['Nama', 'Username', 'Email', 'Peran', 'Status', 'Dibuat']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(list.body.data.users.map((u: any) => u.email));
    expect(rows.slice(1).every((r) => r[3] === 'Staf' && r[4] === 'Belum terverifikasi')).toBe(
      true,
    );
    // A name that a spreadsheet would run as a formula stays text.
    expect(rows.find((r) => r[2] === 'export0@example.com')![0]).toBe(
      `'=HYPERLINK("http://evil.example","x")`,
    );

    const all = await download(ctx, '/users/export?format=xlsx', admin.token);
    const sheet = sheetRows(all.bytes);
    expect(sheet.rows[0]).toEqual(['Name', 'Username', 'Email', 'Role', 'Status', 'Created']);
    expect(sheet.rows).toHaveLength(1 + (await ctx.count('users')));
    expect(sheet.rows.slice(1).map((r) => r[2])).toContain('export7@example.com');
  });

  test.each([
    ['/invoice-summaries/export?format=pdf', 'format'],
    ['/invoice-summaries/export?tz=Mars/Olympus', 'tz'],
    ['/invoice-summaries/export?sort_by=password', 'sort_by'],
    ['/users/export?lang=fr', 'lang'],
    ['/users/export?is_verified=maybe', 'is_verified'],
  ])('%s is refused with 400 naming %s', async (path, field) => {
    const res = await call(ctx, 'GET', path, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });
});
