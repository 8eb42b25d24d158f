// The dashboard on a phone (issue 26, point 2): the usage chart's category labels fit (slanted,
// upright or left to the legend instead of printed over each other) and the supporting documents
// are stacked rows, so 'Diubah' and 'Lihat' are on screen without scrolling sideways. The laptop
// keeps flat labels and the table.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, expect, test } from './support/fixtures';
import { seedSummary } from './support/seed';

test.use({ signedIn: true });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const PERIOD = '2034-06';

async function seed(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request);
  const periods = ['2034-01', '2034-02', '2034-03', '2034-04', '2034-05', PERIOD];
  for (const period of periods) {
    await seedSummary(
      request,
      {
        invoice_period: period,
        number_of_active_customer: 12345,
        number_of_total_transaction: 98765,
        amount_of_local_voice_transaction: 1_200_000_000,
        amount_of_hp_local_voice_transaction: 900_000_000,
        amount_of_voice_sljj_transaction: 450_000_000,
        amount_of_hp_voice_sljj_transaction: 300_000_000,
        amount_of_voice_sli_transaction: 150_000_000,
        amount_of_activation_transaction: 50_000_000,
        amount_of_subscription_transaction: 700_000_000,
        amount_of_mincom_transaction: 20_000_000,
        amount_of_resell_transaction: 80_000_000,
        amount_of_other_cost_transaction: 10_000_000,
        url_shared_folder_invoice: 'https://drive.example.com/invoices',
      },
      { token: accessToken, allowTaken: true },
    );
  }
}

/** The whole box of the element lies inside the viewport's width. */
async function expectInViewWidth(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  expect(box.x, `${what} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends right of the screen (${width} px)`).toBeLessThanOrEqual(
    width,
  );
}

const chart = (page: Page) => page.getByRole('img', { name: /^Grafik batang Transaksi Pemakaian/ });
const documents = (page: Page) => page.getByRole('table', { name: 'Dokumen Pendukung Penagihan' });

async function openDashboard(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.goto(`/dashboard?period=${PERIOD}`);
  await expect(page.getByRole('heading', { name: 'Transaksi Pemakaian' })).toBeVisible();
  await expect(chart(page).locator('canvas').first()).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await seed(request);
});

test('390 px: chart labels slant, stand upright or give way to the legend; documents stack with Diubah and Lihat in view', async ({
  page,
}) => {
  await openDashboard(page, PHONE);

  // Ten call types in about 220 px: written flat they printed over each other ('LokaHP LokaSLJJ…').
  await expect(chart(page)).toHaveAttribute('data-x-labels', /^(slanted|upright|legend)$/);
  // The legend still names every bar in its colour.
  for (const name of ['Lokal', 'HP Lokal', 'SLJJ', 'Abodemen', 'Lainnya'])
    await expect(page.locator('.u-legend').getByText(name, { exact: true })).toBeVisible();
  // The chart itself stays within the screen.
  await expectInViewWidth(chart(page), 'the chart');

  // Each document is a card of 'label value' lines: the date it changed and its link are on screen.
  const draft = documents(page).getByRole('row', { name: /Data Transaksi \(Draft Tagihan\)/ });
  await expectInViewWidth(draft.getByRole('cell', { name: /Diubah/ }), "the draft's Diubah");
  await expect(draft.getByRole('cell', { name: /Diubah/ })).toContainText(/\d{2}\/\d{2}\/2\d{3}/);
  const open = draft.getByRole('link', { name: 'Lihat Data Transaksi (Draft Tagihan)' });
  await expectInViewWidth(open, "the draft's Lihat");
  await expect(open).toHaveAttribute('href', 'https://drive.example.com/draft');
  const folder = documents(page).getByRole('row', { name: /^Tagihan/ });
  await expectInViewWidth(folder.getByRole('link', { name: 'Lihat Tagihan' }), 'Lihat Tagihan');
  await expectInViewWidth(
    documents(page)
      .getByRole('row', { name: /Faktur Pajak/ })
      .getByText('Belum ada'),
    "Faktur Pajak's 'Belum ada'",
  );
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
  await page.screenshot({ path: test.info().outputPath('dashboard-390.png'), fullPage: true });

  // The overview: six periods grouped, too wide for flat labels on a phone.
  await page.getByRole('button', { name: /periode terakhir$/ }).click();
  await expect(chart(page)).toHaveAttribute('data-x-labels', /^(short|slanted|upright)$/);
  await page
    .locator('.bill-chart')
    .screenshot({ path: test.info().outputPath('chart-overview-390.png') });
});

test('1366 px: chart labels flat in full; documents stay a table with its column headers', async ({
  page,
}) => {
  await openDashboard(page, LAPTOP);
  await expect(chart(page)).toHaveAttribute('data-x-labels', 'flat');
  await page.getByRole('button', { name: /periode terakhir$/ }).click();
  await expect(chart(page)).toHaveAttribute('data-x-labels', 'flat');

  for (const header of ['Dokumen', 'Jenis', 'Dibuat', 'Diubah', 'Link'])
    await expect(documents(page).getByRole('columnheader', { name: header })).toBeVisible();
  const draft = documents(page).getByRole('row', { name: /Data Transaksi \(Draft Tagihan\)/ });
  await expectInViewWidth(
    draft.getByRole('link', { name: 'Lihat Data Transaksi (Draft Tagihan)' }),
    'Lihat',
  );
  // A table row is one line: the link sits level with the document's name.
  const middle = async (l: Locator) => {
    const box = (await l.boundingBox())!;
    return box.y + box.height / 2;
  };
  const offset =
    (await middle(draft.getByRole('rowheader'))) - (await middle(draft.getByRole('link')));
  expect(Math.abs(offset)).toBeLessThan(6);
  await page.screenshot({ path: test.info().outputPath('dashboard-1366.png'), fullPage: true });
});
