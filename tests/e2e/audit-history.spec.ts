// Issue 25, the two histories in the browser: 'Riwayat Perubahan' under the period on the
// dashboard (who, when, what changed, old → new, in Indonesian, for staff and administrators), and
// a user's history that an administrator opens in user management.
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  API_ROOT,
  apiLogin,
  createUserViaApi,
  deleteUsersViaApi,
  expect,
  signInAs,
  test,
} from './support/fixtures';
import { seedSummary } from './support/seed';
import { ADMIN_NAME } from './support/env';

const PERIOD = '2044-05';
const STAFF = {
  name: 'Wulan Riwayat',
  email: 'wulan.riwayat@example.com',
  password: 'Wulan-12345',
};
const SUBJECT = { name: 'Yudi Subjek', email: 'yudi.subjek@example.com', password: 'Yudi-12345' };

test.describe.configure({ mode: 'serial' });

const madeUsers: (number | string)[] = [];

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request);
  madeUsers.push((await createUserViaApi(request, admin.accessToken, STAFF)).id);
  madeUsers.push((await createUserViaApi(request, admin.accessToken, SUBJECT)).id);
  await seedSummary(
    request,
    {
      invoice_period: PERIOD,
      number_of_active_customer: 80,
      number_of_total_transaction: 200,
      number_of_delivered_invoice: 10,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft-2044-05.xlsx',
    },
    { token: admin.accessToken },
  );
});

// The accounts go again, so the specs after this one find the user list as they expect it.
test.afterAll(async ({ request }) => {
  await deleteUsersViaApi(request, madeUsers);
});

const changes = (page: Page) =>
  page.getByRole('region', { name: 'Tabel riwayat perubahan' }).getByRole('table');

test('staff change a count; Riwayat Perubahan shows who, when and old → new in Indonesian', async ({
  page,
}) => {
  await signInAs(page, STAFF.email, STAFF.password);
  await page.goto(`/dashboard?period=${PERIOD}`);
  const card = page.getByRole('article', { name: 'Riwayat Perubahan' });
  // The creation is there already, by the administrator.
  await expect(changes(page).getByRole('row').filter({ hasText: 'Dibuat' })).toContainText(
    ADMIN_NAME,
  );

  await page
    .getByRole('button', {
      name: /^Pengiriman Tagihan: \d+%, [\d.]+ dari [\d.]+ unit\. Ubah progress$/,
    })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update Progress' });
  await dialog.getByLabel('Jumlah progress').fill('75');
  await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
  await expect(dialog).toBeHidden();

  // Newest first: the progress just saved, by Wulan, with the time it happened.
  const newest = changes(page).getByRole('row').nth(1);
  await expect(newest).toContainText('Progres diperbarui');
  await expect(newest).toContainText(STAFF.name);
  await expect(newest).toContainText('Pengiriman Tagihan 10 → 75');
  await expect(newest.getByRole('rowheader')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}\.\d{2}$/);
  await expect(card).not.toContainText('Progress updated');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('riwayat-perubahan.png') });
});

test('an administrator sees the same history, and in Bahasa Indonesia too', async ({ page }) => {
  await signInAs(page);
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.goto(`/dashboard?period=${PERIOD}`);
  const newest = changes(page).getByRole('row').nth(1);
  await expect(newest).toContainText('Progres diperbarui');
  await expect(newest).toContainText('Pengiriman Tagihan 10 → 75');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

const userRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

test("an administrator opens a user's history: the role change, by whom, old → new", async ({
  page,
}) => {
  await signInAs(page);
  await page.goto(`/user-management?q=${encodeURIComponent(SUBJECT.email)}`);
  await userRow(page, SUBJECT.email)
    .getByRole('button', { name: `Edit ${SUBJECT.email}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('Role').selectOption('admin');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  await userRow(page, SUBJECT.email)
    .getByRole('button', { name: `History of ${SUBJECT.email}` })
    .click();
  const history = page.getByRole('dialog', { name: `History of ${SUBJECT.name}` });
  const rows = history.getByRole('region', { name: 'History table' }).getByRole('row');
  const role = rows.filter({ hasText: 'Role Staff → Admin' });
  await expect(role).toHaveCount(1);
  await expect(role).toContainText(ADMIN_NAME);
  await expect(rows.filter({ hasText: 'Created' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('user-history.png') });
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  // The same history in Bahasa Indonesia.
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.reload();
  await userRow(page, SUBJECT.email)
    .getByRole('button', { name: `Riwayat ${SUBJECT.email}` })
    .click();
  const riwayat = page.getByRole('dialog', { name: `Riwayat ${SUBJECT.name}` });
  await expect(
    riwayat.getByRole('region', { name: 'Tabel riwayat' }).getByRole('row').filter({
      hasText: 'Peran Staf → Admin',
    }),
  ).toHaveCount(1);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test("staff cannot read a user's history", async ({ request }) => {
  const staff = await apiLogin(request, STAFF.email, STAFF.password);
  const admin = await apiLogin(request, ADMIN_EMAIL);
  const me = (admin.user as { id: number }).id;
  const res = await request.get(`${API_ROOT}/users/${me}/audit-events`, {
    headers: { Authorization: `Bearer ${staff.accessToken}` },
  });
  expect(res.status()).toBe(403);
});
