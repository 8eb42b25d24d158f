import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiRequestError } from '../../../src/api/http';
import type { ErrorHistoryEntry } from '../../../src/api/errorHistory';
import {
  bearer,
  closedApiRoot,
  MemoryLocks,
  MemoryStorage,
  signIn,
  startServer,
  testClient,
  type TestServer,
} from './helpers';

let server: TestServer;

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('wire format', () => {
  test('request body keys go out snake_case, answer keys come back camelCase, data-URLs untouched', async () => {
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo_AAAA_bb';
    server.handle((req) => ({
      status: 201,
      body: {
        success: true,
        message: 'Saved',
        data: { echo: req.body, created_at: '2024-01-01', nested_list: [{ user_id: 7 }] },
      },
    }));
    const { http } = testClient({ apiRoot: server.apiRoot });

    const answer = await http.post<Record<string, unknown>>('/things', {
      imageData: dataUrl,
      userProfile: { firstName: 'A' },
    });

    expect(server.requests[0].body).toEqual({
      image_data: dataUrl,
      user_profile: { first_name: 'A' },
    });
    expect(server.requests[0].headers['content-type']).toContain('application/json');
    expect(answer).toEqual({
      success: true,
      message: 'Saved',
      status: 201,
      data: {
        echo: { imageData: dataUrl, userProfile: { firstName: 'A' } },
        createdAt: '2024-01-01',
        nestedList: [{ userId: 7 }],
      },
    });
  });

  test('query parameters are sent snake_case and empty ones are dropped', async () => {
    const { http } = testClient({ apiRoot: server.apiRoot });
    await http.get('/invoice-summaries', {
      query: {
        sortBy: 'invoice_period',
        sortOrder: 'desc',
        search: '',
        period: undefined,
        limit: 50,
      },
    });
    const q = server.requests[0].query;
    expect(Object.fromEntries(q)).toEqual({
      sort_by: 'invoice_period',
      sort_order: 'desc',
      limit: '50',
    });
  });

  test('FormData bodies are sent as multipart, keys untouched', async () => {
    const { http } = testClient({ apiRoot: server.apiRoot });
    const form = new FormData();
    form.append('imageData', 'x');
    await http.post('/upload', form);
    expect(server.requests[0].headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(server.requests[0].rawBody).toContain('name="imageData"');
  });

  test('a bare array answer is wrapped in the envelope', async () => {
    server.handle(() => ({ body: [{ menu_id: 1 }] }));
    const { http } = testClient({ apiRoot: server.apiRoot });
    expect(await http.get('/menus')).toEqual({ success: true, data: [{ menuId: 1 }], status: 200 });
  });

  test('the stored access token goes out as Bearer (register too, so an admin is recognised), but not to login or refresh', async () => {
    const storage = new MemoryStorage();
    signIn(storage, 'tok-A');
    const { http } = testClient({ apiRoot: server.apiRoot, storage });
    await http.get('/account');
    await http.post('/auth/register', { name: 'Ana' });
    await http.post('/auth/login', { email: 'a@b.c', password: 'x' });
    await http.post('/auth/refresh', { refreshToken: 'r' });
    expect(server.requests.map(bearer)).toEqual(['tok-A', 'tok-A', undefined, undefined]);
  });
});

describe('404 and failed answers', () => {
  test('a GET answered 404 resolves to a failed result without throwing or notifying', async () => {
    server.handle(() => ({ status: 404, body: { success: false, error: 'Summary not found' } }));
    const { http, history } = testClient({ apiRoot: server.apiRoot });
    await expect(http.get('/invoice-summaries/period/2024-01')).resolves.toEqual({
      success: false,
      error: 'Resource not found',
      status: 404,
    });
    expect(history.entries()).toHaveLength(0);
  });

  test('a DELETE answered 404 throws a classified not-found error', async () => {
    server.handle(() => ({ status: 404, body: { success: false, message: 'User not found' } }));
    const { http } = testClient({ apiRoot: server.apiRoot });
    const error = await http.delete('/users/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).classified).toMatchObject({
      kind: 'not_found',
      message: 'User not found',
    });
  });

  test('a 500 throws, is emitted once through the error channel and lands in the history', async () => {
    server.handle(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    const { http, errors, history } = testClient({ apiRoot: server.apiRoot });
    const seen: ErrorHistoryEntry[] = [];
    errors.subscribe((e) => seen.push(e));
    await expect(http.get('/account')).rejects.toMatchObject({ status: 500, kind: 'http' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      kind: 'server',
      message: 'Something went wrong on our end. Please try again later.',
      severity: 'high',
      duration: 7000,
      notify: true,
      url: `${server.apiRoot}/account`,
    });
    expect(history.entries()).toHaveLength(1);
  });

  test('logout failures are never emitted', async () => {
    server.handle(() => ({ status: 500, body: { success: false } }));
    const { http, history } = testClient({ apiRoot: server.apiRoot });
    await expect(http.post('/auth/logout')).rejects.toBeInstanceOf(ApiRequestError);
    expect(history.entries()).toHaveLength(0);
  });

  test('notify: false silences error answers but not connectivity failures', async () => {
    server.handle(() => ({ status: 422, body: { success: false, message: 'Email is invalid' } }));
    const quiet = testClient({ apiRoot: server.apiRoot });
    await expect(
      quiet.http.post('/auth/forgot-password', { email: 'x' }, { notify: false }),
    ).rejects.toMatchObject({ status: 422 });
    expect(quiet.history.entries()).toHaveLength(0);

    const offline = testClient({ apiRoot: await closedApiRoot() });
    await expect(offline.http.post('/auth/login', {}, { notify: false })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(offline.history.entries().map((e) => e.kind)).toEqual(['network']);
  });

  test('a validation answer is emitted as Invalid Input with the server text', async () => {
    server.handle(() => ({
      status: 400,
      body: { success: false, error: 'Jumlah progress tidak boleh melebihi total transaksi!' },
    }));
    const { http, history } = testClient({ apiRoot: server.apiRoot });
    await expect(
      http.put('/invoice-summaries/progress-usage/1', { usageTransactionCount: 9 }),
    ).rejects.toBeInstanceOf(ApiRequestError);
    expect(history.entries()[0]).toMatchObject({
      kind: 'validation',
      title: 'Invalid Input',
      message: 'Jumlah progress tidak boleh melebihi total transaksi!',
      severity: 'medium',
      duration: 5000,
      notify: true,
    });
  });

  test('a 5xx is not retried', async () => {
    server.handle(() => ({ status: 502, body: { success: false } }));
    const { http, sleeps } = testClient({ apiRoot: server.apiRoot });
    await expect(http.get('/account')).rejects.toMatchObject({ status: 502 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

/** Server where only `valid` is an accepted access token; /auth/refresh rotates to valid. */
function scriptRefresh(
  s: TestServer,
  opts: { valid: string; newRefresh: string; beforeRefresh?: () => Promise<void> },
) {
  s.handle(async (req) => {
    if (req.path === '/auth/refresh') {
      await opts.beforeRefresh?.();
      return {
        body: { success: true, data: { access_token: opts.valid, refresh_token: opts.newRefresh } },
      };
    }
    if (bearer(req) !== opts.valid)
      return { status: 401, body: { success: false, error: 'Token expired' } };
    return { body: { success: true, data: { path: req.path } } };
  });
}

describe('401 and the shared refresh', () => {
  test('five concurrent 401s cause exactly one refresh and five retries', async () => {
    const storage = new MemoryStorage();
    signIn(storage, 'old-access', 'old-refresh');
    scriptRefresh(server, { valid: 'new-access', newRefresh: 'new-refresh' });
    const { http, authFailures, history } = testClient({ apiRoot: server.apiRoot, storage });

    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => http.get<{ path: string }>(`/items/${n}`)),
    );

    expect(answers.map((a) => a.data?.path)).toEqual([
      '/items/1',
      '/items/2',
      '/items/3',
      '/items/4',
      '/items/5',
    ]);
    const refreshes = server.requests.filter((r) => r.path === '/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ refresh_token: 'old-refresh' });
    const retries = server.requests.filter(
      (r) => r.path.startsWith('/items/') && bearer(r) === 'new-access',
    );
    expect(retries).toHaveLength(5);
    expect(storage.getItem('access_token')).toBe('new-access');
    expect(storage.getItem('refresh_token')).toBe('new-refresh');
    expect(authFailures).toEqual([]);
    expect(history.entries()).toHaveLength(0);
  });

  test('a refresh answered in camelCase is accepted too', async () => {
    const storage = new MemoryStorage();
    signIn(storage, 'old', 'r1');
    server.handle((req) => {
      if (req.path === '/auth/refresh')
        return { body: { success: true, data: { accessToken: 'fresh', refreshToken: 'r2' } } };
      return bearer(req) === 'fresh'
        ? { body: { success: true, data: 1 } }
        : { status: 401, body: { success: false } };
    });
    const { http } = testClient({ apiRoot: server.apiRoot, storage });
    await expect(http.get('/account')).resolves.toMatchObject({ success: true, data: 1 });
    expect(storage.getItem('refresh_token')).toBe('r2');
  });

  test('a second tab waiting on the lock uses the tokens the first tab stored instead of refreshing again', async () => {
    const storage = new MemoryStorage();
    signIn(storage, 'old-access', 'old-refresh');
    const locks = new MemoryLocks();
    scriptRefresh(server, {
      valid: 'new-access',
      newRefresh: 'new-refresh',
      // Answer the refresh only once the other tab queues for the lock.
      beforeRefresh: async () => {
        while (locks.waiting < 1) await new Promise((r) => setTimeout(r, 5));
      },
    });
    const tabA = testClient({ apiRoot: server.apiRoot, storage, locks });
    const tabB = testClient({ apiRoot: server.apiRoot, storage, locks });

    const [a, b] = await Promise.all([tabA.http.get('/from-a'), tabB.http.get('/from-b')]);

    expect(a.success && b.success).toBe(true);
    expect(server.requests.filter((r) => r.path === '/auth/refresh')).toHaveLength(1);
    expect(server.requests.filter((r) => r.path === '/from-b').map(bearer)).toEqual([
      'old-access',
      'new-access',
    ]);
    expect(tabA.authFailures).toEqual([]);
    expect(tabB.authFailures).toEqual([]);
  });

  test('a tab whose 401 arrives after another tab refreshed retries with the stored token', async () => {
    const storage = new MemoryStorage();
    signIn(storage, 'old-access', 'old-refresh');
    server.handle((req) => {
      if (req.path === '/auth/refresh') return { status: 500, body: { success: false } };
      if (bearer(req) === 'new-access') return { body: { success: true, data: 'ok' } };
      // Another tab refreshes while this request is on the wire.
      storage.setItem('access_token', 'new-access');
      storage.setItem('refresh_token', 'new-refresh');
      return { status: 401, body: { success: false } };
    });
    const { http } = testClient({ apiRoot: server.apiRoot, storage });
    await expect(http.get('/account')).resolves.toMatchObject({ data: 'ok' });
    expect(server.requests.map((r) => r.path)).toEqual(['/account', '/account']);
  });

  test('a failed refresh clears the stored session, calls onAuthFailure once and reports Session Expired', async () => {
    const storage = new MemoryStorage();
    signIn(storage);
    server.handle((req) =>
      req.path === '/auth/refresh'
        ? { status: 401, body: { success: false, error: 'Invalid refresh token' } }
        : { status: 401, body: { success: false } },
    );
    const { http, authFailures, history } = testClient({ apiRoot: server.apiRoot, storage });

    const results = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);

    expect(
      results.every((r) => r.status === 'rejected' && (r.reason as ApiRequestError).status === 401),
    ).toBe(true);
    expect(server.requests.filter((r) => r.path === '/auth/refresh')).toHaveLength(1);
    expect(storage.length).toBe(0);
    expect(authFailures).toEqual(['refresh_failed']);
    expect(history.entries()).toHaveLength(1);
    expect(history.entries()[0]).toMatchObject({
      kind: 'authentication',
      title: 'Session Expired',
      duration: 3000,
    });
  });

  test('a refresh that gets no answer keeps the session and reports the connectivity problem', async () => {
    const storage = new MemoryStorage();
    signIn(storage);
    server.handle((req) =>
      req.path === '/auth/refresh' ? { hang: true } : { status: 401, body: { success: false } },
    );
    const { http, authFailures, history } = testClient({
      apiRoot: server.apiRoot,
      storage,
      timeoutMs: 150,
    });
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'timeout', status: 0 });
    expect(authFailures).toEqual([]);
    expect(storage.getItem('refresh_token')).toBe('refresh-1');
    expect(history.entries().map((e) => e.kind)).toEqual(['timeout']);
  });

  test('a refresh answered 400 still signs out but is not reported as an authentication error', async () => {
    const storage = new MemoryStorage();
    signIn(storage);
    server.handle((req) =>
      req.path === '/auth/refresh'
        ? { status: 400, body: { success: false } }
        : { status: 401, body: { success: false } },
    );
    const { http, authFailures, history } = testClient({ apiRoot: server.apiRoot, storage });
    await expect(http.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(authFailures).toEqual(['refresh_failed']);
    expect(storage.getItem('access_token')).toBeNull();
    expect(history.entries()).toHaveLength(0);
  });

  test('without a refresh token a 401 clears credentials and calls onAuthFailure without calling /auth/refresh', async () => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'a');
    storage.setItem('user_data', '{"id":1}');
    server.handle(() => ({ status: 401, body: { success: false } }));
    const { http, authFailures } = testClient({ apiRoot: server.apiRoot, storage });
    await expect(http.get('/account')).rejects.toMatchObject({ status: 401 });
    expect(server.requests.map((r) => r.path)).toEqual(['/account']);
    expect(authFailures).toEqual(['no_refresh_token']);
    expect(storage.length).toBe(0);
  });

  test('a 401 from /auth/login is an answer: no refresh, no sign-out, no Session Expired notice', async () => {
    const storage = new MemoryStorage();
    signIn(storage);
    server.handle(() => ({
      status: 401,
      body: { success: false, message: 'Invalid credentials' },
    }));
    const { http, authFailures, history } = testClient({ apiRoot: server.apiRoot, storage });
    await expect(
      http.post('/auth/login', { email: 'a@b.c', password: 'wrong' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(server.requests.map((r) => r.path)).toEqual(['/auth/login']);
    expect(authFailures).toEqual([]);
    expect(storage.getItem('refresh_token')).toBe('refresh-1');
    expect(history.entries()).toHaveLength(0);
  });

  test('the retried request is retried only once: a second 401 is final', async () => {
    const storage = new MemoryStorage();
    signIn(storage);
    server.handle((req) =>
      req.path === '/auth/refresh'
        ? { body: { success: true, data: { access_token: 'n', refresh_token: 'm' } } }
        : { status: 401, body: { success: false } },
    );
    const { http } = testClient({ apiRoot: server.apiRoot, storage });
    await expect(http.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(server.requests.map((r) => r.path)).toEqual(['/x', '/auth/refresh', '/x']);
  });

  test('by default a failed refresh sends the browser to /signin, but not from a guest page', async () => {
    const assigned: string[] = [];
    const original = Object.getOwnPropertyDescriptor(globalThis, 'location');
    const fakeLocation = { pathname: '/dashboard', assign: (to: string) => assigned.push(to) };
    Object.defineProperty(globalThis, 'location', {
      value: fakeLocation,
      configurable: true,
      writable: true,
    });
    try {
      server.handle(() => ({ status: 401, body: { success: false } }));
      const storage = new MemoryStorage();
      const { http } = testClient({ apiRoot: server.apiRoot, storage, onAuthFailure: undefined });
      await expect(http.get('/account')).rejects.toMatchObject({ status: 401 });
      fakeLocation.pathname = '/signin';
      await expect(http.get('/menus/user')).rejects.toMatchObject({ status: 401 });
    } finally {
      if (original) Object.defineProperty(globalThis, 'location', original);
      else delete (globalThis as { location?: unknown }).location;
    }
    expect(assigned).toEqual(['/signin']);
  });

  test('with navigator.locks present the refresh runs inside the named lock', async () => {
    const storage = new MemoryStorage();
    signIn(storage, 'old', 'r');
    scriptRefresh(server, { valid: 'new', newRefresh: 'r2' });
    const names: string[] = [];
    const locks = new MemoryLocks();
    const spyLocks = {
      request<T>(name: string, cb: () => Promise<T>) {
        names.push(name);
        return locks.request(name, cb);
      },
    };
    const { http } = testClient({ apiRoot: server.apiRoot, storage, locks: spyLocks });
    await http.get('/x');
    expect(names).toEqual(['dashboard-invoice-refresh']);
  });
});

describe('network errors and timeouts', () => {
  test('connection refused is retried 3 times after 1 s, 2 s and 4 s, then reported as a network error', async () => {
    const apiRoot = await closedApiRoot();
    let attempts = 0;
    const countingFetch: typeof fetch = (input, init) => {
      attempts += 1;
      return fetch(input, init);
    };
    const { http, sleeps, history } = testClient({ apiRoot, fetch: countingFetch });

    const error = (await http.get('/account').catch((e: unknown) => e)) as ApiRequestError;

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(attempts).toBe(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(history.entries()).toHaveLength(1);
    expect(history.entries()[0]).toMatchObject({
      kind: 'network',
      message: 'Unable to connect to the server. The backend service may be down.',
      retryable: true,
      notify: true,
    });
  });

  test('a server that comes back during the back-off answers the retry', async () => {
    const port = server.port;
    await server.close();
    let restarted: TestServer | null = null;
    const { http, sleeps } = testClient({
      apiRoot: `http://127.0.0.1:${port}/api/v1`,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 2) {
          restarted = await startServerOn(port);
        }
      },
    });
    const answer = await http.get('/account');
    expect(answer).toMatchObject({ success: true, data: 'back' });
    expect(sleeps).toEqual([1000, 2000]);
    server = restarted!;
  });

  test('a timeout is reported once and not retried', async () => {
    server.handle(() => ({ hang: true }));
    const { http, sleeps, history } = testClient({ apiRoot: server.apiRoot, timeoutMs: 150 });
    const error = (await http.get('/slow').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.kind).toBe('timeout');
    expect(error.classified.message).toBe('Request timed out. Please try again.');
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(history.entries()).toHaveLength(1);
  });
});

async function startServerOn(port: number): Promise<TestServer> {
  const { createServer } = await import('node:http');
  const s = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true, data: 'back' }));
  });
  await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    apiRoot: `http://127.0.0.1:${port}/api/v1`,
    port,
    requests: [],
    handle() {},
    close: () =>
      new Promise<void>((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  };
}
