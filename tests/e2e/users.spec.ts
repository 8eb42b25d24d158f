// /user-management in the browser: filters kept in the URL, add / verify / edit / invalidate /
// delete through the modals, sign-in only after verification, the last administrator's refusal,
// staff kept out, and the RTL variant.
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  API_ROOT,
  apiLogin,
  createUserViaApi,
  expect,
  signInAs,
  test,
} from './support/fixtures';

/** Full page for the list; the viewport when a modal is open (the backdrop covers only the viewport). */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`users-${name}.png`), fullPage });

const row = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
const banner = (page: Page) => page.locator('.users-page > .app-alert');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const { accessToken } = await apiLogin(request);
  await createUserViaApi(request, accessToken, {
    name: 'Sari Wulandari',
    email: 'sari@example.com',
    password: 'Sari12345',
  });
  // Joko starts unverified, so the list has an unverified user.
  await createUserViaApi(request, accessToken, {
    name: 'Joko Susilo',
    email: 'joko@example.com',
    password: 'Joko12345',
    verified: false,
  });
  await createUserViaApi(request, accessToken, {
    name: 'Dewi Lestari',
    email: 'dewi@example.com',
    password: 'Dewi12345',
  });
});

test('an admin filters the list; the filters live in the URL and survive a reload', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Manajemen User' })).toBeVisible();
  await expect(page).toHaveTitle('Manajemen User - Dashboard Invoice');
  await expect(row(page, 'sari@example.com')).toBeVisible();
  // Columns: display name, username, email, role badge, status, Indonesian short date.
  // Newest first: after the other specs' accounts the first administrator is found by search.
  await page.getByLabel('Search users').fill(ADMIN_EMAIL);
  const admin = row(page, ADMIN_EMAIL);
  await expect(admin.locator('.app-badge')).toHaveText('Admin');
  await expect(admin.locator('.app-badge')).toHaveAttribute('data-variant', 'danger');
  await page.getByLabel('Search users').fill('');
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(row(page, 'sari@example.com').locator('.app-badge')).toHaveAttribute(
    'data-variant',
    'primary',
  );
  await expect(row(page, 'joko@example.com')).toContainText('Unverified');
  const shortMonthId = new Intl.DateTimeFormat('id-ID', { month: 'short', timeZone: 'UTC' })
    .format(new Date())
    .replace('.', '');
  await expect(row(page, 'sari@example.com').getByRole('cell').nth(5)).toContainText(shortMonthId);
  await shot(page, 'list');

  await page.getByLabel('Search users').fill('sari');
  await expect(page).toHaveURL(/\?q=sari$/);
  await expect(row(page, 'sari@example.com')).toBeVisible();
  await expect(row(page, 'joko@example.com')).toHaveCount(0);

  await page.getByLabel('Search users').fill('');
  await page.getByLabel('Filter by role').selectOption('staff');
  await page.getByLabel('Filter by verification').selectOption('false');
  await expect(page).toHaveURL(/role=staff&verified=false/);
  await expect(row(page, 'joko@example.com')).toBeVisible();
  await expect(row(page, 'sari@example.com')).toHaveCount(0);
  await expect(row(page, ADMIN_EMAIL)).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Filter by role')).toHaveValue('staff');
  await expect(page.getByLabel('Filter by verification')).toHaveValue('false');
  await expect(row(page, 'joko@example.com')).toBeVisible();
  await expect(row(page, 'sari@example.com')).toHaveCount(0);
  await shot(page, 'filtered');

  // A shared link with a search shows the same list.
  await page.goto('/user-management?q=nobody-here&role=admin');
  await expect(page.getByLabel('Search users')).toHaveValue('nobody-here');
  await expect(page.getByText('No users match these filters.')).toBeVisible();
  await shot(page, 'empty');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(row(page, 'sari@example.com')).toBeVisible();

  // Page size 5 pages the list; the page goes into the URL.
  await page.getByLabel('Rows per page').selectOption('5');
  await expect(page).toHaveURL(/limit=5/);
  await expect(page.getByText(/^Showing 1–[1-5] of \d+$/)).toBeVisible();
  expect(await page.getByRole('row').count()).toBeLessThanOrEqual(6);
});

