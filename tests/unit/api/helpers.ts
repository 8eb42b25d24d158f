// Test-only doubles for browser APIs Node lacks (localStorage, Web Locks) and a scriptable
// real HTTP server the client talks to.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createHttpClient,
  type HttpClientOptions,
  type LockManagerLike,
} from '../../../src/api/http';
import { createApiErrorChannel } from '../../../src/api/errorEvents';
import { createErrorHistory } from '../../../src/api/errorHistory';

export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

/** An exclusive lock shared by the "tabs" of one test, granted in request order. */
export class MemoryLocks implements LockManagerLike {
  private tail: Promise<unknown> = Promise.resolve();
  waiting = 0;
  async request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous.catch(() => undefined);
    this.waiting -= 1;
    try {
      return await callback();
    } finally {
      release();
    }
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (for timeouts). */
  hang?: boolean;
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  origin: string;
  apiRoot: string;
  port: number;
  requests: RecordedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(
  handler: Handler = () => ({ status: 200, body: { success: true } }),
): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        if (rawBody && (req.headers['content-type'] ?? '').includes('json'))
          body = JSON.parse(rawBody);
        const url = new URL(req.url ?? '/', 'http://x');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname.replace(/^\/api\/v1/, ''),
          query: url.searchParams,
          headers: req.headers,
          rawBody,
          body,
        };
        requests.push(recorded);
        const reply = await current(recorded);
        if (reply.hang) return;
        const status = reply.status ?? 200;
        if (reply.body === undefined) {
          res.writeHead(status, reply.headers);
          res.end();
          return;
        }
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiRoot: `${origin}/api/v1`,
    port,
    requests,
    handle(h) {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An API root on a port nobody listens on (connection refused). */
export async function closedApiRoot(): Promise<string> {
  const s = await startServer();
  await s.close();
  return s.apiRoot;
}

export interface TestClientOptions extends HttpClientOptions {
  apiRoot: string;
  timeoutMs?: number;
}

/** A client wired to test doubles: recorded sleeps, a spy auth-failure handler, its own error channel. */
export function testClient(options: TestClientOptions) {
  const sleeps: number[] = [];
  const authFailures: string[] = [];
  const history = createErrorHistory();
  const errors = createApiErrorChannel(history);
  const storage = (options.storage as Storage | undefined) ?? new MemoryStorage();
  const http = createHttpClient({
    locks: null,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onAuthFailure: (reason) => {
      authFailures.push(reason);
    },
    errors,
    ...options,
    storage,
    config: {
      apiRoot: options.apiRoot,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...options.config,
    },
  });
  return { http, sleeps, authFailures, history, errors, storage };
}

export function signIn(storage: Storage, access = 'access-1', refresh = 'refresh-1'): void {
  storage.setItem('access_token', access);
  storage.setItem('refresh_token', refresh);
  storage.setItem('user_data', JSON.stringify({ id: 1, name: 'Ana', role: 'staff' }));
}

export function bearer(req: RecordedRequest): string | undefined {
  const h = req.headers.authorization;
  return typeof h === 'string' ? h.replace(/^Bearer /, '') : undefined;
}
