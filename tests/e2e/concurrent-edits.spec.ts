// Issue 25, concurrent edits in the browser: two people edit the same summary or the same user in
// two browser contexts. The second save is refused (412); the form keeps what its user typed,
// names who changed what since, and offers to reload or to apply the typed values on top.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  API_ROOT,
  apiLogin,
  createUserViaApi,
  deleteUsersViaApi,
  expect,
  signInAs,
  test,
} from './support/fixtures';

const PERIOD = '2043-04';
const PERIOD_DISPLAY = 'April 2043';
const STAFF = { name: 'Sekar Staf', email: 'sekar.conflict@example.com', password: 'Sekar-12345' };
const ADMIN2 = { name: 'Bima Admin', email: 'bima.conflict@example.com', password: 'Bima-12345' };
const TARGET = { name: 'Tari Target', email: 'tari.conflict@example.com', password: 'Tari-12345' };

/** The screen as the person sees it, kept with the test's output for review. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`conflict-${name}.png`) });

let summaryId = 0;
let targetId: number | string = 0;
let staffId: number | string = 0;
let admin2Id: number | string = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request);
  staffId = (await createUserViaApi(request, admin.accessToken, STAFF)).id;
  admin2Id = (await createUserViaApi(request, admin.accessToken, { ...ADMIN2, role: 'admin' })).id;
  targetId = (await createUserViaApi(request, admin.accessToken, TARGET)).id;
  const created = await request.post(`${API_ROOT}/invoice-summaries`, {
    headers: { Authorization: `Bearer ${admin.accessToken}` },
    data: {
      invoice_period: PERIOD,
      number_of_active_customer: 100,
      number_of_total_transaction: 400,
      number_of_delivered_invoice: 50,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft-2043-04.xlsx',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  summaryId = (await created.json()).data.id;
});

// The accounts go again, so the specs after this one find the user list as they expect it.
test.afterAll(async ({ request }) => {
  await deleteUsersViaApi(request, [targetId, staffId, admin2Id]);
});

async function asOther(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, who.email, who.password);
  return { context, page };
}

async function summaryNow(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request);
  const res = await request.get(`${API_ROOT}/invoice-summaries/${summaryId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return (await res.json()).data as Record<string, number | string>;
}

async function openSummaryForm(page: Page) {
  await page.goto(`/update-progress-bill?period=${PERIOD}`);
  const form = page.getByRole('form', { name: 'Edit Progres Tagihan' });
  await expect(form).toBeVisible();
  return form;
}

test('two people edit one summary: the second sees who changed what, and applies their values on top', async ({
  page,
  browser,
  request,
}) => {
  await signInAs(page);
  const mine = await openSummaryForm(page);
  await mine.getByLabel('Jumlah pelanggan aktif').fill('111');

  // Meanwhile Sekar saves the same summary in her own browser.
  const other = await asOther(browser, STAFF);
  const theirs = await openSummaryForm(other.page);
  await theirs.getByLabel('Jumlah pelanggan aktif').fill('222');
  await theirs.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(other.page.getByText('berhasil', { exact: false }).first()).toBeVisible();

  await mine.getByRole('button', { name: 'Simpan', exact: true }).click();
  const conflict = page.getByRole('alert', { name: 'Diubah oleh orang lain' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(STAFF.name);
  await expect(conflict).toContainText('Jumlah pelanggan aktif 100 → 222');
  // What I typed is still there.
  await expect(mine.getByLabel('Jumlah pelanggan aktif')).toHaveValue('111');
  await conflict.scrollIntoViewIfNeeded();
  await shot(page, 'summary-form');

  await conflict.getByRole('button', { name: 'Terapkan isian saya' }).click();
  await expect(conflict).toBeHidden();
  await expect.poll(async () => (await summaryNow(request)).number_of_active_customer).toBe(111);
  await other.context.close();
});

test('two people edit one summary: the second reloads and sees the new values', async ({
  page,
  browser,
}) => {
  await signInAs(page);
  const mine = await openSummaryForm(page);
  await mine.getByLabel('Jumlah transaksi', { exact: true }).fill('500');

  const other = await asOther(browser, STAFF);
  const theirs = await openSummaryForm(other.page);
  await theirs.getByLabel('Jumlah transaksi', { exact: true }).fill('450');
  await theirs.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(other.page.getByText('berhasil', { exact: false }).first()).toBeVisible();
  await other.context.close();

  await mine.getByRole('button', { name: 'Simpan', exact: true }).click();
  const conflict = page.getByRole('alert', { name: 'Diubah oleh orang lain' });
  await expect(conflict).toContainText(`${STAFF.name}`);
  await expect(conflict).toContainText('Jumlah transaksi 400 → 450');
  await expect(mine.getByLabel('Jumlah transaksi', { exact: true })).toHaveValue('500');
  await conflict.getByRole('button', { name: 'Muat ulang' }).click();
  await expect(conflict).toBeHidden();
  await expect(mine.getByLabel('Jumlah transaksi', { exact: true })).toHaveValue('450');
  await expect(mine.getByLabel('Jumlah pelanggan aktif')).toHaveValue('111');
});

test('the progress dialog on the dashboard: a count changed meanwhile is named, reload or apply', async ({
  page,
  browser,
  request,
}) => {
  await signInAs(page);
  await page.goto(`/dashboard?period=${PERIOD}`);
  await expect(page.getByText('Memuat data dashboard...')).toBeHidden();
  const openDelivery = () =>
    page
      .getByRole('button', {
        name: /^Pengiriman Tagihan: \d+%, [\d.]+ dari [\d.]+ unit\. Ubah progress$/,
      })
      .click();

  await openDelivery();
  const dialog = page.getByRole('dialog', { name: 'Update Progress' });
  await dialog.getByLabel('Jumlah progress').fill('300');

  const other = await asOther(browser, STAFF);
  await other.page.goto(`/dashboard?period=${PERIOD}`);
  await other.page
    .getByRole('button', {
      name: /^Pengiriman Tagihan: \d+%, [\d.]+ dari [\d.]+ unit\. Ubah progress$/,
    })
    .click();
  const theirs = other.page.getByRole('dialog', { name: 'Update Progress' });
  await theirs.getByLabel('Jumlah progress').fill('120');
  await theirs.getByRole('button', { name: 'Simpan Progress' }).click();
  await expect(theirs.getByText('Progress berhasil diupdate!')).toBeVisible();
  await other.context.close();

  await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
  const conflict = dialog.getByRole('alert', { name: 'Diubah oleh orang lain' });
  await expect(conflict).toContainText(STAFF.name);
  await expect(conflict).toContainText('Pengiriman Tagihan 50 → 120');
  await expect(dialog.getByLabel('Jumlah progress')).toHaveValue('300');
  await shot(page, 'progress-dialog');
  await conflict.getByRole('button', { name: 'Muat ulang' }).click();
  await expect(dialog.getByLabel('Jumlah progress')).toHaveValue('120');

  // Typed again, refused again after another change, then applied on top.
  await dialog.getByLabel('Jumlah progress').fill('310');
  const { accessToken } = await apiLogin(request, STAFF.email, STAFF.password);
  const now = await summaryNow(request);
  const res = await request.put(`${API_ROOT}/invoice-summaries/progress-delivered/${summaryId}`, {
    headers: { Authorization: `Bearer ${accessToken}`, 'If-Match': `"${now.version}"` },
    data: { number_of_delivered_invoice: 130 },
  });
  expect(res.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
  await expect(conflict).toContainText('Pengiriman Tagihan 120 → 130');
  await conflict.getByRole('button', { name: 'Terapkan isian saya' }).click();
  await expect(dialog.getByText('Progress berhasil diupdate!')).toBeVisible();
  await expect.poll(async () => (await summaryNow(request)).number_of_delivered_invoice).toBe(310);
  await expect(
    page.getByRole('heading', { name: `Layanan Voice: ${PERIOD_DISPLAY}` }),
  ).toBeVisible();
});

const userRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

async function openUserEdit(page: Page) {
  await page.goto(`/user-management?search=${encodeURIComponent(TARGET.email)}`);
  await userRow(page, TARGET.email)
    .getByRole('button', { name: `Edit ${TARGET.email}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('Email')).toHaveValue(TARGET.email);
  return dialog;
}

test('two admins edit one user: the second sees who changed what; apply mine, then reload', async ({
  page,
  browser,
  request,
}) => {
  await signInAs(page);
  const mine = await openUserEdit(page);
  await mine.getByLabel('Name', { exact: true }).fill('Tari Mine');

  const other = await asOther(browser, ADMIN2);
  const theirs = await openUserEdit(other.page);
  await theirs.getByLabel('Name', { exact: true }).fill('Tari Theirs');
  await theirs.getByRole('button', { name: 'Save Changes' }).click();
  await expect(theirs).toBeHidden();

  await mine.getByRole('button', { name: 'Save Changes' }).click();
  const conflict = mine.getByRole('alert', { name: 'Changed by someone else' });
  await expect(conflict).toContainText(ADMIN2.name);
  await expect(conflict).toContainText('Name “Tari Target” → “Tari Theirs”');
  await expect(mine.getByLabel('Name', { exact: true })).toHaveValue('Tari Mine');
  await shot(page, 'user-form');
  await conflict.getByRole('button', { name: 'Apply my changes' }).click();
  await expect(mine).toBeHidden();
  await expect(userRow(page, TARGET.email)).toContainText('Tari Mine');

  // Again, and this time take theirs: the form shows the user as it is now.
  const again = await openUserEdit(page);
  await again.getByLabel('Name', { exact: true }).fill('Tari Mine Again');
  const theirsAgain = await openUserEdit(other.page);
  await theirsAgain.getByLabel('Role').selectOption('admin');
  await theirsAgain.getByRole('button', { name: 'Save Changes' }).click();
  await expect(theirsAgain).toBeHidden();
  await other.context.close();

  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expect(conflict).toContainText('Role Staff → Admin');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(again.getByLabel('Name', { exact: true })).toHaveValue('Tari Mine');
  await expect(again.getByLabel('Role')).toHaveValue('admin');
  await again.getByRole('button', { name: 'Cancel' }).click();

  const { accessToken } = await apiLogin(request);
  const res = await request.get(`${API_ROOT}/users/${targetId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect((await res.json()).data).toMatchObject({ name: 'Tari Mine', role: 'admin' });
});

test('a row action on a user changed meanwhile says so; confirming again applies it', async ({
  page,
  request,
}) => {
  await signInAs(page);
  await page.goto(`/user-management?search=${encodeURIComponent(TARGET.email)}`);
  await userRow(page, TARGET.email)
    .getByRole('button', { name: `Invalidate ${TARGET.email}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Invalidate user' });

  // Another admin renames the user before this one confirms.
  const other = await apiLogin(request, ADMIN2.email, ADMIN2.password);
  const current = await request.get(`${API_ROOT}/users/${targetId}`, {
    headers: { Authorization: `Bearer ${other.accessToken}` },
  });
  const { version } = (await current.json()).data;
  const renamed = await request.put(`${API_ROOT}/users/${targetId}`, {
    headers: { Authorization: `Bearer ${other.accessToken}`, 'If-Match': `"${version}"` },
    data: { name: 'Tari Renamed' },
  });
  expect(renamed.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Invalidate', exact: true }).click();
  const conflict = dialog.getByRole('alert', { name: 'Changed by someone else' });
  await expect(conflict).toContainText(ADMIN2.name);
  await expect(conflict).toContainText('Name “Tari Mine” → “Tari Renamed”');
  await conflict.getByRole('button', { name: 'Apply my changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(userRow(page, TARGET.email)).toContainText('Unverified');
});
