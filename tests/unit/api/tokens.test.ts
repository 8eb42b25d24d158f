import { afterEach, describe, expect, test } from 'vitest';
import {
  configureApi,
  getApiConfig,
  normaliseApiRoot,
  resetApiConfig,
  setApiRoot,
} from '../../../src/api/config';
import {
  createTokenStore,
  subscribeToTokenChanges,
  type TokenChange,
} from '../../../src/api/tokens';
import { MemoryStorage } from './helpers';

afterEach(() => resetApiConfig());

describe('session storage (docs/product.md#data)', () => {
  test('signed in means an access token AND a stored user', () => {
    const storage = new MemoryStorage();
    const store = createTokenStore({ storage });
    expect(store.isSignedIn()).toBe(false);
    store.setTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(store.isSignedIn()).toBe(false);
    store.setUser({ id: 1, name: 'Ana' });
    expect(store.isSignedIn()).toBe(true);
    expect(storage.getItem('access_token')).toBe('a');
    expect(storage.getItem('refresh_token')).toBe('r');
    expect(store.getUser()).toEqual({ id: 1, name: 'Ana' });
    store.clear();
    expect(storage.length).toBe(0);
    expect(store.isSignedIn()).toBe(false);
  });

  test('a corrupt stored user reads as signed out', () => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'a');
    storage.setItem('user_data', '{not json');
    expect(createTokenStore({ storage }).isSignedIn()).toBe(false);
  });

  test('the key names are configurable', () => {
    const storage = new MemoryStorage();
    configureApi({ storageKeys: { accessToken: 'di_access', user: 'di_user' } });
    const store = createTokenStore({ storage });
    store.setTokens({ accessToken: 'a', refreshToken: 'r' });
    store.setUser({ id: 1 });
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual([
      'di_access',
      'di_user',
      'refresh_token',
    ]);
  });

  test('changes made by another tab are reported through the storage event', () => {
    const storage = new MemoryStorage();
    const store = createTokenStore({ storage });
    const target = new EventTarget();
    const seen: TokenChange[] = [];
    const stop = subscribeToTokenChanges((c) => seen.push(c), { target, store });
    const fire = (key: string | null) =>
      target.dispatchEvent(Object.assign(new Event('storage'), { key }));

    store.setTokens({ accessToken: 'a' });
    store.setUser({ id: 2 });
    fire('user_data');
    fire('unrelated');
    store.clear();
    fire(null);
    stop();
    fire('access_token');

    expect(seen).toEqual([
      { entry: 'user', signedIn: true },
      { entry: 'all', signedIn: false },
    ]);
  });
});

describe('configuration (docs/product.md#limits)', () => {
  test('defaults: timeout 10 s, 3 retries from 1 s, token keys', () => {
    expect(getApiConfig()).toMatchObject({
      timeoutMs: 10000,
      retries: 3,
      retryDelayMs: 1000,
      storageKeys: {
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        user: 'user_data',
      },
    });
    expect(getApiConfig().apiRoot.endsWith('/api/v1')).toBe(true);
  });

  test('the API root must end in /api/v1', () => {
    setApiRoot('https://billing.example/api/v1/');
    expect(getApiConfig().apiRoot).toBe('https://billing.example/api/v1');
    expect(() => setApiRoot('https://billing.example/api')).toThrow(/\/api\/v1/);
    expect(normaliseApiRoot('/api/v1')).toBe('/api/v1');
  });
});
