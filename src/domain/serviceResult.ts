// The one result type of a call to the server: every service of src/api answers with it. A
// machine's actor resolves with a successful one and rejects with a ServiceError (see
// src/ui/wiring/README.md for the policy).

import type { EditConflict } from './history/events';

export interface Pagination {
  page?: number;
  limit?: number;
  total?: number;
  totalPages?: number;
  [extra: string]: unknown;
}

export interface ServiceResult<T> {
  readonly success: boolean;
  readonly data: T | null;
  /** Human text when success is false, else null. */
  readonly error: string | null;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The server's message on success (e.g. 'Profile updated'). */
  readonly message?: string;
  readonly pagination?: Pagination | null;
  /** On failure: the input field the server blamed (e.g. 'email'), when it named one. */
  readonly field?: string;
  /** On a 412 (If-Match no longer current): the record now and who changed what since. */
  readonly conflict?: EditConflict<T>;
  /** On failure: the wait the server named in Retry-After (429, 503), in seconds. */
  readonly retryAfterSeconds?: number;
  /**
   * The refusal's (or a success notice's) code and what fills it, when the server gives them, so
   * the screen words a text with numbers in the language on screen (src/domain/delivery/deliveryErrors.ts).
   */
  readonly code?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A refusal for too many attempts (429): the wait the server named, in seconds; else undefined. */
export function lockoutWaitOf(error: unknown): number | undefined {
  return isServiceError(error) && error.result.status === 429
    ? error.result.retryAfterSeconds
    : undefined;
}

/**
 * How a failed call reaches a machine: the actor rejects with it (an actor resolves only with a
 * call that succeeded). `message` is the text to show, already worded for the screen; `result`
 * keeps the failed answer (status, field, error) for a machine that shows details.
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly result: ServiceResult<unknown>;

  constructor(result: ServiceResult<unknown>, text: string = result.error ?? '') {
    super(text);
    this.result = result;
  }

  /** A failure decided before or without an answer (status 0), shown as `text`. */
  static of(text: string, status = 0): ServiceError {
    return new ServiceError({ success: false, data: null, error: text, status }, text);
  }
}

/** esbuild's code splitting puts a module in one chunk only, so the class is the same everywhere. */
export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** The successful answer, or a ServiceError (its text the answer's own, or `text` when given). */
export function succeeded<T>(result: ServiceResult<T>, text?: string): ServiceResult<T> {
  if (!result.success) throw new ServiceError(result, text ?? result.error ?? '');
  return result;
}

/** What a machine shows for an actor's error: a ServiceError's text, else the machine's own fallback. */
export function failureText(error: unknown, fallback: string): string {
  return isServiceError(error) && error.message ? error.message : fallback;
}

/** The conflict of a write refused with 412 (the record changed since it was loaded), else undefined. */
export function conflictOf<T = unknown>(error: unknown): EditConflict<T> | undefined {
  if (!isServiceError(error) || error.result.status !== 412) return undefined;
  return (error.result.conflict as EditConflict<T> | undefined) ?? undefined;
}
