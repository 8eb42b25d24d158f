import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminQuery,
  createSchema,
  startServerProcess,
  TEST_DATABASE_URL,
} from '../support/faultApp';
import { databases } from './helpers';

/**
 * SIGTERM / SIGINT on a running server (`npm start`): it stops accepting, lets the requests in
 * flight finish, closes the database and exits 0.
 */

/** Sends a request whose body arrives in two halves, `gapMs` apart; resolves to the raw answer. */
function slowRequest(
  baseUrl: string,
  body: string,
  gapMs: number,
  onFirstHalf: () => void,
): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: app.test\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      onFirstHalf();
      setTimeout(() => socket.write(body.slice(half)), gapMs);
    });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

function connectError(baseUrl: string): Promise<string | null> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.destroy();
      resolve(null);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe.each(databases)('shutdown on a signal (%s, real server process)', (kind) => {
  let dataDir: string;
  let schema: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'i13-stop-'));
    if (kind === 'postgres') schema = await createSchema();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal}: the request in flight is answered, new connections are refused, the process exits 0`, async () => {
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'Boss#Secret123',
        JWT_SECRET: randomBytes(32).toString('hex'),
      };
      if (kind === 'postgres') {
        const url = new URL(TEST_DATABASE_URL!);
        url.searchParams.set('options', `-c search_path=${schema}`);
        env.DATABASE_URL = url.toString();
      }
      const server = await startServerProcess(env);
      try {
        // An idle kept-alive connection must not hold the shutdown open.
        const idle = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
        await new Promise((resolve) => idle.once('connect', resolve));
        idle.on('error', () => {});

        const answer = slowRequest(
          server.baseUrl,
          JSON.stringify({ email: 'boss@example.com', password: 'Boss#Secret123' }),
          600,
          () => {
            setTimeout(() => server.child.kill(signal), 150);
          },
        );
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(await connectError(server.baseUrl)).toBe('ECONNREFUSED');
        const raw = await answer;
        expect(raw).toMatch(/^HTTP\/1\.1 200/);
        expect(raw).toContain('access_token');
        const exit = await server.exited;
        expect(exit).toEqual({ code: 0, signal: null });
        expect(server.output()).toMatch(new RegExp(`${signal} received`));
        // Nothing had to be cut off: the idle connection was closed, the answered one right after its answer.
        expect(server.output()).not.toContain('requests still running');
        expect(server.output()).toContain('database closed');
      } finally {
        await server.stop();
      }
    });
  }
});
