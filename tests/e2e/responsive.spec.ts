// Every screen as people use it on a phone (390 × 844), a narrow window with the sidebar open
// (1000 × 800) and a laptop (1366 × 900): the navigation drawer, no sideways scrolling, row
// actions within reach.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import path from 'node:path';
import { apiLogin, createUserViaApi, expect, signInAs, test } from './support/fixtures';
import { seedSummary } from './support/seed';

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 1000, height: 800 };
const LAPTOP = { width: 1366, height: 900 };

const FIXTURES = path.resolve('tests/fixtures');
const LONG_EMAIL = 'bartholomew.longname-wijayakusuma@example-company.co.id';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`responsive-${name}.png`), fullPage: true });

async function seed(request: APIRequestContext) {
  const { accessToken } = await apiLogin(request);
  await seedSummary(
    request,
    {
      invoice_period: '2029-04',
      number_of_active_customer: 123456,
      number_of_total_transaction: 9876543,
      total_transaction_amount: 98765432100,
    },
    { token: accessToken, allowTaken: true },
  );
  await createUserViaApi(request, accessToken, {
    name: 'Bartholomew Longname Wijayakusuma',
    email: LONG_EMAIL,
    password: 'Bart12345',
    verified: false,
  }).catch(() => undefined); // already there from an earlier test of this file
}

/** The page does not scroll sideways: nothing sticks out of the viewport's width. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(
    scrollWidth,
    `${screen} scrolls sideways (${scrollWidth} > ${clientWidth})`,
  ).toBeLessThanOrEqual(clientWidth);
}

/** The whole box of the element lies inside the viewport, so it is seen without scrolling sideways. */
async function expectFullyInViewWidth(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  expect(box, `${what} has no box`).not.toBeNull();
  expect(box!.x, `${what} starts left of the viewport`).toBeGreaterThanOrEqual(0);
  expect(
    box!.x + box!.width,
    `${what} ends right of the viewport (${width} px)`,
  ).toBeLessThanOrEqual(width);
}

/** The option text shown in a select fits inside the select (nothing clipped). */
async function expectSelectTextFits(select: Locator) {
  const { text, room } = await select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const shown = el.selectedOptions[0]?.text ?? '';
    return {
      text: context.measureText(shown).width,
      room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(text).toBeLessThanOrEqual(room);
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const backdrop = (page: Page) => page.getByTestId('drawer-backdrop');
const menuButton = (page: Page) =>
  page.getByRole('button', { name: /^(Expand|Collapse) sidebar$/ });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await seed(request);
});

test('phone: the navigation drawer starts closed, opens over a backdrop and closes on a tap outside, Escape and navigation', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Closed after sign-in: the content is not covered.
  await expect(sidebar(page)).toBeHidden();
  await expect(backdrop(page)).toHaveCount(0);
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Opens over a backdrop; a tap outside the drawer closes it.
  await menuButton(page).click();
  await expect(sidebar(page)).toBeVisible();
  await expect(backdrop(page)).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Manajemen User' })).toBeInViewport();
  await shot(page, 'phone-drawer-open');
  await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
  await expect(sidebar(page)).toBeHidden();
  await expect(backdrop(page)).toHaveCount(0);

  // Escape closes it and gives the focus back to the menu button.
  await menuButton(page).click();
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  // Following a link closes it; the page is there, uncovered.
  await menuButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manajemen User' }).click();
  await expect(page).toHaveURL(/\/user-management/);
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Manajemen User' })).toBeVisible();

  // Back in the browser history closes an open drawer too.
  await menuButton(page).click();
  await expect(sidebar(page)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(sidebar(page)).toBeHidden();
});

