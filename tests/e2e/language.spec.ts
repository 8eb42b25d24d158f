// Language (issue 16, docs/product.md#limits locales en and id, default en): a control labelled 'Language' on
// the auth pages and in the user dropdown; English by default with the spec's texts; Bahasa
// Indonesia for the account screens, the layout and the notices (billing stays Indonesian);
// remembered in the browser and set on <html lang>.
import type { Page } from '@playwright/test';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './support/fixtures';

const html = (page: Page) => page.locator('html');

test('English by default; Bahasa Indonesia on the auth pages, remembered across pages and reloads', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signin');
  const language = page.getByLabel('Language');
  await expect(language).toHaveValue('en');
  await expect(language.locator('option')).toHaveText(['English', 'Bahasa Indonesia']);
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  await language.selectOption({ label: 'Bahasa Indonesia' });
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('button', { name: 'Masuk', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Lupa kata sandi?' })).toBeVisible();
  // Messages made elsewhere (validation) are in the chosen language too.
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByText('Email wajib diisi')).toBeVisible();
  await expect(page.getByText('Kata sandi wajib diisi')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('language-signin-id.png') });

  // Remembered: the other auth pages and a reload keep it.
  await page.getByRole('link', { name: 'Daftar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daftar' })).toBeVisible();
  await expect(page.getByLabel('Language')).toHaveValue('id');
  await expect(page.getByLabel('Nama')).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Lupa Kata Sandi' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kirim Tautan Reset' })).toBeVisible();
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('heading', { level: 1, name: 'Lupa Kata Sandi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('id');

  // And back to English, the spec's texts exactly.
  await page.getByLabel('Language').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en');
});

for (const size of [
  { width: 1366, height: 900 },
  { width: 1000, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`signed in at ${size.width} px: the shell and the notices in Indonesian, billing unchanged, Language in the user menu`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/signin');
    await page.getByLabel('Language').selectOption('id');
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Kata sandi', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    // Billing screens keep their Indonesian texts.
    await expect(page.getByRole('heading', { level: 1, name: /^Layanan Voice: / })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Jejak navigasi' })
        .getByRole('link', { name: 'Beranda' }),
    ).toBeVisible();

    // A notice in Indonesian: a signed-in user opening /signin.
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(
      page.getByRole('region', { name: 'Notifikasi' }).getByText('Sudah Masuk', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Anda sudah masuk.')).toBeVisible();

    // The sidebar's group headings (in the drawer on a phone).
    if (size.width <= 768) await page.getByRole('button', { name: 'Buka bilah samping' }).click();
    await expect(
      page.getByRole('complementary', { name: 'Bilah samping' }).getByText('MANAJEMEN TAGIHAN'),
    ).toBeVisible();
    if (size.width <= 768) await page.keyboard.press('Escape');

    // The user dropdown: Language, Profil, Keluar; switching back to English there.
    await page.getByRole('button', { name: 'Menu pengguna Administrator' }).click();
    const menuLanguage = page.locator('.app-user-menu').getByLabel('Language');
    await expect(menuLanguage).toHaveValue('id');
    await expect(page.getByRole('link', { name: 'Profil', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keluar' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`language-menu-id-${size.width}.png`) });
    await menuLanguage.selectOption({ label: 'English' });
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
  });
}

test('Manajemen User in Bahasa Indonesia: filters, table, pager and the Add dialog; the title stays', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.reload();
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Kata sandi', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Manajemen User' })).toBeVisible();
  await expect(page.getByLabel('Cari pengguna')).toBeVisible();
  await expect(page.getByLabel('Saring menurut verifikasi').locator('option').first()).toHaveText(
    'Semua status',
  );
  await expect(page.getByRole('columnheader', { name: 'Nama' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Ubah ${ADMIN_EMAIL}` })).toBeVisible();
  await expect(page.getByText(/^Menampilkan 1–\d+ dari \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await expect(dialog.getByLabel('Nama', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Tambah Pengguna' }).click();
  await expect(dialog.getByText('Email wajib diisi')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('language-users-id.png') });
});

test('Profile Settings in Bahasa Indonesia, the Change Password dialog included', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.reload();
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Kata sandi', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Pengaturan Profil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Detail Akun' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aktivitas Akun' })).toBeVisible();
  await page.getByRole('button', { name: 'Ganti Kata Sandi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ganti Kata Sandi' });
  await dialog.getByRole('button', { name: 'Ganti Kata Sandi' }).click();
  await expect(dialog.getByText('Kata sandi saat ini wajib diisi')).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
});

test('Generate Tagihan Voice in Bahasa Indonesia: steps, mapping and notices; the tab title follows; kept after a reload', async ({
  page,
}) => {
  const fixtures = path.resolve('tests/fixtures');
  await page.goto('/signin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.reload();
  await expect(page).toHaveTitle('Masuk - Dashboard Invoice');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Kata sandi', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/invoice-document-generator');
  // The title is the Indonesian menu name in both languages.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Generate Tagihan Voice' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Generate Tagihan Voice - Dashboard Invoice');
  await expect(page.getByRole('heading', { name: 'Langkah 1: Unggah Berkas' })).toBeVisible();

  // A refused file: the spec's notice in Indonesian.
  await page
    .getByLabel('Template DOCX')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.locator('.gen-messages').getByRole('alert')).toHaveText(
    'Pilih templat Word yang valid (.docx, .dotx atau .docm)',
  );

  await page
    .getByLabel('Template DOCX')
    .setInputFiles(path.join(fixtures, 'tagihan_template.docx'));
  // Every input is disabled while the template is analysed.
  await expect(page.getByTestId('chosen-file')).toHaveText(/tagihan_template\.docx/);
  await expect(page.getByLabel('Template DOCX')).toBeEnabled();
  await page.getByLabel('Data Excel').setInputFiles(path.join(fixtures, 'pelanggan_50.xlsx'));
  await expect(page.getByRole('heading', { name: 'Langkah 2: Pilih Baris Data' })).toBeVisible();
  await expect(page.getByText(/^Dipilih: \d+ \/ \d+ baris$/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Pilih baris 1', exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Langkah 3: Petakan Kolom Template' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Petakan Otomatis Nama Serupa' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Kolom Excel' })).toBeVisible();
  await page.getByRole('button', { name: 'Hapus Semua Pemetaan' }).click();
  await expect(page.locator('.gen-mapping select').first().locator('option').first()).toHaveText(
    '-- Pilih kolom --',
  );
  await expect(page.getByRole('heading', { name: 'Langkah 4: Buat Dokumen' })).toBeVisible();
  await expect(
    page.getByText('Petakan semua kolom template sebelum membuat dokumen.'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Buat Dokumen Gabungan \(\d+ bagian\)$/ }),
  ).toBeDisabled();
  await page.screenshot({
    path: test.info().outputPath('language-generator-id.png'),
    fullPage: true,
  });

  // Reset: its notice in Indonesian.
  await page.getByRole('button', { name: 'Atur Ulang' }).click();
  await expect(page.locator('.gen-messages').getByRole('status')).toHaveText(
    'Semua data telah diatur ulang. Anda bisa mulai dari awal!',
  );

  // Kept after a reload: the screen, the tab title and <html lang>.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Langkah 1: Unggah Berkas' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await page.goto('/profile');
  await expect(page).toHaveTitle('Pengaturan Profil - Dashboard Invoice');

  // Back to English: the spec's texts exactly.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/invoice-document-generator');
  await expect(page.getByRole('heading', { name: 'Step 1: Upload Files' })).toBeVisible();
  await expect(page.getByLabel('DOCX Template')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile Settings - Dashboard Invoice');
});
