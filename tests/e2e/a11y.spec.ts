// Accessibility audit (issue 16): axe-core on every screen, signed out and signed in, at 1366 and
// 390 px, with the dialogs, the user menu and the navigation drawer open. No serious or critical
// violation may remain.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { apiLogin, createUserViaApi, expect, signInAs, test } from './support/fixtures';
import { seedSummary } from './support/seed';

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const FIXTURES = path.resolve('tests/fixtures');

/** Runs axe on the page as it is now; every serious or critical violation fails the test. */
async function audit(page: Page, screen: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Let opening menus, drawers and fades finish: axe measures colours as they are mid-transition.
  // Only running, finite ones (spinners repeat forever; a paused one never finishes), and 2 s at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Infinity,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
  expect.soft(serious, `axe on ${screen}`).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const { accessToken } = await apiLogin(request);
  await seedSummary(
    request,
    {
      invoice_period: '2032-05',
      number_of_active_customer: 1000,
      number_of_total_transaction: 1000,
      number_of_usage_transaction: 600,
      amount_of_local_voice_transaction: 1500000,
    },
    { token: accessToken, allowTaken: true },
  );
  // Someone to open the delete dialog on: the last administrator's Delete is disabled.
  await createUserViaApi(request, accessToken, {
    name: 'Axe Staff',
    email: 'axe.staff@example.com',
    password: 'AxeStaff123',
  }).catch(() => undefined); // already there from the other size
});

for (const size of SIZES) {
  test(`signed out at ${size.width} px: sign-in, sign-up, forgot and reset password, not found`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    for (const screen of [
      '/signin',
      '/signup',
      '/forgot-password',
      '/reset-password?token=abc',
      '/no-such-page',
    ]) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await audit(page, screen);
    }
    // With the field messages and the refusal shown.
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await audit(page, '/signin with field errors');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Wrong12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
    ).toBeVisible();
    await audit(page, '/signin refused');
  });

  test(`signed in at ${size.width} px: every screen, its dialogs, the user menu and the drawer`, async ({
    page,
  }) => {
    test.setTimeout(420_000); // many screens and dialogs; the machine is shared
    await page.setViewportSize(size);
    await signInAs(page);

    await page.goto('/dashboard?period=2032-05');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Layanan Voice: Mei 2032' }),
    ).toBeVisible();
    await audit(page, 'dashboard');
    await page
      .getByRole('button', {
        name: /^Penyediaan Data Transaksi: \d+%, [\d.]+ dari [\d.]+ unit\. Ubah progress$/,
      })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'progress dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/dashboard?period=2032-06');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Layanan Voice: Juni 2032' }),
    ).toBeVisible();
    await audit(page, 'dashboard, empty period');

    // The user menu, and on a phone the navigation drawer.
    await page.getByRole('button', { name: /^User menu for/ }).click();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await audit(page, 'user menu open');
    await page.keyboard.press('Escape');
    if (size.width < 768) {
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
      await audit(page, 'navigation drawer open');
      await page.keyboard.press('Escape');
    }

    await page.goto('/create-progress-bill');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Buat Progres Tagihan' }),
    ).toBeVisible();
    await audit(page, 'create bill');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText(/^Periksa kembali \d+ isian/)).toBeVisible();
    await audit(page, 'create bill with errors');

    await page.goto('/update-progress-bill');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Update Progres Tagihan' }),
    ).toBeVisible();
    await audit(page, 'update bill list');
    await page.getByRole('button', { name: 'Hapus Mei 2032' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'delete summary dialog');
    await page.keyboard.press('Escape');
    await page.goto('/update-progress-bill?period=2032-05');
    await expect(page.getByRole('form', { name: 'Edit Progres Tagihan' })).toBeVisible();
    await audit(page, 'update bill form');

    await page.goto('/user-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Manajemen User' })).toBeVisible();
    await audit(page, 'user management');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Add User' }).click();
    await audit(page, 'add user dialog with errors');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit admin@example.com' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await audit(page, 'edit user dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete axe.staff@example.com' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'delete user dialog');
    await page.keyboard.press('Escape');

    await page.goto('/invoice-document-generator');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Generate Tagihan Voice' }),
    ).toBeVisible();
    await audit(page, 'generator');
    await page
      .getByLabel('DOCX Template')
      .setInputFiles(path.join(FIXTURES, 'tagihan_template.docx'));
    await expect(page.getByLabel('DOCX Template')).toBeEnabled();
    await page.getByLabel('Excel Data').setInputFiles(path.join(FIXTURES, 'pelanggan_50.xlsx'));
    await expect(page.getByRole('combobox', { name: 'nama_pelanggan', exact: true })).toBeVisible();
    await audit(page, 'generator with files');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await audit(page, 'profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    await audit(page, 'change password dialog');
    await page.keyboard.press('Escape');

    await page.goto('/403');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await audit(page, '403');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await audit(page, '404');
  });
}
