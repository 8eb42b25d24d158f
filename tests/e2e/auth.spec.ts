// Issue 2 (browser) and issue 4: sign in, sign up with verification, roles in the sidebar,
// the guard's 403 and 404, the silent token refresh, and the password reset by mail.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API_ROOT,
  apiLogin,
  expect,
  resetLinkFromOutbox,
  signInAs,
  test,
} from './support/fixtures';

const PENDING = 'Your account is pending verification. Please contact an administrator.';

async function userIdByEmail(
  request: APIRequestContext,
  token: string,
  email: string,
): Promise<number | string> {
  const response = await request.get(`${API_ROOT}/users`, {
    params: { search: email, limit: 50 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = await response.json();
  const users: Array<{ id: number | string; email: string }> = body.data?.users ?? body.users ?? [];
  const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  expect(user, `user ${email} listed`).toBeTruthy();
  return user!.id;
}

async function logout(page: Page, name: string) {
  await page.getByRole('button', { name: `User menu for ${name}` }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

test('the bootstrap administrator signs in, sees the dashboard with their name, and logs out', async ({
  page,
}) => {
  await signInAs(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard - Dashboard Invoice');
  // Signing in is not a visit to a guest page: no Already Signed In notice.
  await expect(page.getByText('Already Signed In')).toHaveCount(0);
  const userMenu = page.getByRole('button', { name: /^User menu for / });
  await expect(userMenu).toBeVisible();
  const name = (await userMenu.getAttribute('aria-label'))!.replace('User menu for ', '');
  await expect(page.getByRole('banner')).toContainText(name);
  // An administrator gets every menu, grouped under the two headings.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const menu of [
    'Dashboard',
    'Buat Progres Tagihan',
    'Update Progres Tagihan',
    'Manajemen User',
    'Generate Tagihan Voice',
  ]) {
    await expect(nav.getByRole('link', { name: menu })).toBeVisible();
  }
  await expect(nav.getByRole('heading', { name: 'BILLING MANAGEMENT' })).toBeVisible();
  await expect(nav.getByRole('heading', { name: 'SYSTEM MANAGEMENT' })).toBeVisible();

  await userMenu.click();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // Logging out is not a refused page: no Sign In Required notice.
  await expect(page.getByText('Sign In Required')).toHaveCount(0);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('user_data'),
    ]),
  ).toEqual([null, null]);
  // Signed out, the dashboard is closed again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sign In Required' })).toContainText(
    'Please sign in to access this page.',
  );
});

test('the sign-in form checks its fields and shows the server answer', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a guest is sent to sign in and comes back to the page they asked for', async ({ page }) => {
  await page.goto('/update-progress-bill?period=2026-01');
  await expect(page).toHaveURL(/\/signin$/);
  await signInAs(page);
  await expect(page).toHaveURL(/\/update-progress-bill\?period=2026-01$/);
  // Signed in, the guest pages send the user back to the dashboard.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Already Signed In' })).toContainText(
    'You are already signed in.',
  );
});

test('sign up, wait for verification, sign in as staff, meet the guard, keep the session, reset the password', async ({
  page,
  request,
}) => {
  const email = `staff-${Date.now()}@example.com`;
  const password = 'Staff12345';
  const name = 'Sari Staff';

  // Sign up: strength meter, success message, /signin 3 s later.
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(page.getByText('Password strength: Weak')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Different1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Registration successful/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 6000 });
  // The sign-in page keeps the message.
  await expect(
    page.getByRole('status').filter({ hasText: /Registration successful/ }),
  ).toBeVisible();

  // Not verified yet: refused with the pending message.
  await signInAs(page, email, password, { expectSuccess: false });
  await expect(page.getByRole('alert')).toHaveText(PENDING);
  await expect(page).toHaveURL(/\/signin$/);

  // An administrator verifies the account through the API.
  const admin = await apiLogin(request);
  const id = await userIdByEmail(request, admin.accessToken, email);
  const verified = await request.post(`${API_ROOT}/users/${id}/verify`, {
    data: { notes: 'verified by the e2e suite' },
    headers: { Authorization: `Bearer ${admin.accessToken}` },
  });
  expect(verified.ok()).toBe(true);

  // Staff sees the server's menus for the role: everything but Manajemen User.
  await signInAs(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Buat Progres Tagihan' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Update Progres Tagihan' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Generate Tagihan Voice' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manajemen User' })).toHaveCount(0);
  await expect(nav.getByRole('heading', { name: 'SYSTEM MANAGEMENT' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `User menu for ${name}` })).toBeVisible();

  // No menu permission: Access Denied, then /403.
  await page.goto('/user-management');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText(
    "You don't have permission to access this page.",
  );
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveTitle('Access Denied - Dashboard Invoice');

  // Unknown path.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found - Dashboard Invoice');

  // An unusable access token is renewed silently with the refresh token.
  await page.goto('/profile');
  await page.evaluate(() => localStorage.setItem('access_token', 'garbage.token.value'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('access_token')))
    .not.toBe('garbage.token.value');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: `User menu for ${name}` })).toBeVisible();
  await logout(page, name);

  // Forgot password → mailed link → new password → sign in with it.
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'a password reset link has been sent' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 8000 });
  const link = await resetLinkFromOutbox(email);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const newPassword = 'NewStaff98765';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been reset' }),
  ).toBeVisible();

  await signInAs(page, email, password, { expectSuccess: false });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await signInAs(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});
