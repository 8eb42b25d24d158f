// One token refresh at a time: shared by every request of this tab that failed together
// (a single in-flight promise) and by every open tab (a Web Lock, then a fresh look at storage).

import type { $Fetch, FetchResponse } from 'ofetch';
import type { ApiConfig } from './config';
import type { TokenStore } from './tokens';

export const REFRESH_LOCK_NAME = 'dashboard-invoice-refresh';

export type AuthFailureReason = 'no_refresh_token' | 'refresh_failed';
export type AuthFailureHandler = (reason: AuthFailureReason) => void;

/** The subset of the Web Locks API we use (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

export type RefreshOutcome =
  | { ok: true }
  | {
      ok: false;
      reason: AuthFailureReason;
      /** Status of the refresh answer; 0 when there was none. */
      status: number;
      /** No answer at all (network, timeout): the session is kept. */
      transient: boolean;
      error?: unknown;
    };

export interface RefresherDeps {
  fetcher: $Fetch;
  store: TokenStore;
  config: () => ApiConfig;
  locks: () => LockManagerLike | null;
  onAuthFailure: AuthFailureHandler;
}

/** Tokens from a refresh answer: data.access_token/refresh_token (camelCased by the fetcher), or data.tokens.*. */
function tokensOf(body: unknown): { accessToken?: unknown; refreshToken?: unknown } {
  const envelope = (body ?? {}) as { data?: unknown };
  const data = (envelope.data ?? envelope) as Record<string, unknown>;
  const bag = (data.tokens && typeof data.tokens === 'object' ? data.tokens : data) as Record<
    string,
    unknown
  >;
  return {
    accessToken: bag.accessToken ?? bag.access_token,
    refreshToken: bag.refreshToken ?? bag.refresh_token,
  };
}

/**
 * Returns `refresh(failedRefreshToken)`. Concurrent callers join the running refresh.
 * `failedRefreshToken` is the refresh token stored when the caller's request was refused:
 * if, inside the lock, storage holds a different one, another tab already refreshed.
 */
export function createSessionRefresher(
  deps: RefresherDeps,
): (failedRefreshToken: string | null) => Promise<RefreshOutcome> {
  const { fetcher, store } = deps;
  let inFlight: Promise<RefreshOutcome> | null = null;

  async function perform(failedRefreshToken: string | null): Promise<RefreshOutcome> {
    const current = store.getRefreshToken();
    if (!current) {
      store.clear();
      return { ok: false, reason: 'no_refresh_token', status: 0, transient: false };
    }
    if (failedRefreshToken && current !== failedRefreshToken && store.getAccessToken())
      return { ok: true };

    const cfg = deps.config();
    let response: FetchResponse<unknown>;
    try {
      response = await fetcher.raw('/auth/refresh', {
        method: 'POST',
        baseURL: cfg.apiRoot,
        timeout: cfg.timeoutMs,
        body: { refreshToken: current },
      });
    } catch (error) {
      // No answer: keep the session, the next call may refresh again.
      return { ok: false, reason: 'refresh_failed', status: 0, transient: true, error };
    }
    const { accessToken, refreshToken } = tokensOf(response._data);
    const refused = (response._data as { success?: unknown } | undefined)?.success === false;
    if (response.ok && !refused && typeof accessToken === 'string' && accessToken) {
      store.setTokens({
        accessToken,
        refreshToken: typeof refreshToken === 'string' && refreshToken ? refreshToken : current,
      });
      return { ok: true };
    }
    // Cleared inside the lock, so a tab waiting behind us finds no token and signs out too.
    store.clear();
    return { ok: false, reason: 'refresh_failed', status: response.status, transient: false };
  }

  return (failedRefreshToken) => {
    if (!inFlight) {
      const run = (): Promise<RefreshOutcome> => perform(failedRefreshToken);
      const locks = deps.locks();
      inFlight = (locks ? locks.request(REFRESH_LOCK_NAME, run) : run())
        .then((outcome) => {
          if (!outcome.ok && !outcome.transient) deps.onAuthFailure(outcome.reason);
          return outcome;
        })
        .finally(() => {
          inFlight = null;
        });
    }
    return inFlight;
  };
}
