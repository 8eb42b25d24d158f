// build.mjs as the server and browser see its output: a production build into a temporary
// directory, the --if-stale shortcut, and the guard that keeps the docx/xlsx libraries in the worker.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'build-test-'));
const workerExists = existsSync(path.join(root, 'src/workers/generator.worker.ts'));
// Strings that survive minification in each library: its own name in messages and banners.
const HEAVY_MARKERS = /SheetJS|PizZip|docxtemplater/;

function build(...args: string[]) {
  const run = spawnSync(process.execPath, ['build.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('production build', () => {
  const outdir = path.join(scratch, 'dist');
  let html = '';
  let firstRun: ReturnType<typeof build>;
  const fileOf = (url: string) => path.join(outdir, url);

  beforeAll(() => {
    firstRun = build('--outdir', outdir);
    html = readFileSync(path.join(outdir, 'index.html'), 'utf8');
  });

  test('succeeds and prints the sign-in page JavaScript size', () => {
    expect(firstRun.status, firstRun.output).toBe(0);
    expect(firstRun.output).toMatch(/\/signin\s+[\d.]+ KB gzip/);
  });

  test('index.html loads a hashed module entry and stylesheet that exist, with no inline script', () => {
    const entry = html.match(
      /<script type="module" src="(\/assets\/main-[A-Z0-9]+\.js)"><\/script>/,
    )?.[1];
    const stylesheet = html.match(
      /<link rel="stylesheet" href="(\/assets\/app-[A-Z0-9]+\.css)">/,
    )?.[1];
    expect(entry).toBeDefined();
    expect(stylesheet).toBeDefined();
    expect(existsSync(fileOf(entry!))).toBe(true);
    expect(existsSync(fileOf(stylesheet!))).toBe(true);
    expect(html).toContain(`<link rel="modulepreload" href="${entry}">`);
    for (const [, href] of html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)) {
      expect(existsSync(fileOf(href))).toBe(true);
    }
    for (const [script] of html.matchAll(/<script[^>]*>/g)) expect(script).toMatch(/ src="/);
    expect(html).not.toMatch(/\{\{\w+\}\}/);
    expect(html).toContain('<title>Dashboard Invoice</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  test('the whole stylesheet bundles Pico, uPlot and the app styles; the linked one is its cut for the auth pages', () => {
    const whole = html.match(
      /<meta name="full-stylesheet" content="(\/assets\/full-[A-Z0-9]+\.css)">/,
    )![1];
    const full = readFileSync(fileOf(whole), 'utf8');
    expect(full).toContain('--pico-primary');
    expect(full).toContain('.uplot');
    expect(full).toContain('--app-sidebar-width');
    expect(full).toContain('[data-tooltip]');
    const linked = html.match(/href="(\/assets\/app-[A-Z0-9]+\.css)"/)![1];
    const first = readFileSync(fileOf(linked), 'utf8');
    expect(first).toContain('--pico-primary');
    expect(first).toContain('.app-auth');
    expect(first).not.toContain('.uplot');
    expect(first).not.toContain('.app-sidebar');
    expect(first).not.toContain('[data-tooltip]');
    expect(first).not.toContain('.bill-');
  });

  test('the static files are copied beside index.html', () => {
    const png = readFileSync(path.join(outdir, 'img/profile.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The page carries its icon (no request of its own); the file stays for whoever asks for it.
    expect(html).toMatch(
      /<link rel="icon" href="data:image\/svg\+xml,%3Csvg [^"]+" type="image\/svg\+xml">/,
    );
    expect(existsSync(path.join(outdir, 'favicon.svg'))).toBe(true);
  });

  test('the generator-worker meta tag names the worker bundle', () => {
    const workerUrl = html.match(/<meta name="generator-worker" content="([^"]*)">/)?.[1];
    expect(workerUrl).toBeDefined();
    if (workerExists) {
      expect(workerUrl).toMatch(/^\/assets\/generator\.worker-[A-Z0-9]+\.js$/);
      expect(existsSync(fileOf(workerUrl!))).toBe(true);
    } else {
      expect(workerUrl).toBe('');
    }
  });

  test('no app chunk contains docxtemplater, pizzip or xlsx', () => {
    const appChunks = readdirSync(path.join(outdir, 'assets')).filter(
      (name) => name.endsWith('.js') && !name.startsWith('generator.worker-'),
    );
    expect(appChunks.length).toBeGreaterThan(0);
    for (const name of appChunks) {
      expect(readFileSync(path.join(outdir, 'assets', name), 'utf8'), name).not.toMatch(
        HEAVY_MARKERS,
      );
    }
  });

  test('every hashed script and stylesheet has a .br and a .gz copy that decompress to it (unless a copy would not be smaller); maps have none', () => {
    const names = readdirSync(path.join(outdir, 'assets'));
    const texts = names.filter((name) => /\.(js|css)$/.test(name));
    expect(texts.length).toBeGreaterThan(1);
    for (const name of texts) {
      const file = path.join(outdir, 'assets', name);
      const raw = readFileSync(file);
      // An empty chunk (esbuild writes one for a module that keeps nothing) gains nothing from a copy.
      if (raw.length < 32) continue;
      const br = readFileSync(file + '.br');
      const gz = readFileSync(file + '.gz');
      expect(zlib.brotliDecompressSync(br).equals(raw), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(raw), name).toBe(true);
      if (raw.length > 4096) expect(br.length, name).toBeLessThan(raw.length / 2);
    }
    expect(names.filter((name) => /\.map\.(br|gz)$/.test(name))).toEqual([]);
  });

  test('build-stats.json gives the files and gzip sizes of /signin and /dashboard', () => {
    const stats = JSON.parse(readFileSync(path.join(outdir, 'build-stats.json'), 'utf8'));
    expect(stats.mode).toBe('production');
    for (const route of ['/signin', '/dashboard']) {
      const figure = stats.routes[route];
      expect(figure.gzipBytes).toBeGreaterThan(0);
      expect(figure.gzipBytes).toBeLessThan(figure.rawBytes);
      for (const url of figure.files) expect(existsSync(fileOf(url))).toBe(true);
    }
    // /dashboard loads the dashboard page's lazy chunk on top of what /signin's entry loads.
    expect(stats.routes['/dashboard'].files).toEqual(expect.arrayContaining(stats.initial.files));
    expect(stats.routes['/dashboard'].files.length).toBeGreaterThan(stats.initial.files.length);
  });

  test('the server is compiled into server/: the admin CLI runs on plain node and migrates a new database', () => {
    // node_modules beside the build, as in the repository: native addons stay there.
    symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(outdir, 'server/admin.mjs'), ...args], {
        cwd: scratch,
        encoding: 'utf8',
        timeout: 30_000,
        env: { PATH: process.env.PATH, DATA_DIR: path.join(scratch, 'data') },
      });
    expect(existsSync(path.join(outdir, 'server/main.mjs'))).toBe(true);
    const usage = run();
    expect(usage.status, usage.stderr).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- create');
    const created = run(
      'create',
      '--email',
      'boss@example.com',
      '--name',
      'Boss',
      '--password',
      'Build-test-pass-1',
    );
    expect(created.status, created.stderr).toBe(0);
    expect(existsSync(path.join(scratch, 'data', 'app.db'))).toBe(true);
    const again = run(
      'reset-password',
      '--email',
      'boss@example.com',
      '--password',
      'Build-test-pass-2',
    );
    expect(again.status, again.stderr).toBe(0);
  });

  test('--if-stale rebuilds when the compiled server is missing', () => {
    const index = path.join(outdir, 'index.html');
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(index, future, future);
    rmSync(path.join(outdir, 'server'), { recursive: true, force: true });
    const again = build('--if-stale', '--outdir', outdir);
    expect(again.status, again.output).toBe(0);
    expect(again.output).not.toContain('up to date');
    expect(existsSync(path.join(outdir, 'server/main.mjs'))).toBe(true);
  });

  // index.html's mtime is moved rather than the sources touched: others edit the sources meanwhile.
  test('--if-stale leaves a build newer than every source alone', () => {
    const index = path.join(outdir, 'index.html');
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(index, future, future);
    const before = statSync(index).mtimeMs;
    const again = build('--if-stale', '--outdir', outdir);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('up to date');
    expect(statSync(index).mtimeMs).toBe(before);
  });

  test('--if-stale rebuilds when a source is newer than the build', () => {
    const index = path.join(outdir, 'index.html');
    utimesSync(index, new Date(0), new Date(0));
    const again = build('--if-stale', '--outdir', outdir);
    expect(again.status, again.output).toBe(0);
    expect(again.output).not.toContain('up to date');
    expect(statSync(index).mtimeMs).toBeGreaterThan(0);
  });
});

describe('worker-only guard', () => {
  test('fails the build when app code imports pizzip, naming the package and the importer', () => {
    const dir = mkdtempSync(path.join(scratch, 'entry-'));
    const entry = path.join(dir, 'main.ts');
    writeFileSync(entry, "import PizZip from 'pizzip';\nconsole.log(new PizZip());\n");
    const outdir = path.join(dir, 'dist');
    const run = build('--entry', entry, '--outdir', outdir);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/pizzip(, pako)? must only be bundled into the generator worker/);
    expect(run.output).toContain('main.ts');
    expect(existsSync(path.join(outdir, 'index.html'))).toBe(false);
  });
});