test('typing in the search keeps the focus and the page mounted; back, forward and reload show the same list', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/user-management');
  await expect(row(page, 'sari@example.com')).toBeVisible();
  const list = page.locator('.users-page');
  await list.evaluate((el) => ((el as HTMLElement & { mountMark?: boolean }).mountMark = true));
  const searchBox = page.getByLabel('Search users');
  await searchBox.click();
  await searchBox.pressSequentially('sa', { delay: 40 });
  await expect(page).toHaveURL(/\?q=sa$/);
  // Still typing after the address bar changed: nothing is lost.
  await searchBox.pressSequentially('ri', { delay: 40 });
  await expect(page).toHaveURL(/\?q=sari$/);
  await expect(searchBox).toBeFocused();
  await expect(searchBox).toHaveValue('sari');
  await page.getByLabel('Filter by role').selectOption('staff');
  await expect(page).toHaveURL(/\?q=sari&role=staff$/);
  await expect(row(page, 'sari@example.com')).toBeVisible();
  expect(await list.evaluate((el) => (el as HTMLElement & { mountMark?: boolean }).mountMark)).toBe(
    true,
  );

  const expectSariAsStaff = async () => {
    await expect(page.getByLabel('Search users')).toHaveValue('sari');
    await expect(page.getByLabel('Filter by role')).toHaveValue('staff');
    await expect(row(page, 'sari@example.com')).toBeVisible();
    await expect(row(page, ADMIN_EMAIL)).toHaveCount(0);
  };
  // The filters were replaced in place: leaving and coming back, forward and back again, a reload.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/user-management\?q=sari&role=staff$/);
  await expectSariAsStaff();
  await page.goForward();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expectSariAsStaff();
  await page.reload();
  await expectSariAsStaff();
});

