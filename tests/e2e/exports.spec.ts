// Issue 25, exports in the browser: Export on user management and on the summaries list downloads
// a .csv or .xlsx holding exactly the rows the current filters and sort select, across all pages,
// under the name the server gives (the day and the filters).
import type { APIRequestContext, Download } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { formatPeriodDisplay } from '../../src/domain/billing/period';
import {
  API_ROOT,
  apiLogin,
  createUserViaApi,
  deleteUsersViaApi,
  expect,
  signInAs,
  test,
} from './support/fixtures';
import { seedSummary } from './support/seed';

const TAG = 'ekspor';
/** Six verified staff match the filter (more than one page of 5); an admin and an unverified one do not. */
const MATCHING = ['ana', 'bayu', 'citra', 'dodi', 'eka', 'fajar'].map((n) => ({
  name: `${n[0].toUpperCase()}${n.slice(1)} Ekspor`,
  email: `${n}.${TAG}@example.com`,
  password: 'Ekspor-12345',
}));
const ADMIN_MATCH = {
  name: 'Gita Ekspor',
  email: `gita.${TAG}@example.com`,
  password: 'Ekspor-12345',
};
const UNVERIFIED = {
  name: 'Hadi Ekspor',
  email: `hadi.${TAG}@example.com`,
  password: 'Ekspor-12345',
};
const PERIODS = ['2045-01', '2045-02', '2045-03'];

test.describe.configure({ mode: 'serial' });

const created: (number | string)[] = [];

test.beforeAll(async ({ request }) => {
  const { accessToken } = await apiLogin(request);
  for (const user of MATCHING)
    created.push((await createUserViaApi(request, accessToken, user)).id);
  created.push(
    (await createUserViaApi(request, accessToken, { ...ADMIN_MATCH, role: 'admin' })).id,
  );
  created.push(
    (await createUserViaApi(request, accessToken, { ...UNVERIFIED, verified: false })).id,
  );
  for (const period of PERIODS) {
    await seedSummary(
      request,
      {
        invoice_period: period,
        number_of_active_customer: 10,
        number_of_total_transaction: 20,
        url_shared_file_draft_invoice: `https://drive.example.com/${period}.xlsx`,
      },
      { token: accessToken },
    );
  }
});

// The accounts go again, so the specs after this one find the user list as they expect it.
test.afterAll(async ({ request }) => {
  await deleteUsersViaApi(request, created);
});

/** RFC 4180 with a BOM: fields split by commas, records by CRLF, quotes doubled inside quotes. */
function csvRows(text: string): string[][] {
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
    } else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function xlsxRows(bytes: Buffer): unknown[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  return XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true });
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

const today = () => new Date().toISOString().slice(0, 10);

test('user management: Export .csv and .xlsx hold exactly the filtered users, every page', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto(`/user-management?q=${TAG}&role=staff&verified=true&limit=5`);
  const table = page.getByRole('region', { name: 'Users table' });
  await expect(table.getByRole('row')).toHaveCount(6); // the header and the first page of 5
  const exporter = page.getByRole('group', { name: 'Export' });

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Export .csv' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(
    `users_${today()}_role-staff_verified-yes_search-${TAG}.csv`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toHaveText(
    `Downloaded ${csv.suggestedFilename()}`,
  );
  await page.screenshot({ path: test.info().outputPath('users-exported.png') });
  const rows = csvRows((await bytesOf(csv)).toString('utf8'));
  expect(rows[0]).toEqual(['Name', 'Username', 'Email', 'Role', 'Status', 'Created']);
  expect(
    rows
      .slice(1)
      .map((r) => r[2])
      .sort(),
  ).toEqual(MATCHING.map((u) => u.email).sort());
  expect(rows.slice(1).every((r) => r[3] === 'Staff' && r[4] === 'Verified')).toBe(true);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Export .xlsx' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}_role-staff_.*\.xlsx$/);
  const sheet = xlsxRows(await bytesOf(xlsx));
  expect(sheet[0]).toEqual(['Name', 'Username', 'Email', 'Role', 'Status', 'Created']);
  expect(sheet.slice(1).map((r) => r[2])).toEqual(rows.slice(1).map((r) => r[2]));
  expect(
    sheet
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(MATCHING.map((u) => u.name).sort());
});

test('in Bahasa Indonesia the users file is headed in Indonesian', async ({ page }) => {
  await signInAs(page);
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.goto(`/user-management?q=${TAG}&role=admin`);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('group', { name: 'Ekspor' })
      .getByRole('button', { name: 'Ekspor .csv' })
      .click(),
  ]);
  const rows = csvRows((await bytesOf(csv)).toString('utf8'));
  expect(rows).toEqual([
    ['Nama', 'Username', 'Email', 'Peran', 'Status', 'Dibuat'],
    [
      ADMIN_MATCH.name,
      expect.any(String),
      ADMIN_MATCH.email,
      'Admin',
      'Terverifikasi',
      expect.any(String),
    ],
  ]);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

/** Every summary as the list orders it (newest period first), through every page of the API. */
async function listedPeriods(request: APIRequestContext): Promise<string[]> {
  const { accessToken } = await apiLogin(request);
  const periods: string[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(
      `${API_ROOT}/invoice-summaries?sort_by=invoice_period&sort_order=desc&limit=100&page=${page}`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
    );
    const { data } = await res.json();
    periods.push(...data.summaries.map((s: { invoice_period: string }) => s.invoice_period));
    if (page >= (data.pagination?.total_pages ?? 1)) return periods;
  }
}

test('the summaries list: Ekspor .csv and .xlsx hold every summary in the list order', async ({
  page,
  request,
}) => {
  await signInAs(page);
  await page.goto('/update-progress-bill');
  await expect(page.getByRole('table', { name: 'Daftar progres tagihan' })).toBeVisible();
  const expected = (await listedPeriods(request)).map(formatPeriodDisplay);
  expect(expected).toEqual(expect.arrayContaining(PERIODS.map(formatPeriodDisplay)));
  const exporter = page.getByRole('group', { name: 'Ekspor' });

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Ekspor .csv' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`progres-tagihan_${today()}.csv`);
  const rows = csvRows((await bytesOf(csv)).toString('utf8'));
  expect(rows[0][0]).toBe('Periode');
  expect(rows.slice(1).map((r) => r[0])).toEqual(expected);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Ekspor .xlsx' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`progres-tagihan_${today()}.xlsx`);
  const sheet = xlsxRows(await bytesOf(xlsx));
  expect(sheet.slice(1).map((r) => r[0])).toEqual(expected);
  // Numbers are numbers in the workbook.
  const row = sheet.find((r) => r[0] === formatPeriodDisplay('2045-02'))!;
  expect(row[1]).toBe(10);
  expect(row[2]).toBe(20);
});
