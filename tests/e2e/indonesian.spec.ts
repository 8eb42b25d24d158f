// One language per mode (issue 26 point 4): with Bahasa Indonesia chosen, no English text is
// rendered on any route — the auth pages, 404, the dashboard with data, the progress-bill forms,
// user management with its dialogs, the profile with its activity and the generator with both
// files loaded. Every visible text node, option, placeholder, accessible name and the tab title
// is checked against English words and phrases; names, emails, numbers, the brand, the bilingual
// Language label and data values are left out before checking.
import type { APIRequestContext, Page } from '@playwright/test';
import path from 'node:path';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  API_ROOT,
  apiLogin,
  createUserViaApi,
  expect,
  test,
} from './support/fixtures';
import { seedSummary } from './support/seed';

const STAFF = { name: 'Sari Wulandari', email: 'sari.id@example.com', password: 'rahasia-123' };
const PERIOD = '2034-11';

/**
 * English words no Indonesian text uses (whole words, any case). Words Indonesian shares or
 * borrows (data, file, link, menu, reset, total, April, November, the spec's 'Manajemen User',
 * 'Ubah progress', 'Edit Progres Tagihan') are not in it.
 */
const ENGLISH_WORDS = `
  the and of to is are was be been your you we our this that with for from by or not no yet
  please if an it in on at as has have will can may must does exist exists sign signed signing
  password forgot sent send account member since home users staff role roles name created
  updated deleted verified unverified invalidated verify invalidate delete add save cancel
  close back next previous page pages select selected choose files row rows sections export
  search filter all show showing reload refresh activity profile settings logout log out
  loading failed error changed change picture image bytes devices sessions address agent date
  action description actions unknown retry field fields column mapping mapped unmapped preview
  output merged document documents sheet step new current confirm weak fair good strong
  success successful successfully required invalid skip content sidebar navigation dismiss
  notification notifications january february march may june july august october december
  monday tuesday wednesday thursday friday saturday sunday am pm period language english
`
  .trim()
  .split(/\s+/);
const ENGLISH = new RegExp(
  `(?<![\\p{L}\\p{N}_-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\p{N}_-])`,
  'iu',
);
/** English date shapes: 'November 24, 2026', '24/11/2026 19:43' (Indonesian writes 19.43). */
const ENGLISH_DATES = [
  /\b[A-Z][a-z]+ \d{1,2}, \d{4}\b/,
  /\b\d{1,2}\/\d{1,2}\/\d{4},? \d{1,2}:\d{2}\b/,
];

/**
 * Not English although made of the words above: the brand, the bilingual language label, the
 * spec's Indonesian billing texts (which borrow English words), and data the test itself typed
 * or the fixtures carry. Removed from a text before it is checked.
 */
const ALLOWED = [
  'Dashboard Invoice',
  'Bahasa / Language',
  'English',
  ADMIN_EMAIL,
  STAFF.email,
  STAFF.name,
  'Administrator Utama',
  'Administrator',
  /https?:\/\/\S+/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
];

interface Found {
  where: string;
  text: string;
}

/** Every text a person (or a screen reader) meets on the page now. */
async function renderedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const visible = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, noscript')) continue;
      const inSelect = parent.closest('select');
      if (!(inSelect ? visible(inSelect) : visible(parent))) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-valuetext]',
    )) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

function englishIn(texts: string[], allowed: readonly (string | RegExp)[]): string[] {
  const bad: string[] = [];
  for (const original of texts) {
    let text = original;
    for (const allow of [...ALLOWED, ...allowed]) {
      text = typeof allow === 'string' ? text.split(allow).join(' ') : text.replace(allow, ' ');
    }
    if (ENGLISH.test(text) || ENGLISH_DATES.some((shape) => shape.test(text))) bad.push(original);
  }
  return [...new Set(bad)];
}

/**
 * The names, usernames and emails in the user table: data, whatever language they are in (other
 * specs of the same run add accounts such as 'Axe Staff'). An email breaks after its '@' (<wbr>),
 * so its first part is a text of its own.
 */
