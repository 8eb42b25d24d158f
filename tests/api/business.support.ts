// Shared set-up of the account, users, invoice-summary, matrix and bad-input tests, on top of
// the foundation's helpers (fresh app + database per file, SQLite and PostgreSQL).
import type { DatabaseKind } from '../../src/server/db/connection';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import type { Database, Role } from '../../src/server/db/schema';
import { createTestApp, databases, insertUser, type TestApp, type TestAppOptions } from './helpers';

export type Engine = DatabaseKind;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = databases;

export type Ctx = TestApp;

export async function setup(engine: Engine, options: TestAppOptions = {}): Promise<Ctx> {
  return createTestApp(engine, options);
}

export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export async function call(
  ctx: Ctx,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await ctx.app.request(`/api/v1${path}`, { method, headers, body: payload });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body, text, headers: res.headers };
}

const hasher = createPasswordHasher('test');
let counter = 0;

export interface TestUser {
  id: number;
  email: string;
  username: string;
  password: string;
  role: Role;
}

export async function createUser(
  ctx: Ctx,
  options: {
    role?: Role;
    verified?: boolean;
    name?: string;
    email?: string;
    username?: string;
    password?: string;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const role = options.role ?? 'staff';
  const email = options.email ?? `${role}${tag}@example.com`;
  const username = options.username ?? `${role}${tag}`;
  const password = options.password ?? 'password-123';
  const id = await insertUser(ctx.db, hasher, {
    name: options.name ?? `${role} ${tag}`,
    username,
    email,
    password,
    role,
    verified: options.verified !== false,
    stamp: new Date().toISOString(),
  });
  return { id, email, username, password, role };
}

export async function signIn(
  ctx: Ctx,
  user: { email: string; password: string },
): Promise<{ access: string; refresh: string }> {
  const res = await call(ctx, 'POST', '/auth/login', {
    body: { email: user.email, password: user.password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const tokens = res.body.data.tokens;
  return {
    access: tokens.access_token ?? tokens.accessToken,
    refresh: tokens.refresh_token ?? tokens.refreshToken,
  };
}

/** A verified user of this role, signed in. */
export async function signedIn(
  ctx: Ctx,
  role: Role = 'staff',
  options: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(ctx, { ...options, role });
  const tokens = await signIn(ctx, user);
  return { ...user, token: tokens.access, refresh: tokens.refresh };
}

/** A valid create body for a period (snake case). */
export function summaryBody(
  period: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    invoice_period: period,
    number_of_active_customer: 120,
    number_of_total_transaction: 1000,
    amount_of_total_transaction: 250_000_000,
    amount_of_local_voice_transaction: 50_000_000,
    amount_of_hp_local_voice_transaction: 40_000_000,
    amount_of_voice_sljj_transaction: 30_000_000,
    amount_of_hp_voice_sljj_transaction: 20_000_000,
    amount_of_voice_sli_transaction: 10_000_000,
    amount_of_activation_transaction: 1_000_000,
    amount_of_subscription_transaction: 2_000_000,
    amount_of_mincom_transaction: 3_000_000,
    amount_of_resell_transaction: 4_000_000,
    amount_of_other_cost_transaction: 5_000_000,
    number_of_usage_transaction: 1000,
    number_of_verified_invoice: 800,
    number_of_generated_invoice: 600,
    number_of_delivered_invoice: 400,
    number_of_uploaded_tax_invoice: 200,
    url_shared_file_draft_invoice: 'https://drive.example.com/draft.xlsx',
    url_shared_file_verified_invoice: 'https://drive.example.com/verified.xlsx',
    url_shared_folder_invoice: 'https://drive.example.com/invoices/',
    url_shared_folder_tax_invoice: 'https://drive.example.com/tax/',
    ...overrides,
  };
}

/** Inserts a summary directly (no API), returning its id. */
export async function insertSummary(
  ctx: Ctx,
  period: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await ctx.db
    .insertInto('invoice_summaries')
    .values({ ...(summaryBody(period, overrides) as any), created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many rows a table holds: a refused request must leave it as it was. */
export async function countRows(ctx: Ctx, table: keyof Database): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A period's records (`/invoice-summaries/{id}/<name>`), listed and posted as one user. */
export function periodRecords(ctx: Ctx, token: string, name: string) {
  const path = (id: number) => `/invoice-summaries/${id}/${name}`;
  return {
    list: (id: number) => call(ctx, 'GET', path(id), { token }),
    record: (id: number, body: unknown) => call(ctx, 'POST', path(id), { token, body }),
  };
}

/** Tiny real images: the magic bytes are what the server checks. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
export const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);
export const WEBP_HEAD = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);

export const dataUrl = (type: string, bytes: Buffer) =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** A new period on every call, from January of `firstYear` on: each test file its own years. */
export function periodsFrom(firstYear: number): () => string {
  let serial = 0;
  return () => {
    serial += 1;
    return `${firstYear + Math.floor(serial / 12)}-${String((serial % 12) + 1).padStart(2, '0')}`;
  };
}
