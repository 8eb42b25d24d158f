// Session storage (docs/product.md#data): access token, refresh token and user object in localStorage.

import { getApiConfig, type TokenStorageKeys } from './config';

export interface SessionTokens {
  accessToken: string;
  refreshToken?: string | null;
}

export type StoredUser = Record<string, unknown>;

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  getUser<U = StoredUser>(): U | null;
  setTokens(tokens: SessionTokens): void;
  setUser(user: unknown): void;
  clear(): void;
  isSignedIn(): boolean;
}

export interface TokenStoreOptions {
  /** Defaults to globalThis.localStorage, looked up on every call. */
  storage?: Storage | (() => Storage | undefined);
  keys?: () => TokenStorageKeys;
}

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Some privacy modes throw on access.
    return undefined;
  }
}

export function createTokenStore(options: TokenStoreOptions = {}): TokenStore {
  const storage = (): Storage | undefined =>
    typeof options.storage === 'function'
      ? options.storage()
      : (options.storage ?? defaultStorage());
  const keys = options.keys ?? (() => getApiConfig().storageKeys);

  const read = (key: string): string | null => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null | undefined): void => {
    const s = storage();
    if (!s) return;
    if (value === null || value === undefined || value === '') s.removeItem(key);
    else s.setItem(key, value);
  };

  const store: TokenStore = {
    getAccessToken: () => read(keys().accessToken),
    getRefreshToken: () => read(keys().refreshToken),
    getUser<U = StoredUser>(): U | null {
      const raw = read(keys().user);
      if (!raw) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        return parsed && typeof parsed === 'object' ? (parsed as U) : null;
      } catch {
        return null;
      }
    },
    setTokens(tokens) {
      write(keys().accessToken, tokens.accessToken);
      if (tokens.refreshToken !== undefined) write(keys().refreshToken, tokens.refreshToken);
    },
    setUser(user) {
      write(keys().user, user === null || user === undefined ? null : JSON.stringify(user));
    },
    clear() {
      const k = keys();
      write(k.accessToken, null);
      write(k.refreshToken, null);
      write(k.user, null);
    },
    isSignedIn: () => Boolean(store.getAccessToken()) && store.getUser() !== null,
  };
  return store;
}

/** The store the app uses: the page's localStorage under the configured key names. */
export const tokens: TokenStore = createTokenStore();

export const getStoredUser = <U = StoredUser>(): U | null => tokens.getUser<U>();
export const setStoredUser = (user: unknown): void => tokens.setUser(user);
export const clearCredentials = (): void => tokens.clear();
export const isSignedIn = (): boolean => tokens.isSignedIn();

export interface TokenChange {
  /** Which of the three entries changed; 'all' when another tab cleared the whole storage. */
  entry: 'accessToken' | 'refreshToken' | 'user' | 'all';
  signedIn: boolean;
}

interface StorageEventLike extends Event {
  key: string | null;
}

/**
 * Calls `listener` when ANOTHER tab changes the session (the browser fires 'storage' only
 * in the other tabs). Returns the unsubscribe function.
 */
export function subscribeToTokenChanges(
  listener: (change: TokenChange) => void,
  options: { target?: EventTarget; store?: TokenStore; keys?: () => TokenStorageKeys } = {},
): () => void {
  const target = options.target ?? (typeof window !== 'undefined' ? window : undefined);
  if (!target) return () => {};
  const store = options.store ?? tokens;
  const keys = options.keys ?? (() => getApiConfig().storageKeys);
  const handler = (event: Event): void => {
    const key = (event as StorageEventLike).key;
    const k = keys();
    let entry: TokenChange['entry'] | null = null;
    if (key === null) entry = 'all';
    else if (key === k.accessToken) entry = 'accessToken';
    else if (key === k.refreshToken) entry = 'refreshToken';
    else if (key === k.user) entry = 'user';
    if (entry) listener({ entry, signedIn: store.isSignedIn() });
  };
  target.addEventListener('storage', handler);
  return () => target.removeEventListener('storage', handler);
}
