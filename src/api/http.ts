// The one HTTP layer of the browser (docs/product.md#api): base URL, Bearer token,
// snake_case bodies / camelCase answers, the envelope, 404-on-GET as a result, one shared
// refresh for concurrent 401s (and across tabs), and network retries with back-off.

import { ofetch, type FetchResponse } from 'ofetch';
import { resolveApiConfig, type ApiConfig } from './config';
import { keysToCamelCase, keysToSnakeCase } from '../domain/text/case';
import { isBinaryBody } from './case';
import { createTokenStore, tokens as sessionTokens } from './tokens';
import { classify, isLogoutUrl, isTimeoutError as isTimeout, NOTICE_TEXTS } from './errors';
import { createSessionRefresher, defaultLocks, type AuthFailureHandler } from './refresh';

import { beginRetrying } from './retryStatus';
import { parseRetryAfter } from './retryAfter';
import { simulatedFetch } from './networkSimulator';
export { type LockManagerLike } from './refresh';
import { apiErrors } from './errorEvents';
import { runAppAuthFailure } from './authFailure';

export * from './httpTypes';
import {
  ApiRequestError,
  type ApiEnvelope,
  type FailureKind,
  type HttpClient,
  type HttpMethod,
  type HttpClientOptions,
  type RequestOptions,
} from './httpTypes';

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
  for (const [key, value] of Object.entries(keysToSnakeCase<Record<string, unknown>>(query))) {
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
          o.body = keysToSnakeCase<Record<string, unknown>>(o.body);
        }
      },
      async onResponse({ response }) {
        const r = response as FetchResponse<unknown>;
        // A binary call's error answer is still the JSON envelope.
        if (typeof Blob !== 'undefined' && r._data instanceof Blob && !r.ok) {
          const text = await r._data.text();
          try {
            r._data = JSON.parse(text);
          } catch {
            r._data = text;
          }
        }
        if (r._data !== undefined && typeof r._data === 'object')
          r._data = keysToCamelCase(r._data);
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
            timeout: opts.timeoutMs ?? cfg.timeoutMs,
            headers,
            query: snakeQuery(opts.query),
            ...(opts.signal ? { signal: opts.signal } : {}),
            ...(opts.responseType === 'blob' ? { responseType: 'blob' as const } : {}),
            ...(opts.body !== undefined ? { body: opts.body as Record<string, unknown> } : {}),
          });
        } catch (cause) {
          if (opts.signal?.aborted) throw cause;
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
          // answered 400 (docs/product.md#messages).
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
    // Development builds: the network simulator (docs/product.md#limits) sits between the client and fetch.
    ...(process.env.NODE_ENV !== 'production'
      ? { fetch: simulatedFetch((input, init) => globalThis.fetch(input, init)) }
      : {}),
    tokens: sessionTokens,
    onAuthFailure: (reason) => runAppAuthFailure(reason, defaultAuthFailure),
  });
  return defaultClient;
}
