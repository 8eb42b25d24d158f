// Bench: bytes on the wire for a first visit, in headless Chromium against the real production
// server (node dist/server/main.mjs, NODE_ENV=production) and the production build. Each figure is a
// fresh browser context (empty HTTP cache); bytes are what Chromium received: response headers
// plus the encoded (compressed) body of every request, the generator worker's included.
//
//   node --import tsx tests/bench/transfer.ts
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { readBuildStats } from './bundle-size';
import { startRealServer } from './harness/realServer';

const PORT = Number(process.env.BENCH_TRANSFER_PORT) || 8141;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'Bench#transfer-2026';
export const SIGNIN_GOAL_BYTES = 95 * 1024;

interface Transfer {
  requests: number;
  bytes: number;
  rawBodyBytes: number;
  byType: Map<string, number>;
}

interface Received {
  url: string;
  type: string;
  headerBytes: number;
  bodyBytes: number;
  decodedBytes: number;
}

/**
 * Sums what Chromium received for every request finished while `action` runs: response headers plus
 * the encoded body. A dedicated worker's script is fetched outside the page's network view, where
 * its body size reads 0; its encoded size then comes from the page's Resource Timing entry.
 */
async function measure(context: BrowserContext, action: () => Promise<void>): Promise<Transfer> {
  const received: Promise<Received>[] = [];
  const onFinished = (request: import('@playwright/test').Request) => {
    received.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const decodedBytes = response
          ? (await response.body().catch(() => Buffer.alloc(0))).length
          : 0;
        return {
          url: request.url(),
          type: request.resourceType(),
          headerBytes: sizes.responseHeadersSize,
          bodyBytes: sizes.responseBodySize,
          decodedBytes,
        };
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  try {
    await action();
    await settle(context);
  } finally {
    context.off('requestfinished', onFinished);
  }
  const timing = new Map<string, number>();
  for (const page of context.pages()) {
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => [e.name, (e as PerformanceResourceTiming).encodedBodySize] as const),
    );
    for (const [url, bytes] of entries) timing.set(url, bytes);
  }
  const result: Transfer = { requests: 0, bytes: 0, rawBodyBytes: 0, byType: new Map() };
  for (const r of await Promise.all(received)) {
    const body =
      r.bodyBytes === 0 && r.decodedBytes > 0 ? (timing.get(r.url) ?? r.decodedBytes) : r.bodyBytes;
    const wire = r.headerBytes + body;
    result.requests += 1;
    result.bytes += wire;
    result.rawBodyBytes += r.decodedBytes;
    result.byType.set(r.type, (result.byType.get(r.type) ?? 0) + wire);
  }
  return result;
}

async function settle(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) await page.waitForLoadState('networkidle');
}

function startServer(dataDir: string) {
  return startRealServer({
    port: PORT,
    dataDir,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

export async function runTransferBench(): Promise<string[]> {
  readBuildStats(); // builds dist/ when stale
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-transfer-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (label: string, t: Transfer, note = '') =>
    `${label.padEnd(34)} ${kb(t.bytes).padStart(9)} on the wire ${kb(t.rawBodyBytes).padStart(10)} decoded  ${String(t.requests).padStart(3)} requests  ${note}`.trimEnd();
  const lines: string[] = [
    `first visits in Chromium ${browser.version()}, empty cache, server NODE_ENV=production`,
  ];
  try {
    // 1. /signin, cold.
    const signinContext = await browser.newContext();
    const signinPage = await signinContext.newPage();
    const signin = await measure(signinContext, async () => {
      await signinPage.goto(`${BASE}/signin`);
      await signinPage.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    });
    const verdict = signin.bytes <= SIGNIN_GOAL_BYTES ? 'meets' : 'MISSES';
    lines.push(row('/signin', signin, `${verdict} the goal of ≤ ${kb(SIGNIN_GOAL_BYTES)}`));
    const types = [...signin.byType].map(([type, bytes]) => `${type} ${kb(bytes)}`).join(', ');
    lines.push(`${''.padEnd(34)} (${types})`);

    // 2. Signing in from there: what /dashboard adds to a warm /signin.
    const afterSignin = await measure(signinContext, () => signIn(signinPage));
    lines.push(row('sign in → /dashboard (warm cache)', afterSignin));
    const storageState = await signinContext.storageState();
    await signinContext.close();

    // 3. /dashboard, cold (signed in, empty HTTP cache).
    const dashContext = await browser.newContext({ storageState });
    const dashPage = await dashContext.newPage();
    const dashboard = await measure(dashContext, async () => {
      await dashPage.goto(`${BASE}/dashboard`);
    });
    lines.push(row('/dashboard (cold)', dashboard));
    await dashContext.close();

    // 4. The generator route, cold, with its worker started as the page starts it (URL from the meta tag).
    const genContext = await browser.newContext({ storageState });
    const genPage = await genContext.newPage();
    const generator = await measure(genContext, async () => {
      await genPage.goto(`${BASE}/invoice-document-generator`);
      await genPage.getByRole('heading', { name: 'Generate Tagihan Voice', level: 1 }).waitFor();
      const workerLoaded = genContext.waitForEvent('requestfinished', {
        predicate: (request) => request.url().includes('/assets/generator.worker-'),
        timeout: 30_000,
      });
      await genPage.evaluate(() => {
        const url = document.querySelector<HTMLMetaElement>(
          'meta[name="generator-worker"]',
        )!.content;
        (window as unknown as { benchWorker: Worker }).benchWorker = new Worker(url, {
          type: 'module',
          name: 'generator',
        });
      });
      await workerLoaded;
    });
    lines.push(row('/invoice-document-generator (cold)', generator, '(worker included)'));
    await genContext.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runTransferBench()) console.log(line);
}
