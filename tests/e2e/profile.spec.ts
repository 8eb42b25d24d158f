// /profile in the browser: details, no-change and duplicate-email messages, avatar upload of a real
// PNG and refusal of an SVG and of a 6 MB file, password change then sign-in with the new password,
// the activity list, log out of all devices, and the RTL variant.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import {
  ADMIN_EMAIL,
  apiLogin,
  createUserViaApi,
  expect,
  signInAs,
  test,
} from './support/fixtures';

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`profile-${name}.png`), fullPage });

const EMAIL = 'putri@example.com';
const PASSWORD = 'Putri12345';
const NEW_PASSWORD = 'PutriBaru678';
const IMAGE_REFUSED =
  'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.';
const pageMessage = (page: Page) => page.locator('.profile-page > .app-alert');

/** A real 64×64 PNG in one colour, so the uploaded avatar is told apart from the default picture. */
function solidPng(r: number, g: number, b: number, size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const { accessToken } = await apiLogin(request);
  await createUserViaApi(request, accessToken, {
    name: 'Putri Ayu',
    email: EMAIL,
    password: PASSWORD,
  });
  // A few earlier sign-ins, so the activity list has more than one page of 10.
  for (let i = 0; i < 3; i++) await apiLogin(request, EMAIL, PASSWORD);
});

test('a user edits the profile: no-change message, save, duplicate email refused', async ({
  page,
}) => {
  await signInAs(page, EMAIL, PASSWORD);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expect(page).toHaveTitle('Profile Settings - Dashboard Invoice');
  await expect(page.getByLabel('Name')).toHaveValue('Putri Ayu');
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  const facts = page.locator('.profile-facts');
  await expect(facts).toContainText('Staff');
  await expect(facts).toContainText('Verified');
  const today = new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  await expect(facts).toContainText(today);
  await expect(page.getByRole('img', { name: 'Putri Ayu profile picture' })).toHaveAttribute(
    'src',
    '/img/profile.png',
  );
  await shot(page, 'loaded');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(pageMessage(page)).toContainText(
    'No changes detected. Please modify your profile information.',
  );

  await page.getByLabel('Name').fill('Putri Ayu Lestari');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(pageMessage(page)).toContainText('Profile updated successfully');
  // The top bar follows.
  await expect(
    page
      .getByRole('button', { name: 'User menu for Putri Ayu Lestari' })
      .or(page.getByLabel('User menu for Putri Ayu Lestari')),
  ).toBeVisible();
  await shot(page, 'saved');

  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const taken = 'Email address is already in use by another account.';
  await expect(pageMessage(page)).toContainText(taken);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'duplicate-email');

  // The message goes after 5 s.
  await expect(pageMessage(page)).toBeHidden({ timeout: 8000 });
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await expect(page.getByLabel('Name')).toHaveValue('Putri Ayu Lestari');
});

test('the avatar: an SVG and a 6 MB file are refused, a real PNG is previewed then uploaded', async ({
  page,
}) => {
  await signInAs(page, EMAIL, PASSWORD);
  await page.goto('/profile');
  const chooser = page.getByLabel('Choose profile picture');
  await expect(chooser).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');

  await chooser.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText(IMAGE_REFUSED)).toBeVisible();
  await shot(page, 'image-refused');

  const png = readFileSync('static/img/profile.png');
  const big = Buffer.alloc(6 * 1024 * 1024);
  png.copy(big);
  await chooser.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText(IMAGE_REFUSED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);

  // The app's own default picture (a real PNG) is previewed, then cancelled.
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'New profile picture preview' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await expect(page.getByText(IMAGE_REFUSED)).toHaveCount(0);
  await shot(page, 'image-preview');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('img', { name: /profile picture$/ })).toHaveAttribute(
    'src',
    '/img/profile.png',
  );

  const teal = solidPng(0, 128, 128);
  await chooser.setInputFiles({ name: 'teal.png', mimeType: 'image/png', buffer: teal });
  await expect(page.getByRole('img', { name: 'New profile picture preview' })).toHaveAttribute(
    'src',
    `data:image/png;base64,${teal.toString('base64')}`,
  );
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(pageMessage(page)).toContainText('Profile image updated successfully');
  await expect(
    page.getByRole('img', { name: 'Putri Ayu Lestari profile picture' }),
  ).toHaveAttribute('src', `data:image/png;base64,${teal.toString('base64')}`);
  // The top bar's avatar follows.
  await expect(page.locator('.app-topbar img.app-avatar').first()).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await page.reload();
  await expect(
    page.getByRole('img', { name: 'Putri Ayu Lestari profile picture' }),
  ).toHaveAttribute('src', /^data:image\/png;base64,/);
  await shot(page, 'image-uploaded');
});

