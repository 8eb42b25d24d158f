// Helpers shared by the browser specs. Import `test` and `expect` from here (`test` is
// Playwright's with the `tempDir` fixture) and sign in through these helpers.
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keysToCamelCase } from '../../../src/domain/text/case';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API_ROOT, BASE_URL, OUTBOX_DIR } from './env';

interface Fixtures {
  /** A fresh directory for the files a test writes, removed after the test whether it passed or not. */
  tempDir: string;
  /**
   * `test.use({ signedIn: true })`: every test starts signed in as the administrator, its own
   * session (an API sign-in) put in the page's storage as the app keeps it, so the test opens
   * its screen directly. Specs about signing in keep going through the form (`signInAs`).
   */
  signedIn: boolean;
}

/** Playwright's `test` with the fixtures above. */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  tempDir: async ({}, use, testInfo) => {
    const dir = mkdtempSync(
      path.join(tmpdir(), `e2e-${path.basename(testInfo.file, '.spec.ts')}-`),
    );
    try {
      await use(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  signedIn: [false, { option: true }],
  storageState: async ({ signedIn, storageState, playwright }, use) => {
    if (!signedIn) return use(storageState);
    const request = await playwright.request.newContext();
    try {
      const { accessToken, refreshToken, user } = await apiLogin(request);
      await use(sessionState(accessToken, refreshToken, user));
    } finally {
      await request.dispose();
    }
  },
});
export { expect };
export { ADMIN_EMAIL, ADMIN_PASSWORD, API_ROOT, BASE_URL, DATA_DIR, OUTBOX_DIR } from './env';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  user: Record<string, unknown> & { id?: number | string; email?: string; role?: string };
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role?: 'admin' | 'staff';
  /** The account starts verified (default true, so it can sign in) or unverified (false). */
  verified?: boolean;
}

/**
 * Signs in through the /signin page. By default waits until the app has left /signin
 * (pass `expectSuccess: false` when the sign-in is meant to be refused).
 */
export async function signInAs(
  page: Page,
  email: string = ADMIN_EMAIL,
  password: string = ADMIN_PASSWORD,
  { expectSuccess = true }: { expectSuccess?: boolean } = {},
): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (expectSuccess) await page.waitForURL((url) => url.pathname !== '/signin');
}

/** POST /auth/login; throws with the server's message unless it succeeds. */
export async function apiLogin(
  request: APIRequestContext,
  email: string = ADMIN_EMAIL,
  password: string = ADMIN_PASSWORD,
): Promise<Tokens> {
  const body = await call(request, 'POST', '/auth/login', { data: { email, password } });
  const data = (body.data ?? {}) as Record<string, any>;
  const tokens = (data.tokens ?? data) as Record<string, string>;
  return {
    accessToken: tokens.access_token ?? tokens.accessToken,
    refreshToken: tokens.refresh_token ?? tokens.refreshToken,
    user: data.user ?? {},
  };
}

/**
 * Adds a user as an administrator would (POST /auth/register with the admin's token), verified
 * unless `verified: false` (sent as is_verified). Returns the new user's id.
 */
export async function createUserViaApi(
  request: APIRequestContext,
  adminToken: string,
  { name, email, password, role = 'staff', verified = true }: NewUser,
): Promise<{ id: number | string }> {
  const auth = { Authorization: `Bearer ${adminToken}` };
  // The server verifies an account an admin registers unless is_verified: false is sent.
  const body = await call(request, 'POST', '/auth/register', {
    data: { name, email, password, role, is_verified: verified },
    headers: auth,
  });
  const id = idFrom(body.data) ?? (await findUserId(request, adminToken, email));
  if (id === undefined) throw new Error(`createUserViaApi: cannot find the id of ${email}`);
  return { id };
}

/** Deletes accounts a spec made (as the administrator), so the next specs see the list they expect. */
export async function deleteUsersViaApi(
  request: APIRequestContext,
  ids: readonly (number | string)[],
): Promise<void> {
  const { accessToken } = await apiLogin(request);
  for (const id of ids) {
    const response = await request.delete(`${API_ROOT}/users/${encodeURIComponent(String(id))}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect([200, 204, 404], `DELETE /users/${id}`).toContain(response.status());
  }
}

/** The newest mail in the outbox (optionally the newest one to `to`), decoded to plain text. */
export function latestMail(to?: string): { file: string; text: string } | null {
  let files: string[];
  try {
    files = readdirSync(OUTBOX_DIR).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  const mails = files
    .map((name) => {
      const file = path.join(OUTBOX_DIR, name);
      return { file, mtime: statSync(file).mtimeMs, text: decodeMail(readFileSync(file, 'utf8')) };
    })
    .filter((mail) => !to || headerMentions(mail.text, 'to', to))
    .sort((a, b) => b.mtime - a.mtime);
  return mails[0] ? { file: mails[0].file, text: mails[0].text } : null;
}

/** Waits (up to `timeout` ms) for a password-reset mail to `to` and returns its link. */
export async function resetLinkFromOutbox(to: string, { timeout = 10_000 } = {}): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = latestMail(to)?.text.match(
          /https?:\/\/[^\s"'<>]*\/reset-password\?token=[^\s"'<>]+/,
        )?.[0];
        return link;
      },
      { timeout, message: `no reset link mailed to ${to} in ${OUTBOX_DIR}` },
    )
    .toBeTruthy();
  return link!.replace(/&amp;/g, '&').replace(/[.,;:)\]]+$/, '');
}

// ---- internals ----

/** The page storage the app writes after a sign-in (src/api/tokens.ts, its default key names). */
function sessionState(accessToken: string, refreshToken: string, user: Tokens['user']) {
  const localStorage = [
    { name: 'access_token', value: accessToken },
    { name: 'refresh_token', value: refreshToken },
    { name: 'user_data', value: JSON.stringify(keysToCamelCase(user)) },
  ];
  return { cookies: [], origins: [{ origin: BASE_URL, localStorage }] };
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  route: string,
  options: { data?: unknown; headers?: Record<string, string> } = {},
): Promise<{ success?: boolean; data?: unknown; message?: string; error?: string }> {
  const response = await request.fetch(`${API_ROOT}${route}`, { method, ...options });
  const body = await response.json().catch(() => ({}));
  if (!response.ok() || body.success === false) {
    throw new Error(
      `${method} ${route} answered ${response.status()}: ${body.error ?? body.message ?? ''}`,
    );
  }
  return body;
}

function idFrom(data: unknown): number | string | undefined {
  const record = (data ?? {}) as Record<string, any>;
  return record.user?.id ?? record.id;
}

async function findUserId(request: APIRequestContext, adminToken: string, email: string) {
  const body = await call(request, 'GET', `/users?search=${encodeURIComponent(email)}&limit=50`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  const data = body.data as any;
  const users: Array<{ id: number | string; email: string }> =
    data?.users ?? (body as any).users ?? data ?? [];
  return users.find((user) => user.email?.toLowerCase() === email.toLowerCase())?.id;
}

function headerMentions(mail: string, header: string, value: string): boolean {
  const headers = mail.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = headers.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${header}:`));
  return !!line && line.toLowerCase().includes(value.toLowerCase());
}

// Mail bodies may be quoted-printable or base64; decode both so links can be searched as text.
function decodeMail(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
    ),
  ].map((match) => Buffer.from(match[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  const quotedPrintable = /quoted-printable/i.test(raw)
    ? Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : raw;
  return [quotedPrintable, ...base64Parts].join('\n');
}
