// The one HTTP layer of the browser (DESIGN "Browser side"): base URL, Bearer token,
// snake_case bodies / camelCase answers, the envelope, 404-on-GET as a result, one shared
// refresh for concurrent 401s (and across tabs), and network retries with back-off.

import { ofetch, type $Fetch, type FetchResponse } from 'ofetch';
import { resolveApiConfig, type ApiConfig, type TokenStorageKeys } from './config';
import { isBinaryBody, toCamelCase, toSnakeCase } from './case';
import { createTokenStore, tokens as sessionTokens, type TokenStore } from './tokens';
import {
  classify,
  isLogoutUrl,
  isTimeoutError as isTimeout,
  NOTICE_TEXTS,
  type ClassifiedError,
} from './errors';
import {
  createSessionRefresher,
  defaultLocks,
  type AuthFailureHandler,
  type LockManagerLike,
} from './refresh';

import { beginRetrying } from './retryStatus';
import { parseRetryAfter } from './retryAfter';
import { simulatedFetch } from './networkSimulator';
export {
  REFRESH_LOCK_NAME,
  type AuthFailureHandler,
  type AuthFailureReason,
  type LockManagerLike,
} from './refresh';
import { apiErrors, type ApiErrorChannel } from './errorEvents';
import { runAppAuthFailure } from './authFailure';

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

/** Guest calls: a 401 there is an answer, not an expired session. */
const NO_REFRESH_PATHS = [
  '/auth/login',
  '/auth/refresh',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
];
/** Calls that never carry the Bearer token (register does: an admin adding a user is recognised by it). */
const NO_BEARER_PATHS = ['/auth/login', '/auth/refresh'];
const GUEST_PAGES = ['/signin', '/signup', '/forgot-password', '/reset-password'];

function pathOnly(path: string): string {
  return path.split('?')[0].replace(/\/+$/, '');
}

function matches(list: readonly string[], path: string): boolean {
  const p = pathOnly(path);
  return list.some((candidate) => p === candidate || p.endsWith(candidate));
}

export function isNoRefreshPath(path: string): boolean {
  return matches(NO_REFRESH_PATHS, path);
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function defaultAuthFailure(): void {
  if (typeof location === 'undefined' || typeof location.assign !== 'function') return;
  // Already on a guest page: reloading it would loop.
  if (GUEST_PAGES.includes(location.pathname)) return;
  location.assign('/signin');
}

function snakeQuery(
  query: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!query) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(toSnakeCase<Record<string, unknown>>(query))) {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out;
}