async function listedPeople(page: Page): Promise<string[]> {
  const cells = await page
    .locator('.users-table tbody tr')
    .evaluateAll((rows) =>
      rows.flatMap((row) =>
        [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
  return cells
    .filter(Boolean)
    .flatMap((text) => (text.includes('@') ? [text, text.slice(0, text.indexOf('@') + 1)] : [text]))
    .sort((a, b) => b.length - a.length);
}

/** Checks the page as it is now; the English found is collected, not thrown, so one run lists all. */
function checker(page: Page, found: Found[]) {
  return async (where: string, allowed: readonly (string | RegExp)[] = []) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const texts = await renderedTexts(page);
    for (const text of englishIn(texts, allowed)) found.push({ where, text });
  };
}

/** Another administrator renames the staff user (as a second browser would). */
async function renameMeanwhile(request: APIRequestContext): Promise<void> {
  const { accessToken } = await apiLogin(request);
  const auth = { Authorization: `Bearer ${accessToken}` };
  const list = await request.get(`${API_ROOT}/users?search=${STAFF.email}`, { headers: auth });
  const user = (await list.json()).data.users[0];
  const res = await request.put(`${API_ROOT}/users/${user.id}`, {
    data: { name: 'Sari Lain' },
    headers: { ...auth, 'If-Match': `"${user.version}"` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function seed(request: APIRequestContext): Promise<void> {
  const { accessToken } = await apiLogin(request);
  const auth = { Authorization: `Bearer ${accessToken}` };
  await seedSummary(
    request,
    {
      invoice_period: PERIOD,
      number_of_active_customer: 120,
      number_of_generated_invoice: 300,
      number_of_delivered_invoice: 120,
      amount_of_local_voice_transaction: 50_000_000,
      amount_of_subscription_transaction: 12_000_000,
    },
    { token: accessToken },
  );
  await createUserViaApi(request, accessToken, { ...STAFF, role: 'staff', verified: false });
  // Activity of several kinds for the profile: a profile change, a refused password change.
  await request.put(`${API_ROOT}/account`, {
    data: { name: 'Administrator Utama', email: ADMIN_EMAIL },
    headers: auth,
  });
}

test('Bahasa Indonesia: no English text on any route', async ({ page, request }) => {
  test.setTimeout(180_000);
  const found: Found[] = [];
  const check = checker(page, found);
  await page.setViewportSize({ width: 1366, height: 900 });
  await seed(request);

  // Guests: the auth pages, their answers, and the guests' 404.
  await page.goto('/signin');
  await page.getByLabel('Language').selectOption('id');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByText('Email wajib diisi')).toBeVisible();
  await check('/signin with its errors');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Kata sandi', { exact: true }).fill('salah-sekali');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await check('/signin refused');

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await page.getByLabel('Kata sandi', { exact: true }).fill('abc');
  await check('/signup with its errors');

  await page.goto('/forgot-password');
  await check('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(STAFF.email);
  await page.getByRole('button', { name: 'Kirim Tautan Reset' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  await expect(page.getByText(/^Jika ada akun dengan email ini/)).toBeVisible();
  await check('/forgot-password answered');

  await page.goto('/reset-password');
  await check('/reset-password without a token');
  await page.goto('/reset-password?token=abc');
  await page.getByRole('button', { name: 'Atur Ulang Kata Sandi' }).click();
  await check('/reset-password with its errors');

  await page.goto('/does-not-exist');
  await check('404 for a guest');

  // Signed in.
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Kata sandi', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto(`/dashboard?period=${PERIOD}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Layanan Voice: / })).toBeVisible();
  await expect(page.getByText('Memuat data dashboard...')).toBeHidden();
  await check('/dashboard with data');
  await page.goto('/dashboard?period=2034-10');
  await expect(page.getByText('Memuat data dashboard...')).toBeHidden();
  await check('/dashboard of an empty period');

  await page.goto('/create-progress-bill');
  await check('/create-progress-bill');
  await page.goto(`/update-progress-bill?period=${PERIOD}`);
  await expect(page.getByRole('button', { name: /Simpan|Perbarui/ }).first()).toBeVisible();
  await check('/update-progress-bill');

  // Searched down to this spec's account: other specs' accounts are people's names, not UI text.
  await page.goto(`/user-management?q=${encodeURIComponent(STAFF.email)}`);
  await expect(page.getByRole('button', { name: `Ubah ${STAFF.email}` })).toBeVisible();
  const people = await listedPeople(page);
  await check('/user-management', people);
  // The role filter and the badge name the role alike.
  await expect(
    page.getByLabel('Saring menurut peran').locator('option', { hasText: 'Staf' }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('row', { name: new RegExp(STAFF.email) }).getByText('Staf', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Saring menurut peran').selectOption({ index: 1 });
  await check('/user-management filtered', people);
  await page.getByLabel('Saring menurut peran').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  await page
    .getByRole('dialog', { name: 'Tambah Pengguna' })
    .getByRole('button', { name: 'Tambah Pengguna' })
    .click();
  await check('Tambah Pengguna with its errors', people);
  await page.keyboard.press('Escape');
  for (const [button, dialog] of [
    [`Ubah ${STAFF.email}`, 'Ubah Pengguna'],
    [`Verifikasi ${STAFF.email}`, 'Verifikasi pengguna'],
    [`Hapus ${STAFF.email}`, 'Hapus pengguna'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await check(`${dialog} (${button})`, people);
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Batal' }).click();
  }
  // Issue 25: a user's history, and a save refused because someone else changed the user.
  await page.getByRole('button', { name: `Riwayat ${STAFF.email}` }).click();
  const history = page.getByRole('dialog', { name: `Riwayat ${STAFF.name}` });
  await expect(history.getByRole('region', { name: 'Tabel riwayat' })).toBeVisible();
  await check('Riwayat pengguna', people);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Ubah ${STAFF.email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah Pengguna' });
  await edit.getByLabel('Username', { exact: true }).fill('sari_saya');
  await renameMeanwhile(request);
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(edit.getByRole('alert', { name: 'Diubah oleh orang lain' })).toContainText(
    'Nama “Sari Wulandari” → “Sari Lain”',
  );
  await check('Ubah Pengguna refused: changed by someone else', people);
  await edit.getByRole('button', { name: 'Batal' }).click();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Aktivitas Akun' })).toBeVisible();
  await expect(page.getByText('Memuat aktivitas...')).toBeHidden();
  await check('/profile with activity');
  // One Indonesian date format: '24 November 2026' for a day, '24/11/2026 19.43' for a moment.
  await expect(page.locator('.profile-facts dd').last()).toHaveText(
    /^\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}$/,
  );
  await expect(page.locator('.profile-activity-table time').first()).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}\.\d{2}$/,
  );
  // The account the admin made, named in the entry (the action column says what happened).
  const made = page.getByRole('row').filter({ hasText: 'Pengguna dibuat' });
  await expect(made.getByRole('cell', { name: 'Pengguna sari.id@example.com' })).toBeVisible();
  await page.getByRole('button', { name: 'Ganti Kata Sandi' }).click();
  const password = page.getByRole('dialog', { name: 'Ganti Kata Sandi' });
  await password.getByRole('button', { name: 'Ganti Kata Sandi' }).click();
  await check('Ganti Kata Sandi with its errors');
  await password.getByRole('button', { name: 'Batal' }).click();

  const fixtures = path.resolve('tests/fixtures');
  await page.goto('/invoice-document-generator');
  await page
    .getByLabel('Template DOCX')
    .setInputFiles(path.join(fixtures, 'tagihan_template.docx'));
  await expect(page.getByTestId('chosen-file')).toHaveText(/tagihan_template\.docx/);
  await expect(page.getByLabel('Template DOCX')).toBeEnabled();
  await page.getByLabel(/^Data Excel/).setInputFiles(path.join(fixtures, 'pelanggan_50.xlsx'));
  await expect(page.getByRole('heading', { name: 'Langkah 2: Pilih Baris Data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Langkah 4: Buat Dokumen' })).toBeVisible();
  // The rows of the sheet are data: its column names and values are left out.
  await check('/invoice-document-generator with files loaded', [
    ...(await page.locator('.gen-preview-table, table').allInnerTexts()).flatMap((t) =>
      t.split(/[\t\n]+/).filter(Boolean),
    ),
  ]);

  await page.goto('/does-not-exist');
  await expect(page.getByRole('navigation', { name: 'Jejak navigasi' })).toHaveText(
    /Beranda\s*Halaman Tidak Ditemukan/,
  );
  await check('404 signed in');

  expect(found, found.map((f) => `${f.where}: ${f.text}`).join('\n')).toEqual([]);
});
