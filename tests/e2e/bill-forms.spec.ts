// Forms that remember (issue 26, point 6): leaving a summary form with unsaved typing by the
// sidebar asks first; the dashboard's empty state opens Buat Progres Tagihan with its period
// filled in, with a month picker; a period that already exists is said at the period field and
// beside the buttons, with a link to that period's edit form. At 1366 and 390 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import { seedSummary } from './support/seed';

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const TAKEN = '2035-07';

async function seedTaken(request: APIRequestContext) {
  await seedSummary(
    request,
    {
      invoice_period: TAKEN,
      number_of_active_customer: 70,
      number_of_total_transaction: 700,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft-2035-07',
    },
    { allowTaken: true },
  );
}

/** A sidebar link, opening the navigation drawer first on a phone. */
async function sidebarLink(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Still open when the user stayed on the form after the question.
  const expand = page.getByRole('button', { name: 'Expand sidebar' });
  if (page.viewportSize()!.width <= 768 && (await expand.isVisible())) await expand.click();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  return sidebar.getByRole('link', { name, exact: true });
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Tinggalkan formulir?' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await seedTaken(request);
});

for (const size of SIZES) {
  test(`${size.width} px: leaving a dirty summary form by the sidebar asks first`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAs(page);

    // A clean form: the sidebar goes at once.
    await page.goto('/create-progress-bill');
    await (await sidebarLink(page, 'Dashboard')).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(leaveDialog(page)).toHaveCount(0);

    await page.goto('/create-progress-bill');
    await page.getByLabel('Jumlah pelanggan aktif').fill('321');
    await (await sidebarLink(page, 'Dashboard')).click();
    const dialog = leaveDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('belum disimpan');
    await page.screenshot({ path: test.info().outputPath(`leave-ask-${size.width}.png`) });

    // Stay: the page and the typing are still there.
    await dialog.getByRole('button', { name: 'Tetap di sini' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/create-progress-bill$/);
    await expect(page.getByLabel('Jumlah pelanggan aktif')).toHaveValue('321');

    // Leave: the sidebar's destination, as asked.
    await (await sidebarLink(page, 'Update Progres Tagihan')).click();
    await leaveDialog(page).getByRole('button', { name: 'Tinggalkan' }).click();
    await expect(page).toHaveURL(/\/update-progress-bill$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Update Progres Tagihan' }),
    ).toBeVisible();

    // The edit form of a summary asks too.
    await page.goto(`/update-progress-bill?period=${TAKEN}`);
    const edit = page.getByRole('form', { name: 'Edit Progres Tagihan' });
    await expect(edit.getByLabel('Jumlah pelanggan aktif')).toHaveValue('70');
    await edit.getByLabel('Jumlah pelanggan aktif').fill('71');
    await (await sidebarLink(page, 'Dashboard')).click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Tetap di sini' }).click();
    await expect(edit.getByLabel('Jumlah pelanggan aktif')).toHaveValue('71');
  });

  test(`${size.width} px: the empty state's Buat Progres Tagihan carries the period; the month picker sets it`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAs(page);
    await page.goto('/dashboard?period=2035-10');
    await expect(page.getByRole('heading', { name: 'Belum ada data' })).toBeVisible();
    await page.getByRole('button', { name: 'Buat Progres Tagihan' }).click();
    await expect(page).toHaveURL(/\/create-progress-bill\?period=2035-10$/);
    const period = page.getByLabel('Periode tagihan');
    await expect(period).toHaveValue('2035-10');
    const picker = page.getByRole('group', { name: 'Pilih bulan' });
    await expect(picker.getByLabel('Bulan')).toHaveValue('10');
    await expect(picker.getByLabel('Tahun')).toHaveValue('2035');
    await picker.getByLabel('Bulan').selectOption({ label: 'November' });
    await expect(period).toHaveValue('2035-11');
    // The years offered run around this one (and keep the field's own).
    const thisYear = String(new Date().getFullYear());
    await picker.getByLabel('Tahun').selectOption(thisYear);
    await expect(period).toHaveValue(`${thisYear}-11`);
    // Typed by hand, the picker follows.
    await period.fill('2035-03');
    await expect(picker.getByLabel('Bulan')).toHaveValue('03');
    await page.screenshot({ path: test.info().outputPath(`create-period-${size.width}.png`) });
  });

  test(`${size.width} px: a period that exists is said at the field and beside Simpan, with a link to its edit form`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAs(page);
    await page.goto(`/create-progress-bill?period=${TAKEN}`);
    await page.getByLabel('Jumlah pelanggan aktif').fill('10');
    await page.getByLabel('Jumlah transaksi', { exact: true }).fill('20');
    await page.getByLabel('URL Data Transaksi (Draft Tagihan)').fill('https://drive.example.com/x');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    const form = page.getByRole('form', { name: 'Buat Progres Tagihan' });
    const refusal = form.getByRole('alert').filter({ hasText: `periode ${TAKEN} sudah ada` });
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeFocused();
    const link = refusal.getByRole('link', { name: 'Edit progres tagihan Juli 2035' });
    await expect(link).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Simpan', exact: true })).toBeInViewport();

    // At the field too: marked invalid, described, with the same way out.
    const period = page.getByLabel('Periode tagihan');
    await expect(period).toHaveAttribute('aria-invalid', 'true');
    await expect(period).toHaveAccessibleDescription('Periode Juli 2035 sudah ada.');
    await expect(
      form.getByRole('group', { name: 'Periode' }).getByRole('link', {
        name: 'Edit progres tagihan Juli 2035',
      }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`create-taken-${size.width}.png`) });

    // The link opens that period's edit form (after the question: the typing would be lost).
    await link.click();
    await leaveDialog(page).getByRole('button', { name: 'Tinggalkan' }).click();
    await expect(page).toHaveURL(new RegExp(`/update-progress-bill\\?period=${TAKEN}$`));
    await expect(
      page.getByRole('heading', { name: 'Edit progres tagihan Juli 2035' }),
    ).toBeVisible();
  });
}
