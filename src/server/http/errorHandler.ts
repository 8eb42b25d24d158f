import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StructError } from 'superstruct';
import { structErrorToField } from '../../domain/validation';
import { isDatabaseUnavailable } from '../db/connection';
import { ApiError, ERROR_MESSAGES } from '../errors';
import type { AppEnv } from '../types';
import { fail } from './envelope';

/** What a 503 tells the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** While the database stays away, one warning a minute per database instead of one per request. */
const UNAVAILABLE_WARN_EVERY_MS = 60_000;
const lastUnavailableWarning = new WeakMap<object, number>();

/** The single place where thrown errors become answers. Unknown errors never leak details. */
export function handleError(error: Error, c: Context<AppEnv>): Response | Promise<Response> {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return fail(c, error.status as ContentfulStatusCode, error.message, error.field, error.extra);
  }
  if (error instanceof StructError) {
    const { message, field } = structErrorToField(error);
    return fail(c, 400, message, field || undefined);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message =
      status === 413
        ? ERROR_MESSAGES.tooLarge
        : status < 500
          ? error.message || 'Bad request'
          : ERROR_MESSAGES.internal;
    return fail(c, status, message);
  }
  const logger = c.get('deps')?.logger;
  const requestId = c.get('requestId');
  if (isDatabaseUnavailable(error)) {
    const db = c.get('deps')?.db ?? handleError;
    const now = Date.now();
    const cause = (error as { cause?: unknown }).cause;
    const details = {
      requestId,
      path: c.req.path,
      error: error.message,
      ...(cause ? { cause: String(cause) } : {}),
    };
    if (now - (lastUnavailableWarning.get(db) ?? -Infinity) >= UNAVAILABLE_WARN_EVERY_MS) {
      lastUnavailableWarning.set(db, now);
      logger?.warn('database unavailable; answering 503 until it is back', details);
    } else {
      logger?.debug('database unavailable', details);
    }
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return fail(c, 503, ERROR_MESSAGES.unavailable);
  }
  logger?.error('unhandled error', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    stack: error?.stack ?? String(error),
  });
  return fail(c, 500, ERROR_MESSAGES.internal);
}
