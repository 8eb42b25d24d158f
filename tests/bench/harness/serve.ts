// Builds the app's worker (build.mjs, production) plus the harness page and the floor worker into
// a temporary directory and serves it on a random port. Cross-origin isolated (COOP/COEP), so
// performance.measureUserAgentSpecificMemory() is available to the bench.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const here = path.join(root, 'tests/bench/harness');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface Harness {
  baseUrl: string;
  dir: string;
  /** Writes a file the page can fetch at `${baseUrl}/files/${name}`; returns its path on disk. */
  addFile(name: string, bytes: Uint8Array): string;
  close(): Promise<void>;
}

async function buildInto(dir: string): Promise<{ workerUrl: string; stylesheets: string[] }> {
  execFileSync(process.execPath, ['build.mjs', '--outdir', dir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const workerUrl = index.match(/<meta name="generator-worker" content="([^"]+)"/)?.[1];
  if (!workerUrl)
    throw new Error('build.mjs wrote no <meta name="generator-worker"> into index.html');
  // index.html links the sign-in pages' cut of the stylesheet; the generator needs the whole one
  // (without it the preview has no height and renders every row, which no user's page does).
  const full = index.match(/<meta name="full-stylesheet" content="([^"]+)"/)?.[1];
  const stylesheets = full
    ? [full]
    : [...index.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const common: esbuild.BuildOptions = {
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // HARNESS_MINIFY=0 keeps names readable in a CPU profile of the page.
    minify: process.env.HARNESS_MINIFY !== '0',
    sourcemap: false,
    logLevel: 'warning',
    absWorkingDir: root,
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  await esbuild.build({
    ...common,
    entryPoints: [path.join(here, 'app.tsx')],
    outfile: path.join(dir, 'harness/app.js'),
    jsx: 'automatic',
  });
  await esbuild.build({
    ...common,
    entryPoints: [path.join(here, 'floor.worker.ts')],
    outfile: path.join(dir, 'harness/floor.worker.js'),
  });
  return { workerUrl, stylesheets };
}

export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'generator-harness-'));
  const { workerUrl, stylesheets } = await buildInto(dir);
  writeFileSync(
    path.join(dir, 'harness/index.html'),
    `<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator-worker" content="${workerUrl}">
<title>Generate Tagihan Voice - harness</title>
${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
</head><body><div id="root"></div><script type="module" src="/harness/app.js"></script></body></html>`,
  );
  mkdirSync(path.join(dir, 'files'), { recursive: true });

  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dir,
    addFile(name, bytes) {
      const file = path.join(dir, 'files', name);
      writeFileSync(file, bytes);
      return file;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
