// Runtime configuration of the API client (docs/product.md#api, #limits).

export const API_PATH_SUFFIX = '/api/v1';

export interface TokenStorageKeys {
  accessToken: string;
  refreshToken: string;
  user: string;
}

export interface ApiConfig {
  /** Absolute or same-origin root, always ending in /api/v1 (no trailing slash). */
  apiRoot: string;
  timeoutMs: number;
  retries: number;
  /** First network-retry delay; it doubles on every further try. */
  retryDelayMs: number;
  storageKeys: TokenStorageKeys;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 1_000;
export const DEFAULT_STORAGE_KEYS: Readonly<TokenStorageKeys> = Object.freeze({
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user_data',
});

/** Trims trailing slashes and insists on the /api/v1 suffix so every path joins the same way. */
export function normaliseApiRoot(root: string): string {
  const trimmed = root.trim().replace(/\/+$/, '');
  if (!trimmed.endsWith(API_PATH_SUFFIX)) {
    throw new Error(`API root must end in ${API_PATH_SUFFIX}: ${root}`);
  }
  return trimmed;
}

function metaApiRoot(): string | null {
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector('meta[name="api-root"]');
  const content = meta?.getAttribute('content')?.trim();
  return content ? content : null;
}

/** `<meta name="api-root">` when present, else the page's own origin. */
export function defaultApiRoot(): string {
  const fromMeta = metaApiRoot();
  if (fromMeta) return normaliseApiRoot(fromMeta);
  const origin =
    typeof location !== 'undefined' && location.origin && location.origin !== 'null'
      ? location.origin
      : '';
  return `${origin}${API_PATH_SUFFIX}`;
}

let overrides: Partial<ApiConfig> = {};

export function getApiConfig(): ApiConfig {
  return {
    apiRoot: overrides.apiRoot ?? defaultApiRoot(),
    timeoutMs: overrides.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retries: overrides.retries ?? DEFAULT_RETRIES,
    retryDelayMs: overrides.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    storageKeys: { ...DEFAULT_STORAGE_KEYS, ...overrides.storageKeys },
  };
}

export function setApiRoot(root: string): void {
  overrides = { ...overrides, apiRoot: normaliseApiRoot(root) };
}

export function configureApi(
  partial: Partial<Omit<ApiConfig, 'storageKeys'>> & { storageKeys?: Partial<TokenStorageKeys> },
): void {
  const { storageKeys, ...rest } = partial;
  overrides = {
    ...overrides,
    ...rest,
    ...(rest.apiRoot !== undefined ? { apiRoot: normaliseApiRoot(rest.apiRoot) } : {}),
    ...(storageKeys
      ? { storageKeys: { ...DEFAULT_STORAGE_KEYS, ...overrides.storageKeys, ...storageKeys } }
      : {}),
  };
}

export function resetApiConfig(): void {
  overrides = {};
}

/** Merges per-client overrides over the live global configuration. */
export function resolveApiConfig(
  partial?: Partial<Omit<ApiConfig, 'storageKeys'>> & { storageKeys?: Partial<TokenStorageKeys> },
): ApiConfig {
  const base = getApiConfig();
  if (!partial) return base;
  const { storageKeys, ...rest } = partial;
  return {
    ...base,
    ...rest,
    ...(rest.apiRoot !== undefined ? { apiRoot: normaliseApiRoot(rest.apiRoot) } : {}),
    storageKeys: { ...base.storageKeys, ...storageKeys },
  };
}
