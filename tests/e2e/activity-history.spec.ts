// Issue 26 point 1: the account activity names only the fields that changed, by the form's
// labels with old → new values, in the page's language, and its full date and time stay in view
// at 1366 px (they used to be cut to '24/11/2026 19').
import type { Page } from '@playwright/test';
import { API_ROOT, apiLogin, createUserViaApi, expect, signInAs, test } from './support/fixtures';

const EMAIL = 'rina.history@example.com';
const PASSWORD = 'Rina-History-1';
const PERIOD = '2027-03';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request);
  await createUserViaApi(request, admin.accessToken, {
    name: 'Rina History',
    email: EMAIL,
    password: PASSWORD,
  });
  const { accessToken } = await apiLogin(request, EMAIL, PASSWORD);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const created = await request.post(`${API_ROOT}/invoice-summaries`, {
    headers,
    data: {
      invoice_period: PERIOD,
      number_of_active_customer: 900,
      number_of_total_transaction: 40_000,
      number_of_delivered_invoice: 12_000,
      amount_of_local_voice_transaction: 1_500_000,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft-2027-03.xlsx',
    },
  });
  expect(created.status()).toBe(201);
  const { data } = await created.json();
  const updated = await request.put(`${API_ROOT}/invoice-summaries/${data.id}`, {
    headers: { ...headers, 'If-Match': `"${data.version}"` },
    data: {
      number_of_delivered_invoice: 30_500,
      amount_of_local_voice_transaction: 2_750_000,
      number_of_active_customer: 900,
    },
  });
  expect(updated.status()).toBe(200);
});

function activityTable(page: Page) {
  return page
    .getByRole('region', { name: /Recent activity table|Tabel aktivitas terbaru/ })
    .getByRole('table');
}

/** The date cell lies inside the visible part of the scrolling table, not cut at its edge. */
async function expectInView(page: Page, row: ReturnType<Page['getByRole']>) {
  const region = page.getByRole('region', {
    name: /Recent activity table|Tabel aktivitas terbaru/,
  });
  const box = (await region.boundingBox())!;
  const cell = (await row.getByRole('rowheader').boundingBox())!;
  expect(cell.x).toBeGreaterThanOrEqual(box.x);
  expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width);
}

test('at 1366 px the activity shows the changed fields with their labels and the full date', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, EMAIL, PASSWORD);
  await page.goto('/profile');
  const row = activityTable(page)
    .getByRole('row')
    .filter({ hasText: 'Pengiriman Tagihan 12.000 → 30.500' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText('Invoice summary updated');
  await expect(row.getByRole('cell').nth(1)).toContainText('Invoice summary Maret 2027');
  await expect(row.getByRole('cell').nth(1)).toContainText(
    'Nilai Lokal Rp 1.500.000 → Rp 2.750.000',
  );
  // Only the two fields that changed: no column names, no unchanged field.
  await expect(row).not.toContainText('number_of');
  await expect(row).not.toContainText('Jumlah pelanggan aktif');
  await expect(row.getByRole('rowheader')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expectInView(page, row);
  const created = activityTable(page)
    .getByRole('row')
    .filter({ hasText: 'Invoice summary created' });
  await expect(created).toContainText('Invoice summary Maret 2027');
  await page.screenshot({ path: test.info().outputPath('activity-1366.png'), fullPage: true });
});

test('in Bahasa Indonesia the same entry reads in Indonesian, with the Indonesian time format', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, EMAIL, PASSWORD);
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.goto('/profile');
  const row = activityTable(page)
    .getByRole('row')
    .filter({ hasText: 'Pengiriman Tagihan 12.000 → 30.500' });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Progres tagihan diubah');
  await expect(row.getByRole('cell').nth(1)).toContainText('Progres tagihan Maret 2027');
  await expect(row.getByRole('rowheader')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d\.\d\d$/);
  await expect(
    activityTable(page).getByRole('row').filter({ hasText: 'Masuk' }).first(),
  ).toBeVisible();
  await expectInView(page, row);
  await page.screenshot({ path: test.info().outputPath('activity-1366-id.png'), fullPage: true });
});