test('phone: no screen scrolls sideways; table rows stack and their actions are within reach', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  for (const screen of ['/signin', '/signup', '/forgot-password', '/reset-password?token=x']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, screen);
  }

  await signInAs(page);
  const screens: Array<[string, string]> = [
    ['/dashboard?period=2029-04', 'Layanan Voice: April 2029'],
    ['/create-progress-bill', 'Buat Progres Tagihan'],
    ['/update-progress-bill', 'Update Progres Tagihan'],
    ['/update-progress-bill?period=2029-04', 'Update Progres Tagihan'],
    ['/user-management', 'Manajemen User'],
    ['/invoice-document-generator', 'Generate Tagihan Voice'],
    ['/profile', 'Profile Settings'],
    ['/403', 'Access Denied'],
    ['/no-such-page', 'Page Not Found'],
  ];
  for (const [screen, heading] of screens) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, screen);
  }

  // The users list: every row's actions are on screen (no sideways scroll needed) and work.
  await page.goto('/user-management');
  const row = page.getByRole('row').filter({ hasText: LONG_EMAIL });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page, '/user-management');
  for (const action of ['Edit', 'Verify', 'Delete']) {
    await expectFullyInViewWidth(
      row.getByRole('button', { name: `${action} ${LONG_EMAIL}` }),
      `${action} button`,
    );
  }
  await shot(page, 'phone-users');
  await row.getByRole('button', { name: `Edit ${LONG_EMAIL}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page, 'Edit User dialog');
  await expectFullyInViewWidth(dialog.getByRole('button', { name: 'Cancel' }), 'Cancel');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The summaries: Edit and Hapus on screen.
  await page.goto('/update-progress-bill');
  const summary = page.getByRole('row').filter({ hasText: 'April 2029' });
  await expectFullyInViewWidth(summary.getByRole('button', { name: 'Edit April 2029' }), 'Edit');
  await expectFullyInViewWidth(summary.getByRole('button', { name: 'Hapus April 2029' }), 'Hapus');
  await shot(page, 'phone-summaries');

  // The generator with a template and a workbook: mapping dropdowns keep a usable width.
  await page.goto('/invoice-document-generator');
  await page
    .getByLabel('DOCX Template')
    .setInputFiles(path.join(FIXTURES, 'tagihan_template.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(path.join(FIXTURES, 'pelanggan_50.xlsx'));
  const mapping = page.getByRole('combobox', { name: 'nama_pelanggan', exact: true });
  await expect(mapping).toBeVisible();
  await expectNoSidewaysScroll(page, 'generator with files');
  await expectSelectTextFits(mapping);
  await expectFullyInViewWidth(mapping, 'mapping dropdown');
  await shot(page, 'phone-generator');
});

test('1000 px with the sidebar open: row actions in view without sideways scroll, filters not clipped', async ({
  page,
}) => {
  await page.setViewportSize(NARROW);
  await signInAs(page);
  await expect(page.locator('.app-layout')).toHaveAttribute('data-sidebar', 'expanded');
  await expect(sidebar(page)).toBeVisible();

  await page.goto('/user-management');
  const row = page.getByRole('row').filter({ hasText: LONG_EMAIL });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page, '/user-management');
  for (const action of ['Edit', 'Verify', 'Delete']) {
    await expectFullyInViewWidth(
      row.getByRole('button', { name: `${action} ${LONG_EMAIL}` }),
      `${action} button`,
    );
  }
  await expectSelectTextFits(page.getByLabel('Filter by verification'));
  await expectSelectTextFits(page.getByLabel('Filter by role'));
  await shot(page, 'narrow-users');

  await page.goto('/update-progress-bill');
  const summary = page.getByRole('row').filter({ hasText: 'April 2029' });
  await expectNoSidewaysScroll(page, '/update-progress-bill');
  await expectFullyInViewWidth(summary.getByRole('button', { name: 'Edit April 2029' }), 'Edit');
  await expectFullyInViewWidth(summary.getByRole('button', { name: 'Hapus April 2029' }), 'Hapus');
  await shot(page, 'narrow-summaries');
});

test('1366 px: every screen fits, the sidebar stays a column (no backdrop)', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signInAs(page);
  await expect(sidebar(page)).toBeVisible();
  await expect(backdrop(page)).toHaveCount(0);
  for (const screen of [
    '/dashboard?period=2029-04',
    '/create-progress-bill',
    '/update-progress-bill',
    '/user-management',
    '/invoice-document-generator',
    '/profile',
  ]) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, screen);
  }
  const row = page.getByRole('row');
  await page.goto('/user-management');
  await expectFullyInViewWidth(
    row.filter({ hasText: LONG_EMAIL }).getByRole('button', { name: `Delete ${LONG_EMAIL}` }),
    'Delete',
  );
});
