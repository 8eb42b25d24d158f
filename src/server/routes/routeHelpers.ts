import type { Context } from 'hono';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';

/** Ids are PostgreSQL `serial` (int4) on both engines. */
const MAX_ID = 2_147_483_647;

/** Path ids are positive integers; anything else cannot name a row, so it is 404 like an unknown id. */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return id;
}

export { requestInfo } from '../http/clientInfo';

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
