// Billing screens in Chromium: the create form, the dashboard (figures, chart, progress, documents,
// empty and error states), the progress dialog, and the update page (edit and delete).
import type { APIRequestContext, Page } from '@playwright/test';
import { API_ROOT, apiLogin, createUserViaApi, expect, signInAs, test } from './support/fixtures';
import { seedSummary } from './support/seed';

const SHOTS = 'test-results/billing-screens';

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request)).accessToken;
}

async function openDashboard(page: Page, period: string) {
  await page.goto(`/dashboard?period=${period}`);
  await expect(page.getByText('Memuat data dashboard...')).toBeHidden();
}

const stepButton = (page: Page, title: string) =>
  page.getByRole('button', {
    name: new RegExp(`^${title}: \\d+%, [\\d.]+ dari [\\d.]+ unit\\. Ubah progress$`),
  });

test.describe('billing', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page);
  });

  test('create a period through the form (every docs/product.md#input-rules error first) and see it on the dashboard', async ({
    page,
  }) => {
    await page.goto('/create-progress-bill');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Buat Progres Tagihan' }),
    ).toBeVisible();
    for (const legend of [
      'Periode',
      'Pelanggan & transaksi',
      'Nilai per jenis panggilan',
      'Progres',
      'Dokumen',
    ]) {
      await expect(page.getByRole('group', { name: legend, exact: true })).toBeVisible();
    }

    // Empty form: the four required fields.
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByText('Periode tagihan harus diisi')).toBeVisible();
    await expect(
      page.getByText('Jumlah pelanggan aktif harus diisi dan lebih dari 0'),
    ).toBeVisible();
    await expect(page.getByText('Jumlah transaksi harus diisi dan lebih dari 0')).toBeVisible();
    await expect(page.getByText('URL dokumen draft harus diisi')).toBeVisible();
    await expect(page.getByLabel('Periode tagihan')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${SHOTS}/create-form-errors.png`, fullPage: true });

    // Wrong format, a bad URL, deliveries above the total.
    await page.getByLabel('Periode tagihan').fill('03/2031');
    await page.getByLabel('Jumlah pelanggan aktif').fill('1250');
    await page.getByLabel('Jumlah transaksi', { exact: true }).fill('2000');
    await page.getByLabel('URL Data Transaksi (Draft Tagihan)').fill('bukan url');
    await page.getByLabel('Pengiriman Tagihan', { exact: true }).fill('2001');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(
      page.getByText('Format periode tagihan harus YYYY-MM (contoh: 2024-01)'),
    ).toBeVisible();
    await expect(page.getByText('URL dokumen draft tidak valid')).toBeVisible();
    await expect(
      page.getByText('Jumlah transaksi progress tidak boleh melebihi total transaksi!'),
    ).toBeVisible();

    // Rupiah inputs take '1.500.000' and show rupiah when left.
    await page.getByLabel('Periode tagihan').fill('2031-03');
    await page.getByLabel('Nilai transaksi', { exact: true }).fill('150.000.000');
    await page.getByLabel('Nilai transaksi', { exact: true }).blur();
    await expect(page.getByLabel('Nilai transaksi', { exact: true })).toHaveValue('Rp 150.000.000');
    const amounts: Record<string, string> = {
      'Nilai Lokal': '50.000.000',
      'Nilai HP Lokal': '30000000',
      'Nilai SLJJ': 'Rp 20.000.000',
      'Nilai HP SLJJ': '15.000.000',
      'Nilai SLI': '10.000.000',
      'Nilai Aktivasi': '5.000.000',
      'Nilai Abodemen': '12.000.000',
      'Nilai Mincom': '3.000.000',
      'Nilai Resell': '4.000.000',
      'Nilai Lainnya': '1.000.000',
    };
    for (const [label, value] of Object.entries(amounts))
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Nilai HP Lokal', { exact: true }).blur();
    await expect(page.getByLabel('Nilai HP Lokal', { exact: true })).toHaveValue('Rp 30.000.000');
    const progress: Record<string, string> = {
      'Penyediaan Data Transaksi': '2000',
      'Verifikasi Transaksi & Tagihan': '1700',
      'Generate Tagihan': '1300',
      'Pengiriman Tagihan': '900',
      'Upload Faktur Pajak': '200',
    };
    for (const [label, value] of Object.entries(progress))
      await page.getByLabel(label, { exact: true }).fill(value);
    await page
      .getByLabel('URL Data Transaksi (Draft Tagihan)')
      .fill('https://drive.example.com/draft-2031-03');
    await page
      .getByLabel('URL Tagihan', { exact: true })
      .fill('https://drive.example.com/tagihan-2031-03');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();

    await expect(page.getByText('Invoice summary berhasil dibuat')).toBeVisible();
    await page.waitForURL('**/dashboard?period=2031-03');

    // The dashboard of the new period.
    await expect(page.getByRole('link', { name: 'Layanan Voice: Maret 2031' })).toHaveAttribute(
      'href',
      '/update-progress-bill?period=2031-03',
    );
    const customers = page.getByRole('article', { name: 'Pelanggan' });
    await expect(customers.getByRole('definition')).toHaveText([
      '1.250',
      '2.000',
      'Rp 150.000.000',
    ]);
    await expect(customers.getByRole('term')).toHaveText([
      'Pelanggan Aktif',
      'Transaksi Layanan',
      'Nilai Transaksi',
    ]);

    const expected = [
      ['Penyediaan Data Transaksi', 100, 'success'],
      ['Verifikasi Transaksi & Tagihan', 85, 'success'],
      ['Generate Tagihan', 65, 'info'],
      ['Pengiriman Tagihan', 45, 'warning'],
      ['Upload Faktur Pajak', 10, 'danger'],
    ] as const;
    for (const [title, pct, band] of expected) {
      await expect(
        page.getByRole('button', {
          name: new RegExp(`^${title}: ${pct}%, [\\d.]+ dari [\\d.]+ unit\\. Ubah progress$`),
        }),
      ).toBeVisible();
      await expect(page.getByRole('progressbar', { name: `${title} ${pct}%` })).toHaveAttribute(
        'data-band',
        band,
      );
    }
    await expect(page.getByText('Selesai 61%')).toBeVisible();

    // The chart: a canvas with an accessible name, a legend, and the figures in a table.
    const chart = page.getByRole('img', { name: /Grafik batang Transaksi Pemakaian/ });
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.locator('.u-legend')).toContainText('Lokal');
    await expect(chart.locator('.u-legend')).toContainText('Lainnya');
    // (uPlot draws the axis labels on the canvas; the screenshots show them as 'Rp 50 jt' etc.)
    const periodTable = page.getByRole('table', { name: /Data grafik Transaksi Pemakaian/ });
    await expect(periodTable.getByRole('row', { name: 'Lokal Rp 50.000.000' })).toHaveCount(1);
    await expect(periodTable.getByRole('row', { name: 'Abodemen Rp 12.000.000' })).toHaveCount(1);
    await expect(periodTable.getByRole('row')).toHaveCount(11);

    // Documents: 'Lihat' opens in a new tab safely, 'Belum ada' without a URL.
    const documents = page.getByRole('table', { name: 'Dokumen Pendukung Penagihan' });
    const draft = documents.getByRole('row', { name: /Data Transaksi \(Draft Tagihan\)/ });
    await expect(
      draft.getByRole('link', { name: 'Lihat Data Transaksi (Draft Tagihan)' }),
    ).toHaveAttribute('href', 'https://drive.example.com/draft-2031-03');
    await expect(draft.getByRole('link')).toHaveAttribute('target', '_blank');
    await expect(draft.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(documents.getByRole('row', { name: /^Faktur Pajak/ })).toContainText('Belum ada');
    await expect(
      documents
        .getByRole('row', { name: /^Tagihan Folder/ })
        .getByRole('link', { name: 'Lihat Tagihan' }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dashboard-loaded.png`, fullPage: true });

    // The overview: the voice series per recent period.
    await page.getByRole('button', { name: /periode terakhir/ }).click();
    const overviewTable = page.getByRole('table', { name: /Data grafik Transaksi Pemakaian/ });
    await expect(overviewTable.getByRole('columnheader')).toHaveText([
      'Periode',
      'Lokal',
      'HP Lokal',
      'SLJJ',
      'HP SLJJ',
      'SLI',
    ]);
    await expect(overviewTable.getByRole('row', { name: /^Maret 2031/ })).toContainText(
      'Rp 10.000.000',
    );
    await page.screenshot({ path: `${SHOTS}/dashboard-overview-chart.png`, fullPage: true });

    // The same period again: 'sudah ada'.
    await page.goto('/create-progress-bill');
    await page.getByLabel('Periode tagihan').fill('2031-03');
    await page.getByLabel('Jumlah pelanggan aktif').fill('1');
    await page.getByLabel('Jumlah transaksi', { exact: true }).fill('1');
    await page.getByLabel('URL Data Transaksi (Draft Tagihan)').fill('https://drive.example.com/x');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(
      page.getByRole('form', { name: 'Buat Progres Tagihan' }).getByRole('alert').filter({
        hasText:
          'Invoice summary untuk periode 2031-03 sudah ada. Gunakan halaman Update untuk mengubah data.',
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/create-progress-bill$/);
  });

  test('the progress dialog: read-only step and period, slider by keyboard, docs/product.md#input-rules errors, save and the dashboard changes', async ({
    page,
    request,
  }) => {
    await seedSummary(request, {
      invoice_period: '2031-05',
      number_of_total_transaction: 400,
      number_of_generated_invoice: 100,
      number_of_delivered_invoice: 40,
    });
    await openDashboard(page, '2031-05');
    await stepButton(page, 'Generate Tagihan').click();

    const dialog = page.getByRole('dialog', { name: 'Update Progress' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Progress', { exact: true })).toHaveValue('Generate Tagihan');
    await expect(dialog.getByLabel('Progress', { exact: true })).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Periode')).toHaveValue('Mei 2031');
    await expect(dialog.getByText('100 dari 400 unit')).toBeVisible();
    await expect(dialog.getByText('25%', { exact: true })).toBeVisible();

    const slider = dialog.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('End');
    await expect(dialog.getByText('400 dari 400 unit')).toBeVisible();
    await expect(dialog.getByText('100%', { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText('399 dari 400 unit')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/progress-dialog.png` });

    const count = dialog.getByLabel('Jumlah progress');
    await count.fill('-5');
    await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
    await expect(dialog.getByText('Jumlah progress tidak boleh negatif!')).toBeVisible();
    await count.fill('401');
    await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
    await expect(
      dialog.getByText('Jumlah progress tidak boleh melebihi total transaksi!'),
    ).toBeVisible();
    await count.fill('300');
    await dialog.getByLabel('URL folder tagihan (opsional)').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
    await expect(dialog.getByText('URL folder tagihan tidak valid')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/progress-dialog-errors.png` });

    await dialog
      .getByLabel('URL folder tagihan (opsional)')
      .fill('https://drive.example.com/tagihan-2031-05');
    await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
    await expect(dialog.getByText('Progress berhasil diupdate!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(stepButton(page, 'Generate Tagihan')).toHaveAccessibleName(
      'Generate Tagihan: 75%, 300 dari 400 unit. Ubah progress',
    );
    await expect(page.getByRole('progressbar', { name: 'Generate Tagihan 75%' })).toHaveAttribute(
      'data-band',
      'info',
    );
    await expect(page.getByRole('link', { name: 'Lihat Tagihan' })).toHaveAttribute(
      'href',
      'https://drive.example.com/tagihan-2031-05',
    );
    // Messages disappear after 5 s.
    await expect(page.getByText('Progress berhasil diupdate!')).toBeHidden({ timeout: 8000 });

    // Delivery has no document URL; Batal leaves the count as it was.
    await stepButton(page, 'Pengiriman Tagihan').click();
    await expect(dialog.getByText('40 dari 400 unit')).toBeVisible();
    await expect(dialog.getByLabel(/URL/)).toHaveCount(0);
    await dialog.getByLabel('Jumlah progress').fill('200');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(dialog).toBeHidden();
    await expect(stepButton(page, 'Pengiriman Tagihan')).toHaveAccessibleName(
      'Pengiriman Tagihan: 10%, 40 dari 400 unit. Ubah progress',
    );

    // The change is stored: a reload shows it.
    await page.reload();
    await expect(stepButton(page, 'Generate Tagihan')).toHaveAccessibleName(
      'Generate Tagihan: 75%, 300 dari 400 unit. Ubah progress',
    );
  });

  test('the dialog disables the slider when the total is 0 and refuses to save without an invoice id', async ({
    page,
  }) => {
    // Neither can be stored through the API (total > 0, ids always present), so the list answer is stubbed.
    const summary = (period: string, extra: Record<string, unknown>) => ({
      invoice_period: period,
      number_of_active_customer: 5,
      number_of_total_transaction: 0,
      ...extra,
    });
    await page.route(/\/api\/v1\/invoice-summaries\?.*period=2033-0[12]/, (route) => {
      const period = new URL(route.request().url()).searchParams.get('period')!;
      const row =
        period === '2033-01'
          ? summary(period, { id: 424242 })
          : summary(period, { number_of_total_transaction: 10 });
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { summaries: [row] } }),
      });
    });
    await openDashboard(page, '2033-01');
    await stepButton(page, 'Penyediaan Data Transaksi').click();
    const dialog = page.getByRole('dialog', { name: 'Update Progress' });
    await expect(dialog.getByRole('slider')).toBeDisabled();
    await expect(dialog.getByLabel('Jumlah progress')).toBeDisabled();
    await expect(dialog.getByText('0 dari 0 unit')).toBeVisible();
    await dialog.getByRole('button', { name: 'Batal' }).click();

    await page.getByRole('button', { name: 'Bulan berikutnya (Februari 2033)' }).click();
    await stepButton(page, 'Upload Faktur Pajak').click();
    await dialog.getByLabel('Jumlah progress').fill('3');
    await dialog.getByRole('button', { name: 'Simpan Progress' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invoice ID not found');
  });

  test('a period without data shows the empty state; the month buttons and a reload keep the period', async ({
    page,
    request,
  }) => {
    await seedSummary(request, { invoice_period: '2031-08' });
    await openDashboard(page, '2031-07');
    await expect(page.getByRole('link', { name: 'Layanan Voice: Juli 2031' })).toBeVisible();
    await expect(
      page.getByText('Belum ada progres tagihan untuk periode Juli 2031.'),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dashboard-empty.png`, fullPage: true });

    await page.getByRole('button', { name: 'Bulan berikutnya (Agustus 2031)' }).click();
    await expect(page).toHaveURL(/period=2031-08/);
    await expect(page.getByRole('link', { name: 'Layanan Voice: Agustus 2031' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Pelanggan' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Layanan Voice: Agustus 2031' })).toBeVisible();
    await page.getByRole('button', { name: 'Bulan sebelumnya (Juli 2031)' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Buat Progres Tagihan' }).click();
    // The empty period goes along (issue 26) and fills the form's period.
    await expect(page).toHaveURL(/\/create-progress-bill\?period=2031-07$/);
    await expect(page.getByLabel('Periode tagihan')).toHaveValue('2031-07');

    // The period title opens the edit form of that period.
    await openDashboard(page, '2031-08');
    await page.getByRole('link', { name: 'Layanan Voice: Agustus 2031' }).click();
    await expect(page).toHaveURL(/\/update-progress-bill\?period=2031-08$/);
    await expect(
      page.getByRole('heading', { name: 'Edit progres tagihan Agustus 2031' }),
    ).toBeVisible();
  });

  test("the API failing shows 'Coba Lagi' and retry works; coming back to /dashboard reloads", async ({
    page,
    request,
  }) => {
    await seedSummary(request, { invoice_period: '2031-10', number_of_active_customer: 77 });
    let failures = 1;
    // Only this period's call fails, once (the sign-in's own dashboard load may still be running).
    await page.route(/\/api\/v1\/invoice-summaries\?.*period=2031-10/, async (route) => {
      if (failures-- > 0) {
        // Slow enough to see the loading panel first.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'boom' }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto('/dashboard?period=2031-10');
    await expect(
      page.getByRole('status').filter({ hasText: 'Memuat data dashboard...' }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dashboard-loading.png` });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Gagal memuat data dashboard' }),
    ).toContainText('Terjadi kesalahan saat memuat data dashboard');
    await page.screenshot({ path: `${SHOTS}/dashboard-error.png`, fullPage: true });
    await page.getByRole('button', { name: 'Coba Lagi' }).click();
    await expect(
      page.getByRole('article', { name: 'Pelanggan' }).getByRole('definition').first(),
    ).toHaveText('77');

    // Changed elsewhere, then back to /dashboard through the app: the new figure shows.
    const token = await adminToken(request);
    const list = await request.get(`${API_ROOT}/invoice-summaries?period=2031-10`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const id = (await list.json()).data.summaries[0].id;
    await request.put(`${API_ROOT}/invoice-summaries/${id}`, {
      data: { number_of_active_customer: 88 },
      headers: { Authorization: `Bearer ${token}` },
    });
    await page.getByRole('link', { name: 'Layanan Voice: Oktober 2031' }).click();
    await expect(page).toHaveURL(/update-progress-bill/);
    await page.goBack();
    await expect(
      page.getByRole('article', { name: 'Pelanggan' }).getByRole('definition').first(),
    ).toHaveText('88');
  });

  test('the update page: table newest first, ?period= selects, docs/product.md#input-rules errors, edit and delete with a confirmation', async ({
    page,
    request,
  }) => {
    await seedSummary(request, {
      invoice_period: '2032-01',
      number_of_total_transaction: 500,
      amount_of_local_voice_transaction: 2500000,
    });
    await seedSummary(request, { invoice_period: '2032-02', number_of_total_transaction: 600 });
    await page.goto('/update-progress-bill');
    const table = page.getByRole('table', { name: 'Daftar progres tagihan' });
    await expect(table.getByRole('row', { name: /^Januari 2032/ })).toHaveCount(1);
    const periods = await table.getByRole('rowheader').allTextContents();
    await page.screenshot({ path: `${SHOTS}/update-table.png`, fullPage: true });
    expect(periods.indexOf('Februari 2032')).toBeLessThan(periods.indexOf('Januari 2032'));
    expect(periods).toEqual([...periods].sort((a, b) => toPeriod(b).localeCompare(toPeriod(a))));

    await page.getByRole('button', { name: 'Edit Januari 2032' }).click();
    const form = page.getByRole('form', { name: 'Edit Progres Tagihan' });
    await expect(form.getByLabel('Periode tagihan')).toHaveValue('2032-01');
    await expect(form.getByLabel('Nilai Lokal', { exact: true })).toHaveValue('Rp 2.500.000');
    await form.getByLabel('Penyediaan Data Transaksi', { exact: true }).fill('501');
    await form.getByLabel('Jumlah pelanggan aktif').fill('0');
    await form.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(
      form.getByText('Jumlah transaksi progress tidak boleh melebihi total transaksi!'),
    ).toBeVisible();
    await expect(
      form.getByText('Jumlah pelanggan aktif harus diisi dan lebih dari 0'),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/update-form-errors.png`, fullPage: true });

    await form.getByLabel('Penyediaan Data Transaksi', { exact: true }).fill('250');
    await form.getByLabel('Jumlah pelanggan aktif').fill('321');
    await form.getByLabel('Nilai Lokal', { exact: true }).fill('3.000.000');
    await form.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByText('Invoice summary berhasil diupdate')).toBeVisible();
    const january = table.getByRole('row', { name: /^Januari 2032/ });
    await expect(january).toContainText('321');
    await expect(january).toContainText('10%');

    await page.goto('/dashboard?period=2032-01');
    await expect(stepButton(page, 'Penyediaan Data Transaksi')).toHaveAccessibleName(
      /^Penyediaan Data Transaksi: 50%, [\d.]+ dari [\d.]+ unit\. Ubah progress$/,
    );
    await expect(
      page
        .getByRole('table', { name: /Data grafik/ })
        .getByRole('row', { name: 'Lokal Rp 3.000.000' }),
    ).toHaveCount(1);

    // ?period= opens that summary's form; Batal goes back to the table.
    await page.goto('/update-progress-bill?period=2032-02');
    await expect(
      page.getByRole('heading', { name: 'Edit progres tagihan Februari 2032' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Batal' }).click();
    await expect(table).toBeVisible();
    await expect(page).toHaveURL(/\/update-progress-bill$/);

    // Delete: cancel first, then confirm.
    await page.getByRole('button', { name: 'Hapus Februari 2032' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hapus progres tagihan' });
    await expect(confirm).toContainText('Februari 2032');
    await page.screenshot({ path: `${SHOTS}/update-delete-confirm.png` });
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await expect(table.getByRole('row', { name: /^Februari 2032/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Hapus Februari 2032' }).click();
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect(page.getByText('Invoice summary berhasil dihapus')).toBeVisible();
    await expect(table.getByRole('row', { name: /^Februari 2032/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /^Januari 2032/ })).toHaveCount(1);
  });

  test('the update page without any summary offers Buat Progres Tagihan', async ({ page }) => {
    await page.route(/\/api\/v1\/invoice-summaries\?/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          data: { summaries: [], pagination: { page: 1, limit: 50, total: 0 } },
        }),
      }),
    );
    await page.goto('/update-progress-bill');
    await expect(page.getByText('Belum ada ringkasan tagihan yang bisa diubah.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/update-empty.png`, fullPage: true });
    await page
      .getByRole('main')
      .getByRole('article')
      .getByRole('button', { name: 'Buat Progres Tagihan' })
      .click();
    await expect(page).toHaveURL(/\/create-progress-bill$/);
  });

  test('without Update Progres Tagihan the bars are shown but do not open the dialog', async ({
    browser,
    request,
  }) => {
    await seedSummary(request, { invoice_period: '2032-06', number_of_usage_transaction: 200 });
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const menus = (await (await request.get(`${API_ROOT}/menus`, { headers: auth })).json())
      .data as Array<{ id: number; name: string; roles?: string[] }>;
    const updateMenu = menus.find((m) => m.name === 'Update Progres Tagihan')!;
    await createUserViaApi(request, token, {
      name: 'Staf Tanpa Update',
      email: 'staf-no-update@example.com',
      password: 'Staff12345',
    });
    await request.put(`${API_ROOT}/menus/${updateMenu.id}`, {
      data: { roles: ['admin'] },
      headers: auth,
    });
    // A fresh context: no admin session or cached menus in its storage.
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInAs(page, 'staf-no-update@example.com', 'Staff12345');
      await openDashboard(page, '2032-06');
      await expect(
        page.getByRole('progressbar', { name: 'Penyediaan Data Transaksi 50%' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /Ubah progress/ })).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Update Progres Tagihan' }),
      ).toHaveCount(0);
    } finally {
      await context.close();
      await request.put(`${API_ROOT}/menus/${updateMenu.id}`, {
        data: { roles: ['admin', 'staff'] },
        headers: auth,
      });
    }
  });
});

const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
function toPeriod(display: string): string {
  const [month, year] = display.split(' ');
  return `${year}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}`;
}
