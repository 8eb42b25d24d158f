// The development network simulator (docs/product.md#limits): what each preset does to a request, and the
// API client retrying through it as it would through a bad network.
import { afterEach, describe, expect, test } from 'vitest';
import {
  currentNetworkPreset,
  NETWORK_PRESET_NAMES,
  NETWORK_STORAGE_KEY,
  setNetworkPreset,
  simulatedFetch,
  type NetworkPresetName,
} from '../../../src/api/networkSimulator';
import { testClient } from './helpers';

const ok = async () =>
  new Response(JSON.stringify({ success: true, data: 'real' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function rig(name: NetworkPresetName, randoms: number[] = []) {
  const sleeps: number[] = [];
  let calls = 0;
  const queue = [...randoms];
  const fetch = simulatedFetch(
    async () => {
      calls += 1;
      return ok();
    },
    {
      preset: () => name,
      random: () => queue.shift() ?? 0.99,
      sleep: async (ms) => void sleeps.push(ms),
    },
  );
  return { fetch, sleeps, calls: () => calls };
}

describe('network simulator presets', () => {
  test('has the five presets of docs/product.md#limits', () => {
    expect(NETWORK_PRESET_NAMES).toEqual(['perfect', 'slow', 'unreliable', 'poor', 'offline']);
  });

  test('perfect passes the request straight through', async () => {
    const { fetch, sleeps, calls } = rig('perfect');
    const response = await fetch('http://x/api/v1/menus/user');
    expect(response.status).toBe(200);
    expect(sleeps).toEqual([]);
    expect(calls()).toBe(1);
  });

  test('slow adds latency (2.5 s plus up to 1 s of jitter) and then answers', async () => {
    const { fetch, sleeps, calls } = rig('slow', [0.5]);
    expect((await fetch('http://x')).status).toBe(200);
    expect(sleeps).toEqual([3000]);
    expect(calls()).toBe(1);
  });

  test('unreliable drops some requests as network errors and fails others with 503', async () => {
    // random: jitter, drop roll, fail roll.
    const dropped = rig('unreliable', [0, 0.1]);
    await expect(dropped.fetch('http://x')).rejects.toThrow(TypeError);
    expect(dropped.calls()).toBe(0);
    const failed = rig('unreliable', [0, 0.5, 0.05]);
    const answer = await failed.fetch('http://x');
    expect(answer.status).toBe(503);
    expect(failed.calls()).toBe(0);
    const passed = rig('unreliable', [0, 0.5, 0.5]);
    expect((await passed.fetch('http://x')).status).toBe(200);
    expect(passed.calls()).toBe(1);
  });

  test('offline drops every request', async () => {
    const { fetch, calls } = rig('offline', [0.999]);
    await expect(fetch('http://x')).rejects.toThrow(TypeError);
    expect(calls()).toBe(0);
  });

  test('the API client retries through an offline simulator, then reports a network error', async () => {
    const { http, sleeps, history } = testClient({
      apiRoot: 'http://127.0.0.1:1/api/v1',
      fetch: simulatedFetch(ok, { preset: () => 'offline', sleep: async () => undefined }),
    });
    const error = await http.get('/account').catch((e: unknown) => e);
    expect((error as { kind?: string }).kind).toBe('network');
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(history.entries()[0]).toMatchObject({ kind: 'network' });
  });
});

describe('choosing a preset', () => {
  const store = new Map<string, string>();
  const fakeSession = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  afterEach(() => {
    store.clear();
    Reflect.deleteProperty(globalThis, 'sessionStorage');
    Reflect.deleteProperty(globalThis, 'location');
  });

  test('?network=slow chooses slow and is remembered for the tab; the panel can change it; junk is ignored', () => {
    Object.assign(globalThis, {
      sessionStorage: fakeSession,
      location: { search: '?network=slow', href: 'http://x/dashboard?network=slow' },
    });
    expect(currentNetworkPreset()).toBe('slow');
    Object.assign(globalThis, { location: { search: '', href: 'http://x/dashboard' } });
    expect(currentNetworkPreset()).toBe('slow');
    setNetworkPreset('poor');
    expect(store.get(NETWORK_STORAGE_KEY)).toBe('poor');
    expect(currentNetworkPreset()).toBe('poor');
    Object.assign(globalThis, {
      location: { search: '?network=lightspeed', href: 'http://x/?network=lightspeed' },
    });
    expect(currentNetworkPreset()).toBe('poor');
    store.clear();
    expect(currentNetworkPreset()).toBe('perfect');
  });
});
