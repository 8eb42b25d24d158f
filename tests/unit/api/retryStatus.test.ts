// 'Reconnecting…' (issue 16): the client says it is retrying during the back-off of docs/product.md#messages and
// stops saying so once the request ends, answered or failed.
import { describe, expect, test } from 'vitest';
import { isRetrying, subscribeRetrying } from '../../../src/api/retryStatus';
import { closedApiRoot, testClient } from './helpers';

describe('retry status', () => {
  test('is on during each back-off of a refused connection and off once the request has failed', async () => {
    const apiRoot = await closedApiRoot();
    const seen: boolean[] = [];
    const changes: boolean[] = [];
    const unsubscribe = subscribeRetrying(() => changes.push(isRetrying()));
    const { http } = testClient({
      apiRoot,
      sleep: async () => {
        seen.push(isRetrying());
      },
    });
    expect(isRetrying()).toBe(false);
    await http.get('/account').catch(() => undefined);
    unsubscribe();
    expect(seen).toEqual([true, true, true]);
    expect(isRetrying()).toBe(false);
    // One 'on' and one 'off' for the whole request, not one per try.
    expect(changes).toEqual([true, false]);
  });

  test('stays off for a request that is answered at once', async () => {
    const { http } = testClient({
      apiRoot: 'http://127.0.0.1:1/api/v1',
      fetch: async () =>
        new Response('{"success":true}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const changes: boolean[] = [];
    const unsubscribe = subscribeRetrying(() => changes.push(isRetrying()));
    await http.get('/account');
    unsubscribe();
    expect(changes).toEqual([]);
  });
});

describe('retry status on the page', () => {
  test('marks <html data-api-retrying> and fires api-retrying-change, the names Reconnecting.tsx reads', async () => {
    const { RETRY_ATTRIBUTE, RETRY_EVENT, beginRetrying } =
      await import('../../../src/api/retryStatus');
    expect(RETRY_ATTRIBUTE).toBe('data-api-retrying');
    expect(RETRY_EVENT).toBe('api-retrying-change');
    const root = {
      attrs: new Set<string>(),
      toggleAttribute(name: string, on: boolean) {
        if (on) this.attrs.add(name);
        else this.attrs.delete(name);
      },
    };
    const events: string[] = [];
    Object.assign(globalThis, {
      document: { documentElement: root },
      window: { dispatchEvent: (e: Event) => events.push(e.type) },
    });
    try {
      const end = beginRetrying();
      expect(root.attrs.has(RETRY_ATTRIBUTE)).toBe(true);
      end();
      expect(root.attrs.has(RETRY_ATTRIBUTE)).toBe(false);
      expect(events).toEqual([RETRY_EVENT, RETRY_EVENT]);
    } finally {
      Reflect.deleteProperty(globalThis, 'document');
      Reflect.deleteProperty(globalThis, 'window');
    }
  });
});
