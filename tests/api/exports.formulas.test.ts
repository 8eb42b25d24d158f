// CSV exports stay text in every locale (issue 37): Excel in Indonesian, German or French opens
// a double-clicked .csv with ';' as its separator, so a name like ';=10*10;' must not become a
// formula after any separator a spreadsheet may split on. The users' export is opened by the
// real LibreOffice with each separator and formula evaluation on, then read back with SheetJS.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, setup, signedIn, type Ctx } from './business.support';

const run = promisify(execFile);

const HOSTILE_NAMES = [
  ';=10*10;',
  ',=10*10,',
  'a;+10+10',
  'b,-10-10',
  'c\t@SUM(10;10)',
  'd\n=10*10',
  'e\r\n=10*10',
  '\t=10*10',
  ';;=10*10',
  '=10*10',
];

/** The CSV opened by LibreOffice Calc: this separator, '"' quotes, UTF-8, formulas evaluated. */
async function openedByCalc(csv: Buffer, separator: string): Promise<XLSX.WorkSheet> {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-csv-calc-'));
  try {
    const file = path.join(dir, 'users.csv');
    await writeFile(file, csv);
    // CSV filter tokens: separator, text delimiter, charset (76 = UTF-8), first line, column
    // formats, language, quoted as text, detect special numbers, …, evaluate formulas (13th).
    const options = `CSV:${separator.charCodeAt(0)},34,76,1,,0,false,true,false,false,false,-1,true`;
    await run(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        `--infilter=${options}`,
        '--convert-to',
        'xlsx',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 120_000 },
    );
    const workbook = XLSX.read(await readFile(path.join(dir, 'users.xlsx')));
    return workbook.Sheets[workbook.SheetNames[0]];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const cells = (sheet: XLSX.WorkSheet) =>
  Object.entries(sheet)
    .filter(([key]) => !key.startsWith('!'))
    .map(([key, cell]) => ({ key, ...(cell as XLSX.CellObject) }));

describe('CSV exports opened with any separator', () => {
  let ctx: Ctx;
  let csv: Buffer;
  beforeAll(async () => {
    ctx = await setup('sqlite');
    const admin = await signedIn(ctx, 'admin');
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      const res = await call(ctx, 'POST', '/users', {
        token: admin.token,
        body: {
          username: `formula${i}`,
          email: `formula${i}@example.com`,
          name,
          password: 'secret1',
          role: 'staff',
          is_verified: true,
        },
      });
      expect(res.status, res.text).toBe(201);
    }
    const res = await ctx.app.request('/api/v1/users/export?format=csv&search=formula', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    csv = Buffer.from(await res.arrayBuffer());
  });
  afterAll(async () => {
    await ctx.close();
  });

  test.each([
    ['semicolon', ';'],
    ['comma', ','],
    ['tab', '\t'],
  ])('with the %s as separator, no cell is a formula or its result', async (_name, separator) => {
    const sheet = await openedByCalc(csv, separator);
    const all = cells(sheet);
    // Every user's e-mail reached the sheet, so the rows were read, not skipped.
    const text = all.map((c) => String(c.v)).join('\n');
    for (let i = 0; i < HOSTILE_NAMES.length; i++)
      expect(text).toContain(`formula${i}@example.com`);
    expect(all.filter((c) => c.f !== undefined)).toEqual([]);
    expect(all.filter((c) => c.t === 'n' && [20, -20, 100].includes(Number(c.v)))).toEqual([]);
  });
});
