// Development network simulator (docs/product.md#limits): presets perfect, slow, unreliable, poor and offline
// make the API client's fetch add latency, drop requests (a network error, as when the server is
// away) or fail them (a 503 answer), so flows can be watched degrading in the Stately inspector.
// Development builds only: the client imports this under process.env.NODE_ENV !== 'production',
// so a production bundle leaves it out (tests/unit/ui-shell/devOnlyCode.test.ts).

export const NETWORK_PRESETS = {
  perfect: { latencyMs: 0, jitterMs: 0, dropRate: 0, failRate: 0 },
  slow: { latencyMs: 2500, jitterMs: 1000, dropRate: 0, failRate: 0 },
  unreliable: { latencyMs: 300, jitterMs: 300, dropRate: 0.2, failRate: 0.1 },
  poor: { latencyMs: 1500, jitterMs: 1000, dropRate: 0.1, failRate: 0.05 },
  offline: { latencyMs: 0, jitterMs: 0, dropRate: 1, failRate: 0 },
} as const;

export type NetworkPresetName = keyof typeof NETWORK_PRESETS;
export const NETWORK_PRESET_NAMES = /* @__PURE__ */ Object.keys(
  NETWORK_PRESETS,
) as NetworkPresetName[];

/** Where the chosen preset is kept for the tab (the URL parameter sets it). */
export const NETWORK_STORAGE_KEY = 'dev_network_preset';
export const NETWORK_QUERY_PARAM = 'network';

export function isNetworkPreset(name: unknown): name is NetworkPresetName {
  return typeof name === 'string' && Object.hasOwn(NETWORK_PRESETS, name);
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const listeners = /* @__PURE__ */ new Set<() => void>();

/** The preset in force: `?network=…` on the page wins (and is remembered), else the tab's choice. */
export function currentNetworkPreset(): NetworkPresetName {
  if (typeof location !== 'undefined') {
    const fromUrl = new URLSearchParams(location.search).get(NETWORK_QUERY_PARAM);
    if (isNetworkPreset(fromUrl) && session()?.getItem(NETWORK_STORAGE_KEY) !== fromUrl)
      session()?.setItem(NETWORK_STORAGE_KEY, fromUrl);
  }
  const stored = session()?.getItem(NETWORK_STORAGE_KEY);
  return isNetworkPreset(stored) ? stored : 'perfect';
}

export function setNetworkPreset(name: NetworkPresetName): void {
  session()?.setItem(NETWORK_STORAGE_KEY, name);
  if (typeof location !== 'undefined' && typeof history !== 'undefined') {
    const url = new URL(location.href);
    if (url.searchParams.has(NETWORK_QUERY_PARAM)) {
      url.searchParams.set(NETWORK_QUERY_PARAM, name);
      history.replaceState(history.state, '', url);
    }
  }
  for (const listener of listeners) listener();
}

export function subscribeNetworkPreset(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface SimulatorOptions {
  preset?: () => NetworkPresetName;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** `fetch` as the chosen preset would deliver it. */
export function simulatedFetch(
  realFetch: typeof fetch,
  options: SimulatorOptions = {},
): typeof fetch {
  const preset = options.preset ?? currentNetworkPreset;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortableSleep;
  return async (input, init) => {
    const name = preset();
    const p = NETWORK_PRESETS[name];
    const delay = p.latencyMs + (p.jitterMs ? Math.round(random() * p.jitterMs) : 0);
    if (delay > 0) await sleep(delay, init?.signal);
    if (p.dropRate > 0 && random() < p.dropRate)
      throw new TypeError(`Failed to fetch (network simulator: ${name})`);
    if (p.failRate > 0 && random() < p.failRate) {
      return new Response(
        JSON.stringify({
          success: false,
          error: `Service unavailable (network simulator: ${name})`,
        }),
        {
          status: 503,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    return realFetch(input, init);
  };
}
