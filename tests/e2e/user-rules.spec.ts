// Rules that say what they do (issue 26, point 3): Add User's Verified switch is on, so the account
// signs in at once; a lockout says how long to wait (the server's Retry-After) and offers the
// password reset, in English and in Bahasa Indonesia. (The last administrator's disabled actions
// are walked in users.spec.ts.)
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { API_ROOT, apiLogin, expect, signInAs, test } from './support/fixtures';

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/** What the page should say for a wait of `seconds`: minutes rounded up, seconds under one. */
function waitText(seconds: number, language: 'en' | 'id'): string {
  const [count, unit] =
    seconds < 60 ? [Math.max(1, seconds), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  if (language === 'id')
    return `Coba lagi dalam ${count} ${unit === 'minute' ? 'menit' : 'detik'}.`;
  return `Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

const retryAfter = (response: Response) => Number(response.headers()['retry-after']);

/**
 * Uses up the account's sign-in allowance (5 wrong passwords per 15-minute window): wrong
 * passwords until the server answers 429. The windows are fixed (:00, :15, :30, :45), so a lock
 * taken in a window's last seconds would be gone before the page tries; then it waits for the
 * next window and locks the account again.
 */
async function exhaustSignIns(request: APIRequestContext, email: string) {
  for (;;) {
    let refused: Awaited<ReturnType<APIRequestContext['post']>> | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await request.post(`${API_ROOT}/auth/login`, {
        data: { email, password: 'wrong-password' },
      });
      expect([401, 429]).toContain(res.status());
      if (res.status() === 429) refused = res;
    }
    expect(refused, 'the account was never locked').not.toBeNull();
    const left = Number(refused!.headers()['retry-after']);
    if (left >= 30) return;
    await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
  }
}

async function signInRefused(page: Page, email: string, button: string, passwordLabel: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel(passwordLabel, { exact: true }).fill('wrong-password');
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login'));
  await page.getByRole('button', { name: button, exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(429);
  expect(retryAfter(response)).toBeGreaterThan(0);
  return retryAfter(response);
}

for (const size of SIZES) {
  test(`${size.width} px: Add User starts Verified and the new account signs in at once`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(size);
    await signInAs(page);
    await page.goto('/user-management');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    const verified = dialog.getByRole('switch', { name: 'Verified' });
    await expect(verified).toBeChecked();
    await expect(verified).toHaveAccessibleDescription(
      'The account can sign in as soon as it is created.',
    );
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute(
      'placeholder',
      'Minimum 6 characters',
    );
    const email = `vera.${size.width}@example.com`;
    await dialog.getByLabel('Name', { exact: true }).fill(`Vera ${size.width}`);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Username', { exact: true }).fill(`vera${size.width}`);
    await dialog.getByLabel('Password', { exact: true }).fill('Vera12345');
    await dialog.getByLabel('Confirm Password').fill('Vera12345');
    await verified.scrollIntoViewIfNeeded();
    await expect(verified).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`add-user-${size.width}.png`) });
    // The switch and the Add User button are reachable without scrolling sideways.
    const box = (await verified.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Verified');
    await expect(row).not.toContainText('Unverified');
    await expect(row.getByRole('button', { name: `Verify ${email}` })).toHaveCount(0);

    // No second click: the new person signs in right away.
    const other = await browser.newContext();
    const newcomer = await other.newPage();
    await signInAs(newcomer, email, 'Vera12345');
    await expect(newcomer).toHaveURL(/\/dashboard/);
    await other.close();
  });
}

test('a locked sign-in says how long to wait and links to the password reset', async ({
  page,
  request,
}) => {
  const email = 'locked.out@example.com';
  await exhaustSignIns(request, email);
  await page.goto('/signin');
  const seconds = await signInRefused(page, email, 'Sign In', 'Password');
  const alert = page.getByRole('alert').filter({ hasText: 'Too many sign-in attempts.' });
  await expect(alert).toContainText(waitText(seconds, 'en'));
  await expect(alert).not.toContainText('Please wait before trying again');
  await page.screenshot({ path: test.info().outputPath('lockout-en.png') });
  await alert.getByRole('link', { name: 'Reset your password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
});

test('in Bahasa Indonesia the lockout is Indonesian too', async ({ page, request }) => {
  const email = 'terkunci@example.com';
  await exhaustSignIns(request, email);
  await page.setViewportSize(SIZES[1]);
  await page.goto('/signin');
  await page.getByLabel('Language').selectOption({ label: 'Bahasa Indonesia' });
  await expect(page.getByRole('button', { name: 'Masuk', exact: true })).toBeVisible();
  const seconds = await signInRefused(page, email, 'Masuk', 'Kata sandi');
  const alert = page.getByRole('alert').filter({ hasText: 'Terlalu banyak percobaan masuk.' });
  await expect(alert).toContainText(waitText(seconds, 'id'));
  await expect(alert).not.toContainText(/Try again|Too many/);
  await page.screenshot({ path: test.info().outputPath('lockout-id.png') });
  await alert.getByRole('link', { name: 'Atur ulang kata sandi' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('too many reset requests say how long to wait', async ({ page, request }) => {
  const email = 'resets.often@example.com';
  for (let i = 0; i < 5; i++) {
    const res = await request.post(`${API_ROOT}/auth/forgot-password`, { data: { email } });
    expect(res.status()).toBe(200);
  }
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/forgot-password'));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const response = await answer;
  expect(response.status()).toBe(429);
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Too many reset requests for this address.' });
  await expect(alert).toContainText(waitText(retryAfter(response), 'en'));
});

test.afterAll(async ({ request }) => {
  // Leave the shared server's user list as other specs expect it: the added accounts go.
  const { accessToken } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  for (const size of SIZES) {
    const found = await request.get(`${API_ROOT}/users?search=vera.${size.width}`, { headers });
    for (const user of (await found.json()).data?.users ?? [])
      await request.delete(`${API_ROOT}/users/${user.id}`, { headers });
  }
});