function toEnvelope<T>(body: unknown, status: number): ApiEnvelope<T> {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'success' in body) {
    return {
      ...(body as Record<string, unknown>),
      success: Boolean((body as { success: unknown }).success),
      status,
    } as ApiEnvelope<T>;
  }
  // A bare answer (array, text, empty body) still fits the envelope.
  const ok = status >= 200 && status < 300;
  return { success: ok, ...(body !== undefined && body !== '' ? { data: body as T } : {}), status };
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const config = (): ApiConfig => resolveApiConfig(options.config);
  const store =
    options.tokens ??
    createTokenStore({ storage: options.storage, keys: () => config().storageKeys });
  const sleep = options.sleep ?? realSleep;
  const errors = options.errors ?? apiErrors;
  let onAuthFailure: AuthFailureHandler = options.onAuthFailure ?? defaultAuthFailure;

  const fetcher = ofetch.create(
    {
      retry: false,
      ignoreResponseError: true,
      onRequest({ options: o }) {
        if (
          o.body !== undefined &&
          o.body !== null &&
          typeof o.body === 'object' &&
          !isBinaryBody(o.body)
        ) {
          o.body = toSnakeCase<Record<string, unknown>>(o.body);
        }
      },
      onResponse({ response }) {
        const r = response as FetchResponse<unknown>;
        if (r._data !== undefined && typeof r._data === 'object') r._data = toCamelCase(r._data);
      },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  // Every request that shared a failed refresh gets the same outcome; report it once.
  const reportedOutcomes = new WeakSet<object>();
  const sharedRefresh = createSessionRefresher({
    fetcher,
    store,
    config,
    locks: () => (options.locks === undefined ? defaultLocks() : options.locks),
    onAuthFailure: (reason) => onAuthFailure(reason),
  });

  function fail(
    kind: FailureKind,
    status: number,
    method: HttpMethod,
    url: string,
    data: unknown,
    cause: unknown,
    emit: boolean,
    retryAfterSeconds?: number,
  ): ApiRequestError {
    const classified = classify(kind === 'http' ? { kind, status, data } : kind, url);
    const error = new ApiRequestError(kind, status, url, method, data, classified, {
      cause,
      retryAfterSeconds,
    });
    if (emit) errors.emit(classified);
    return error;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<ApiEnvelope<T>> {
    const logout = isLogoutUrl(path);
    const wantsNotice = opts.notify !== false && !logout;
    let networkAttempt = 0;
    let retriedAfterRefresh = false;
    let endRetrying = null as (() => void) | null; // set by attempt() below
    try {
      return await attempt();
    } finally {
      endRetrying?.();
    }

    async function attempt(): Promise<ApiEnvelope<T>> {
      for (;;) {
        const cfg = config();
        const url = `${cfg.apiRoot}${path}`;
        const accessToken = store.getAccessToken();
        const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
        if (accessToken && !matches(NO_BEARER_PATHS, path))
          headers.authorization = `Bearer ${accessToken}`;

        let response: FetchResponse<unknown>;
        try {
          response = await fetcher.raw(path, {
            method,
            baseURL: cfg.apiRoot,
            timeout: cfg.timeoutMs,
            headers,
            query: snakeQuery(opts.query),
            ...(opts.body !== undefined ? { body: opts.body as Record<string, unknown> } : {}),
          });
        } catch (cause) {
          if (isTimeout(cause)) throw fail('timeout', 0, method, url, undefined, cause, !logout);
          if (networkAttempt < cfg.retries) {
            endRetrying ??= beginRetrying();
            await sleep(cfg.retryDelayMs * 2 ** networkAttempt);
            networkAttempt += 1;
            continue;
          }
          throw fail('network', 0, method, url, undefined, cause, !logout);
        }

        const status = response.status;
        const body = response._data;
        if (status >= 200 && status < 300) return toEnvelope<T>(body, status);

        if (status === 401 && !isNoRefreshPath(path) && !retriedAfterRefresh) {
          retriedAfterRefresh = true;
          const stored = store.getAccessToken();
          // Someone (this tab or another) already replaced the token this call used.
          if (stored && stored !== accessToken) continue;
          const outcome = await sharedRefresh(store.getRefreshToken());
          if (outcome.ok) continue;
          if (outcome.transient) {
            const kind: FailureKind = isTimeout(outcome.error) ? 'timeout' : 'network';
            throw fail(kind, 0, method, url, undefined, outcome.error, !logout);
          }
          // Reported even when the caller shows its own errors, except logout calls and a refresh
          // answered 400 (spec §8).
          const firstReport = !reportedOutcomes.has(outcome);
          reportedOutcomes.add(outcome);
          throw fail(
            'http',
            401,
            method,
            url,
            body,
            undefined,
            firstReport && !logout && outcome.status !== 400,
          );
        }

        if (status === 404 && method === 'GET') {
          return { success: false, error: NOTICE_TEXTS.resourceNotFound, status: 404 };
        }
        // Guest pages show their own message for a refused sign-in.
        const emit = wantsNotice && !(status === 401 && isNoRefreshPath(path));
        const wait = parseRetryAfter(response.headers.get('retry-after'));
        throw fail('http', status, method, url, body, undefined, emit, wait);
      }
    }
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    patch: (path, body, o) => request('PATCH', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
    async refreshSession() {
      const outcome = await sharedRefresh(null);
      return outcome.ok;
    },
    setAuthFailureHandler(handler) {
      onAuthFailure = handler;
    },
    tokens: store,
    fetcher,
    config,
  };
}

let defaultClient: HttpClient | null = null;

/** The app's client (created on first use so configuration set at start-up applies). */
export function getHttpClient(): HttpClient {
  defaultClient ??= createHttpClient({
    // Development builds: the network simulator (spec §9) sits between the client and fetch.
    ...(process.env.NODE_ENV !== 'production'
      ? { fetch: simulatedFetch((input, init) => globalThis.fetch(input, init)) }
      : {}),
    tokens: sessionTokens,
    onAuthFailure: (reason) => runAppAuthFailure(reason, defaultAuthFailure),
  });
  return defaultClient;
}

/** Where the app goes when the session cannot be renewed; the shell passes its auth flow. */
export { setAuthFailureHandler } from './authFailure';
