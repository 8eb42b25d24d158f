// The README's First steps, done as written (issue 26, point 7): an administrator made from the
// shell signs in with the password it printed, a password reset from the shell while the server
// runs, and the mail that goes to DATA_DIR/outbox when there is no SMTP_URL.
import { execFileSync } from 'node:child_process';
import {
  API_ROOT,
  DATA_DIR,
  apiLogin,
  expect,
  latestMail,
  signInAs,
  test,
} from './support/fixtures';

const EMAIL = 'first.admin@example.com';

/** `npm run admin -- …` as the README says, on the running server's DATA_DIR; its output. */
function adminCli(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR, DATABASE_URL: '' },
  });
}

/** The password in the framed notice the CLI prints once. */
const printedPassword = (output: string) => /Password:\s+(\S+)/.exec(output)?.[1] ?? '';

test.afterAll(async ({ request }) => {
  const { accessToken } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const found = await request.get(`${API_ROOT}/users?search=${EMAIL}`, { headers });
  for (const user of (await found.json()).data?.users ?? [])
    await request.delete(`${API_ROOT}/users/${user.id}`, { headers });
});

test('an administrator made and reset from the shell signs in; mail without SMTP_URL lands in the outbox', async ({
  page,
}) => {
  const created = adminCli('create', '--email', EMAIL, '--name', 'First Admin');
  const first = printedPassword(created);
  expect(first.length, created).toBeGreaterThanOrEqual(16);
  await signInAs(page, EMAIL, first);
  await expect(page).toHaveURL(/\/dashboard/);
  // An administrator: Manajemen User is in the sidebar.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'Manajemen User',
    }),
  ).toBeVisible();

  // Lost it: reset from the shell while the server runs. The old password stops working.
  const reset = adminCli('reset-password', '--email', EMAIL);
  const second = printedPassword(reset);
  expect(second).not.toBe(first);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, EMAIL, first, { expectSuccess: false });
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInAs(page, EMAIL, second);
  await expect(page).toHaveURL(/\/dashboard/);

  // Forgot Password? without SMTP_URL: the mail is an .eml file under DATA_DIR/outbox.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect.poll(() => latestMail(EMAIL)?.text ?? '').toMatch(/\/reset-password\?token=/);
  expect(latestMail(EMAIL)!.file.startsWith(`${DATA_DIR}/outbox/`)).toBe(true);
});
