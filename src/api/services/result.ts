// Turns an http call into the `{ success, data, error, status }` every service returns.

import { isApiRequestError, type ApiEnvelope } from '../http';
import { messageFromBody, normalisedMessage } from '../errors';
import type { StatusMessages } from '../messages';

import type { AuditEventEntry, EditConflict } from '../../domain/history';
import type { Pagination, ServiceResult } from '../../domain/serviceResult';

export type { Pagination, ServiceResult };

export interface CallOptions<T, R> {
  fallback: string;
  byStatus?: StatusMessages;
  /** Shapes the envelope's data into the service's data. */
  pick?: (data: T | undefined, envelope: ApiEnvelope<T>) => R;
  successMessage?: string;
  /** Screen rule for an HTTP failure (status, server message) → text; undefined falls through. */
  errorFor?: (status: number, serverMessage: string | undefined) => string | undefined;
}

/**
 * Request options of a write whose screen shows its own error text (a field, a banner, a dialog):
 * the failure is not also raised as a global notice. Connectivity failures still are.
 */
export const SCREEN_HANDLED = { notify: false } as const;

export function failure<R>(
  error: string,
  status: number,
  field?: string,
  extra: {
    retryAfterSeconds?: number;
    conflict?: EditConflict<R>;
    code?: string;
    params?: Readonly<Record<string, string | number>>;
  } = {},
): ServiceResult<R> {
  return {
    success: false,
    data: null,
    error,
    status,
    ...(field ? { field } : {}),
    ...(extra.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: extra.retryAfterSeconds }
      : {}),
    ...(extra.conflict ? { conflict: extra.conflict } : {}),
    ...(extra.code ? { code: extra.code, params: extra.params ?? {} } : {}),
  };
}

/**
 * Options of a write that may be refused because the record changed meanwhile: `version` is the
 * version the caller loaded (sent as If-Match); without it the write goes through regardless.
 */
export interface VersionedWrite {
  version?: number | null;
}

/** Request options (headers) carrying If-Match for a versioned write. */
export function ifMatch(write: VersionedWrite | undefined): { headers?: Record<string, string> } {
  const version = write?.version;
  return typeof version === 'number' && Number.isInteger(version)
    ? { headers: { 'If-Match': `"${version}"` } }
    : {};
}

/** A 412 answer (camelCase body) as the conflict a screen shows: the record now and the events since. */
function conflictOf<T, R>(
  body: unknown,
  pick: CallOptions<T, R>['pick'],
): EditConflict<R> | undefined {
  const b = (body ?? {}) as { data?: T; conflict?: Record<string, unknown> };
  if (!b.conflict) return undefined;
  const current = pick ? pick(b.data, { success: false, status: 412, data: b.data }) : b.data;
  return {
    current: (current ?? null) as R | null,
    yourVersion: Number(b.conflict.yourVersion),
    currentVersion: Number(b.conflict.currentVersion),
    changes: Array.isArray(b.conflict.changes) ? (b.conflict.changes as AuditEventEntry[]) : [],
  };
}

function fieldOf(body: unknown): string | undefined {
  const field = body && typeof body === 'object' ? (body as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field ? field : undefined;
}

/** A refusal's code and params (strings and numbers only), when the answer carries them. */
function codeOf(body: unknown): Pick<ServiceResult<unknown>, 'code' | 'params'> {
  const b = (body && typeof body === 'object' ? body : {}) as { code?: unknown; params?: unknown };
  if (typeof b.code !== 'string' || !b.code) return {};
  const params: Record<string, string | number> = {};
  if (b.params && typeof b.params === 'object')
    for (const [name, value] of Object.entries(b.params))
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  return { code: b.code, params };
}

export async function call<T, R = T>(
  run: () => Promise<ApiEnvelope<T>>,
  options: CallOptions<T, R>,
): Promise<ServiceResult<R>> {
  try {
    const envelope = await run();
    if (!envelope.success) {
      const text =
        options.byStatus?.[envelope.status] ??
        options.errorFor?.(envelope.status, messageFromBody(envelope)) ??
        messageFromBody(envelope) ??
        options.fallback;
      return failure(text, envelope.status, fieldOf(envelope), codeOf(envelope));
    }
    const data = options.pick
      ? options.pick(envelope.data, envelope)
      : (envelope.data as unknown as R);
    const message = envelope.message ?? options.successMessage;
    return {
      success: true,
      data: data ?? null,
      error: null,
      status: envelope.status,
      ...(message !== undefined ? { message } : {}),
      // A notice with numbers (e.g. `N e-mails queued again`) the screen words itself.
      ...codeOf(envelope),
      ...(envelope.pagination !== undefined
        ? { pagination: envelope.pagination as Pagination }
        : {}),
    };
  } catch (e) {
    if (isApiRequestError(e)) {
      const text =
        options.byStatus?.[e.status] ??
        normalisedMessage(e.classified.kind) ??
        (e.kind === 'http' ? options.errorFor?.(e.status, messageFromBody(e.data)) : undefined) ??
        messageFromBody(e.data) ??
        options.fallback;
      const conflict = e.status === 412 ? conflictOf(e.data, options.pick) : undefined;
      return failure(text, e.status, fieldOf(e.data), {
        retryAfterSeconds: e.retryAfterSeconds,
        conflict,
        ...codeOf(e.data),
      });
    }
    return failure(options.fallback, 0);
  }
}

/** Query helpers: ids go into paths encoded. */
export function idPath(base: string, id: string | number): string {
  return `${base}/${encodeURIComponent(String(id))}`;
}
