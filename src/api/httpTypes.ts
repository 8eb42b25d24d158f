// The types of the browser's HTTP layer (./http): the envelope a call answers, the error a failed
// call throws, and the client's options and methods.

import type { $Fetch } from 'ofetch';
import type { ApiConfig, TokenStorageKeys } from './config';
import type { TokenStore } from './tokens';
import type { ClassifiedError } from './errors';
import type { AuthFailureHandler, LockManagerLike } from './refresh';
import type { ApiErrorChannel } from './errorEvents';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of a call: the server's envelope (camelCase) plus the HTTP status. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  data?: T;
  message?: string;
  error?: string;
  status: number;
  [extra: string]: unknown;
}

export type FailureKind = 'http' | 'network' | 'timeout';

/** Thrown for every failed call except a GET answered 404. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly url: string,
    readonly method: HttpMethod,
    /** The camelCase answer body, when there was one. */
    readonly data: unknown,
    readonly classified: ClassifiedError,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(classified.message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** The wait the server named in Retry-After (429, 503), in seconds. */
  readonly retryAfterSeconds: number | undefined;
}

export function isApiRequestError(e: unknown): e is ApiRequestError {
  return e instanceof ApiRequestError;
}

export interface RequestOptions {
  body?: unknown;
  /** camelCase or snake_case keys; sent as snake_case; null/undefined/'' values are dropped. */
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  /**
   * false: answers with an error status are not emitted through onApiError (the caller shows
   * its own message); connectivity failures (network, timeout) still are.
   */
  notify?: boolean;
  /** Cancels the call; an aborted call is neither retried nor reported, it rejects with the abort. */
  signal?: AbortSignal;
  /** 'blob': a successful answer's body is handed back as a Blob (a PDF); errors still parse as JSON. */
  responseType?: 'json' | 'blob';
  /** Overrides the configured timeout (a PDF conversion may take minutes). */
  timeoutMs?: number;
}

export interface HttpClientOptions {
  /** Overrides on top of the live global configuration (src/api/config). */
  config?: Partial<Omit<ApiConfig, 'storageKeys'>> & { storageKeys?: Partial<TokenStorageKeys> };
  /** Session storage; defaults to localStorage. Ignored when `tokens` is given. */
  storage?: Storage | (() => Storage | undefined);
  tokens?: TokenStore;
  /** fetch implementation handed to ofetch (defaults to globalThis.fetch). */
  fetch?: typeof fetch;
  /** Cross-tab lock; undefined = navigator.locks when the browser has it, null = none. */
  locks?: LockManagerLike | null;
  sleep?: (ms: number) => Promise<void>;
  onAuthFailure?: AuthFailureHandler;
  errors?: ApiErrorChannel;
}

export interface HttpClient {
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiEnvelope<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  /** Runs (or joins) the shared refresh; true when fresh tokens are stored. */
  refreshSession(): Promise<boolean>;
  setAuthFailureHandler(handler: AuthFailureHandler): void;
  readonly tokens: TokenStore;
  readonly fetcher: $Fetch;
  config(): ApiConfig;
}
