// Issue 4: the layout around the pages (breadcrumb, sidebar collapse, right-to-left, footer,
// notifications), connectivity notices, and recovery when the server goes away and comes back.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, signInAs, test } from './support/fixtures';

test('the layout: breadcrumb, title, sidebar collapse, right-to-left, footer, brand link', async ({
  page,
}) => {
  await signInAs(page);
  await page.getByRole('link', { name: 'Buat Progres Tagihan' }).click();
  await expect(page).toHaveURL(/\/create-progress-bill$/);
  await expect(page).toHaveTitle('Buat Progres Tagihan - Dashboard Invoice');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Home');
  // The crumb is the page's name, as in its heading and the sidebar.
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Buat Progres Tagihan');
  await expect(page.getByRole('link', { name: 'Buat Progres Tagihan' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} Dashboard Invoice · v1.0.0`,
  );

  // Collapse by hand, and automatically after a menu click below 1200 px.
  const layout = page.locator('.app-layout');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(layout).toHaveAttribute('data-sidebar', 'collapsed');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(layout).toHaveAttribute('data-sidebar', 'expanded');
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.getByRole('link', { name: 'Update Progres Tagihan' }).click();
  await expect(page).toHaveURL(/\/update-progress-bill$/);
  await expect(layout).toHaveAttribute('data-sidebar', 'collapsed');
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await page.setViewportSize({ width: 1280, height: 800 });

  // Right-to-left, remembered across a reload.
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('switch', { name: 'Right-to-left layout' }).check();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('switch', { name: 'Right-to-left layout' }).uncheck();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.keyboard.press('Escape');

  // The brand goes to /, which sends a signed-in user to the dashboard.
  await page.getByRole('link', { name: 'Dashboard Invoice' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The profile entry of the dropdown.
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle('Profile Settings - Dashboard Invoice');

  // A page that keeps state in the query string is not remounted when it changes.
  const main = page.locator('#main-content');
  // The page itself, not the loading panel shown while its code arrives (that one is replaced).
  await expect(main.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await main.evaluate((el) => {
    (el.firstElementChild as HTMLElement & { shellMark?: boolean }).shellMark = true;
    history.pushState(null, '', '/profile?tab=activity');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/profile\?tab=activity$/);
  expect(
    await main.evaluate(
      (el) => (el.firstElementChild as HTMLElement & { shellMark?: boolean }).shellMark,
    ),
  ).toBe(true);
});

test('going offline shows the persistent Connection Lost warning until the browser is back online', async ({
  page,
  context,
}) => {
  await signInAs(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await context.setOffline(true);
  const warning = page.getByRole('alert').filter({ hasText: 'Connection Lost' });
  await expect(warning).toContainText(
    'You are currently offline. Some features may not work properly.',
  );
  await page.waitForTimeout(5500); // longer than any timed notice: this one stays
  await expect(warning).toBeVisible();
  await context.setOffline(false);
  await expect(warning).toHaveCount(0);
  // Notices can also be dismissed by hand.
  await context.setOffline(true);
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(warning).toHaveCount(0);
  await context.setOffline(false);
});

test('the sidebar: failed navigation with Retry (the guard proceeds with a warning), then an empty menu list', async ({
  page,
}) => {
  let answer: 'fail' | 'empty' | 'real' = 'fail';
  await page.route('**/api/v1/menus/user', (route) => {
    if (answer === 'real') return route.fallback();
    if (answer === 'empty') return route.fulfill({ json: { success: true, data: [] } });
    return route.fulfill({ status: 500, json: { success: false, error: 'Internal server error' } });
  });
  await signInAs(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('Failed to load navigation')).toBeVisible();
  // The permission check could not be made: warned, and the dashboard still opens.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Permission Check Failed' }),
  ).toContainText('Unable to verify permissions. Contact support if issues persist.');
  await expect(page).toHaveURL(/\/dashboard$/);

  answer = 'real';
  await sidebar.getByRole('button', { name: 'Retry' }).click();
  await expect(sidebar.getByRole('link', { name: 'Manajemen User' })).toBeVisible();

  // A refresh of the menus (after a sign-out and in) that answers with nothing.
  answer = 'empty';
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInAs(page, undefined, undefined, { expectSuccess: false });
  await expect(sidebar.getByText('No navigation items available')).toBeVisible();
  // Without the Dashboard menu the guard refuses the dashboard.
  await expect(page).toHaveURL(/\/403$/);
});

test('a session that cannot be renewed ends with the Session Expired notice and the sign-in page', async ({
  page,
}) => {
  await signInAs(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'garbage.access.token');
    localStorage.setItem('refresh_token', 'garbage-refresh-token');
  });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Session Expired' })).toContainText(
    'Your session has expired. Redirecting to sign in...',
  );
  await expect(page).toHaveURL(/\/signin$/);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('user_data'),
    ]),
  ).toEqual([null, null]);
});

// ---- the server stopped mid-session: a server of our own that this test can stop and restart ----

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A private working directory with its own copy of the built app (the server serves ./dist), so
 * a rebuild of the shared dist/ during the test cannot pull the pages from under it.
 */
function prepareServerDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-invoice-shell-'));
  cpSync(path.resolve('dist'), path.join(dir, 'dist'), { recursive: true });
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

async function startServer(port: number, dir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  // The compiled server of the private copy, as npm start runs it.
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: dir,
    env,
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/signin`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('the server stopped mid-session: the Unable to connect notice, then recovery when it is back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dir = prepareServerDir();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(port, dir);
  try {
    // Fake timers flowing at normal speed, so the test can jump past the 5-minute menu cache.
    await page.clock.install();
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Manajemen User' })).toBeVisible();
    // Visit a page once so its code is loaded before the server goes away.
    await nav.getByRole('link', { name: 'Buat Progres Tagihan' }).click();
    await expect(page).toHaveURL(`${base}/create-progress-bill`);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);

    await stopServer(server);
    // Later in the session the menus are stale; the next navigation fetches them and fails.
    await page.clock.fastForward('05:01');
    await nav.getByRole('link', { name: 'Buat Progres Tagihan' }).click();
    const down = page
      .getByRole('alert')
      .filter({ hasText: 'Unable to connect to the server. The backend service may be down.' });
    await expect(down).toBeVisible({ timeout: 30_000 });
    // The app keeps working with what it has.
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    server = await startServer(port, dir);
    await expect(page.getByRole('status').filter({ hasText: 'Connection Restored' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(down).toHaveCount(0);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${base}/signin`);
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
});