test('an admin adds a staff user, who signs in only after verification; then edits, invalidates and deletes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute(
    'placeholder',
    'Minimum 6 characters',
  );
  await dialog.getByLabel('Email').fill('budi');
  await dialog.getByLabel('Username').fill('bu');
  await dialog.getByLabel('Password', { exact: true }).fill('12345');
  await dialog.getByLabel('Confirm Password').fill('1234');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await shot(page, 'add-invalid', false);

  // A taken email and a taken username land on their fields.
  await dialog.getByLabel('Email').fill('sari@example.com');
  await dialog.getByLabel('Username').fill('budi');
  await dialog.getByLabel('Password', { exact: true }).fill('budi123');
  await dialog.getByLabel('Confirm Password').fill('budi123');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('An account with this email already exists.')).toBeVisible();
  await dialog.getByLabel('Email').fill('budi.new@example.com');
  await dialog.getByLabel('Username').fill('sari');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('This username is already taken.')).toBeVisible();
  await shot(page, 'add-conflict', false);

  await dialog.getByLabel('Email').fill('budi@example.com');
  await dialog.getByLabel('Username').fill('budi');
  await dialog.getByLabel('Role').selectOption('staff');
  // Verified is on by default; switched off, the account waits for verification as before.
  const verified = dialog.getByRole('switch', { name: 'Verified' });
  await expect(verified).toBeChecked();
  await verified.uncheck();
  await expect(
    dialog.getByText('The account waits until an administrator verifies it.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toContainText('User created successfully');
  const budi = row(page, 'budi@example.com');
  await expect(budi).toContainText('Unverified');
  await expect(budi.locator('.app-badge')).toHaveText('Staff');
  await shot(page, 'added');
  // Banners go after 5 s.
  await expect(banner(page)).toBeHidden({ timeout: 8000 });

  // Not verified yet: the sign-in page says so.
  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await signInAs(newcomer, 'budi@example.com', 'budi123', { expectSuccess: false });
  await expect(
    newcomer.getByText('Your account is pending verification. Please contact an administrator.'),
  ).toBeVisible();
  await expect(newcomer).toHaveURL(/\/signin/);

  await page.getByRole('button', { name: 'Verify budi@example.com' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify user' });
  await verify.getByLabel('Notes (optional)').fill('Checked with the team lead');
  await shot(page, 'verify-dialog', false);
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(banner(page)).toContainText('User verified successfully');
  await expect(budi).toContainText('Verified');
  await expect(budi).not.toContainText('Unverified');

  await signInAs(newcomer, 'budi@example.com', 'budi123');
  await expect(newcomer).toHaveURL(/\/dashboard/);
  await other.close();

  await page.getByRole('button', { name: 'Edit budi@example.com' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Email')).toHaveValue('budi@example.com');
  await expect(edit.getByLabel('Username')).toHaveValue('budi');
  await expect(edit.getByLabel('Verified')).toBeChecked();
  await edit.getByLabel('Role').selectOption('admin');
  await shot(page, 'edit', false);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(banner(page)).toContainText('User updated successfully');
  await expect(budi.locator('.app-badge')).toHaveText('Admin');

  await page.getByRole('button', { name: 'Invalidate budi@example.com' }).click();
  await page
    .getByRole('dialog', { name: 'Invalidate user' })
    .getByRole('button', { name: 'Invalidate' })
    .click();
  await expect(banner(page)).toContainText('User invalidated successfully');
  await expect(budi).toContainText('Unverified');

  await page.getByRole('button', { name: 'Delete budi@example.com' }).click();
  const del = page.getByRole('dialog', { name: 'Delete user' });
  await expect(del).toContainText('budi@example.com');
  await shot(page, 'delete-confirm', false);
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(banner(page)).toContainText('User deleted successfully');
  await expect(budi).toHaveCount(0);
});

test('the only verified administrator is not offered Invalidate, Delete or a demotion: the reason is shown', async ({
  page,
  request,
}) => {
  // Other specs sharing the server may have added administrators: leave the bootstrap one alone.
  const { accessToken } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const admins = await (
    await request.get(`${API_ROOT}/users?role=admin&is_verified=true&limit=100`, { headers })
  ).json();
  for (const user of admins.data.users as Array<{ id: number; email: string }>) {
    if (user.email !== ADMIN_EMAIL)
      await request.patch(`${API_ROOT}/users/${user.id}/invalidate`, { headers });
  }
  await signInAs(page);
  await page.goto('/user-management?role=admin&verified=true');
  await expect(row(page, ADMIN_EMAIL)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one admin

  const reason =
    'The last verified administrator cannot be invalidated or deleted. Verify another administrator first.';
  for (const action of ['Delete', 'Invalidate']) {
    const button = page.getByRole('button', { name: `${action} ${ADMIN_EMAIL}` });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(reason);
  }
  await expect(row(page, ADMIN_EMAIL).getByText(reason)).toBeVisible();
  await shot(page, 'last-admin');

  // Edit keeps name and email editable; the role and Verified are fixed, and it says why.
  await page.getByRole('button', { name: `Edit ${ADMIN_EMAIL}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Role')).toBeDisabled();
  await expect(edit.getByRole('switch', { name: 'Verified' })).toBeDisabled();
  await expect(edit.getByRole('switch', { name: 'Verified' })).toBeChecked();
  await expect(
    edit.getByText('The last verified administrator stays an Admin and stays verified.'),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // With a second verified administrator, both may be invalidated or deleted again.
  const second = await createUserViaApi(request, accessToken, {
    name: 'Second Admin',
    email: 'second.admin@example.com',
    password: 'Second12345',
    role: 'admin',
  });
  await page.reload();
  await expect(page.getByRole('button', { name: `Delete ${ADMIN_EMAIL}` })).toBeEnabled();
  await expect(page.getByRole('button', { name: `Invalidate ${ADMIN_EMAIL}` })).toBeEnabled();
  await expect(page.getByText(reason)).toHaveCount(0);
  await request.delete(`${API_ROOT}/users/${second.id}`, { headers });
  await page.reload();
  await expect(page.getByRole('button', { name: `Delete ${ADMIN_EMAIL}` })).toBeDisabled();
});

test('a staff user cannot reach the screen', async ({ page }) => {
  await signInAs(page, 'sari@example.com', 'Sari12345');
  await page.goto('/user-management');
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await shot(page, 'staff-403');
});

test('right-to-left variant', async ({ page }) => {
  await signInAs(page);
  // Newest first: after the other specs' accounts the first administrator is found by search.
  await page.goto(`/user-management?q=${encodeURIComponent(ADMIN_EMAIL)}`);
  await expect(row(page, ADMIN_EMAIL)).toBeVisible();
  await page
    .getByRole('button', { name: /User menu for/ })
    .or(page.getByLabel(/User menu for/))
    .first()
    .click();
  await page.getByRole('switch', { name: 'Right-to-left layout' }).check();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { level: 1, name: 'Manajemen User' }).click();
  await shot(page, 'rtl');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'rtl-add', false);
  // The form is taller than the viewport: its body scrolls, its buttons stay in view.
  await expect(dialog.getByRole('button', { name: 'Add User' })).toBeInViewport();
  // Mirrored: the close button sits at the end edge (the left), not beside the title.
  const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
  const title = await dialog.getByRole('heading', { level: 2 }).boundingBox();
  const box = await dialog.locator('article').boundingBox();
  expect(close && title && box).toBeTruthy();
  expect(close!.x + close!.width).toBeLessThanOrEqual(title!.x);
  expect(close!.x - box!.x).toBeLessThan(box!.width / 4);
});

test('loading and error states of the list, and Retry', async ({ page }) => {
  await signInAs(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/users\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/user-management?role=staff');
  await expect(page.getByRole('status').filter({ hasText: 'Loading users...' })).toBeVisible();
  await shot(page, 'loading');
  release();
  await expect(row(page, 'sari@example.com')).toBeVisible();
  await page.unroute(/\/api\/v1\/users\?/);

  await page.route(/\/api\/v1\/users\?/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Internal Server Error' }),
    }),
  );
  await page.getByLabel('Filter by role').selectOption('admin');
  const failure = page.locator('.users-state').getByRole('alert');
  await expect(failure).toBeVisible();
  await expect(row(page, 'sari@example.com')).toHaveCount(0);
  await shot(page, 'error');
  await page.unroute(/\/api\/v1\/users\?/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(row(page, ADMIN_EMAIL)).toBeVisible();
  await expect(page).toHaveURL(/role=admin/);
});