test('password change: the rules, a wrong current password, success; then sign-in with the new password', async ({
  page,
}) => {
  await signInAs(page, EMAIL, PASSWORD);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm New Password').fill('something else');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    dialog.getByText('New password must be different from current password'),
  ).toBeVisible();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await shot(page, 'password-rules', false);

  await dialog.getByLabel('Current Password').fill('not-my-password');
  await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Current password is incorrect.');

  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('status')).toContainText('Password changed successfully');
  await shot(page, 'password-changed', false);
  await expect(dialog).toBeHidden({ timeout: 5000 });

  // The activity list shows what happened, newest first.
  const activity = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'User Agent' }) });
  await expect(activity.getByRole('cell', { name: 'Password changed', exact: true })).toBeVisible();
  await expect(
    activity.getByRole('cell', { name: 'Password change failed', exact: true }),
  ).toBeVisible();
  await expect(
    activity.getByRole('cell', { name: 'Profile image updated', exact: true }),
  ).toBeVisible();
  await expect(
    activity.getByRole('cell', { name: 'Profile updated', exact: true }).first(),
  ).toBeVisible();
  await expect(activity.getByRole('columnheader', { name: 'IP Address' })).toBeVisible();
  await expect(activity.getByRole('row').nth(1)).toContainText('Password changed');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of')).toBeVisible();
  await expect(activity.getByRole('cell', { name: 'Account created', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of')).toBeVisible();
  await shot(page, 'activity');

  // Log out of all devices (confirmed) ends this session too, then the new password works.
  await page.getByRole('button', { name: 'Log out of all devices' }).click();
  const confirm = page.getByRole('dialog', { name: 'Log out of all devices' });
  await shot(page, 'logout-all-confirm', false);
  await confirm.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/signin/);

  await signInAs(page, EMAIL, PASSWORD, { expectSuccess: false });
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await signInAs(page, EMAIL, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/signin/);
});

test('right-to-left variant', async ({ page }) => {
  await signInAs(page, EMAIL, NEW_PASSWORD);
  await page.goto('/profile');
  await expect(page.getByLabel('Name')).toHaveValue('Putri Ayu Lestari');
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
  await shot(page, 'rtl');
});

test('loading and load-failure states', async ({ page }) => {
  await signInAs(page, EMAIL, NEW_PASSWORD);
  // Leave the profile's 60 s cache behind: a fresh page load.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/account$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await held;
    await route.continue();
  });
  await page.goto('/profile');
  await expect(page.getByRole('status').filter({ hasText: 'Loading profile...' })).toBeVisible();
  await shot(page, 'loading');
  release();
  await expect(page.getByLabel('Name')).toHaveValue('Putri Ayu Lestari');
  await page.unroute(/\/api\/v1\/account$/);

  await page.route(/\/api\/v1\/account$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'Internal Server Error' }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.locator('.profile-page').getByRole('alert')).toContainText(
    'Failed to load profile. Please try again.',
  );
  await shot(page, 'load-failed');
  await page.unroute(/\/api\/v1\/account$/);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Putri Ayu Lestari');
});
