import type { Context } from 'hono';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Struct } from 'superstruct';
import { validateBody } from '../../domain/validation';
import type { Database } from '../db/schema';
import { ApiError, MESSAGES } from '../errors';
import { clientIp, userAgent } from '../http/clientInfo';
import type { AppEnv } from '../types';

/**
 * Validates a (snake-cased) body with one of src/domain's structs: unknown keys dropped, coercions
 * applied, the domain's own message and field in the 400.
 */
export function validated<T>(struct: Struct<T, unknown>, body: unknown): T {
  assertNoNul(body);
  const result = validateBody(struct, body);
  if (!result.ok) throw new ApiError(400, result.message, result.field || undefined);
  return result.value;
}

const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * PostgreSQL cannot store U+0000 in text (it would fail as a 500), so both engines refuse it up
 * front as bad input, in bodies (any depth) and in query values.
 */
export function assertNoNul(value: unknown, field?: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new ApiError(400, field ? `${field}: ${NUL_MESSAGE}` : NUL_MESSAGE, field);
    return;
  }
  if (Array.isArray(value)) value.forEach((item) => assertNoNul(item, field));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) assertNoNul(item, field ?? key);
  }
}

/** Ids are PostgreSQL `serial` (int4) on both engines. */
const MAX_ID = 2_147_483_647;

/** Path ids are positive integers; anything else cannot name a row, so it is 404 like an unknown id. */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new ApiError(404, MESSAGES.notFound);
  return id;
}

/** IP and user agent for the activity log. */
export function requestInfo(c: Context<AppEnv>) {
  return { ip: clientIp(c, c.get('deps').config.trustProxy), userAgent: userAgent(c) };
}

/** CHECK constraint refused a write (the last line of defence behind validation) on either engine. */
export function isCheckViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK';
}

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Text searched with LIKE … ESCAPE (backslash): its own % and _ match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
