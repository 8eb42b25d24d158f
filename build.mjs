#!/usr/bin/env node
// Builds the SPA into dist/: the generator worker first, then the app (ESM, lazy routes split
// into chunks), one stylesheet, the server (dist/server/, scripts/build-server.mjs), and
// index.html with the hashed names filled in.
//
//   node build.mjs               production build
//   node build.mjs --dev         development build (no minify, NODE_ENV=development)
//   node build.mjs --if-stale    build only when dist/index.html is older than any source
//   node build.mjs --watch       dev build, rebuild on change, live reload, run the server
//   --outdir <dir> (or OUT_DIR)  write somewhere other than dist/
//   --entry <file>               app entry other than src/ui/main.tsx (used by the build tests)
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseCommandLine, promisify } from 'node:util';
import zlib from 'node:zlib';
import { buildServer, SERVER_DIR } from './scripts/build-server.mjs';
import { devOnlyModules, firstPageChunking, firstPageStylesheet } from './scripts/first-page.mjs';
import { isFresh } from './scripts/stale.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const rel = (p) => path.relative(root, p).split(path.sep).join('/');

const args = parseArgs(process.argv.slice(2));
const watch = args.flags.has('--watch');
const dev = watch || args.flags.has('--dev');
const outdir = path.resolve(root, args.values.get('--outdir') ?? process.env.OUT_DIR ?? 'dist');
const assetsDir = path.join(outdir, 'assets');
const appEntry = path.resolve(root, args.values.get('--entry') ?? 'src/ui/main.tsx');
const workerEntry = path.join(root, 'src/workers/generator.worker.ts');
const staticDir = path.join(root, 'static');
const livereloadPort = Number(process.env.LIVERELOAD_PORT ?? 35729);
// Named by port: the server caches everything under /assets/ as immutable.
const livereloadScript = `livereload-${livereloadPort}.js`;

// Packages that may only ever be bundled into the worker.
const WORKER_ONLY = ['docxtemplater', 'pizzip', 'pako', 'xlsx', '@e965/xlsx'];
// Packages that production builds must not contain at all.
const DEV_ONLY = ['@statelyai/inspect'];
// Our modules with nothing in them outside development builds.
const DEV_ONLY_SOURCES = ['src/api/networkSimulator.ts'];
const DEFAULT_APP_ENTRY = path.join(root, 'src/ui/main.tsx');
const STYLESHEETS = [
  'node_modules/@picocss/pico/css/pico.min.css',
  'node_modules/uplot/dist/uPlot.min.css',
  'src/ui/styles/app.css',
];
// Precompressed beside each asset (.br, .gz). Text formats only: images and fonts are compressed
// already; source maps stay raw (served only on opt-in).
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|wasm)$/;
const SIGNIN_GOAL_GZIP_BYTES = 100 * 1024;

class BuildError extends Error {}

const common = {
  bundle: true,
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
  minify: !dev,
  // No source maps in production (they also cost every chunk a trailing comment).
  sourcemap: dev ? 'linked' : false,
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: root,
  // Lets an --entry outside the repository still resolve the repository's packages.
  nodePaths: [path.join(root, 'node_modules')],
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  legalComments: 'external',
};

const workerOptions = {
  ...common,
  entryPoints: [workerEntry],
  outdir: assetsDir,
  format: 'esm', // loaded with new Worker(url, { type: 'module' })
  entryNames: '[name]-[hash]',
};

const appOptions = {
  ...common,
  entryPoints: [appEntry],
  outdir: assetsDir,
  format: 'esm',
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  jsx: 'automatic',
  loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
  plugins: [
    ...(appEntry === DEFAULT_APP_ENTRY
      ? [firstPageChunking(root, path.join(root, 'src/ui/App.tsx'))]
      : []),
    ...(dev ? [] : [devOnlyModules(root, DEV_ONLY_SOURCES)]),
  ],
};

const cssOptions = {
  ...common,
  stdin: {
    contents: STYLESHEETS.map((file) => `@import ${JSON.stringify(path.join(root, file))};`).join(
      '\n',
    ),
    resolveDir: root,
    sourcefile: 'styles.css',
    loader: 'css',
  },
  outdir: assetsDir,
  // The whole stylesheet; production builds link a first-page cut of it (app-[hash].css).
  entryNames: 'full-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
};

// Loaded only to build: `npm start` runs the --if-stale check on every start.
let esbuild;
try {
  if (
    args.flags.has('--if-stale') &&
    !watch &&
    isFresh(root, outdir, dev ? 'development' : 'production')
  ) {
    console.log(`build: ${rel(path.join(outdir, 'index.html'))} is up to date, skipping`);
  } else {
    esbuild = await import('esbuild');
    if (watch) await watchBuild();
    else await buildOnce();
  }
} catch (error) {
  // esbuild has already printed its own diagnostics; ours need printing here.
  if (error instanceof BuildError) console.error(`build failed: ${error.message}`);
  else if (!error?.errors) console.error(error);
  else console.error(`build failed with ${error.errors.length} error(s)`);
  process.exit(1);
}

async function buildOnce() {
  const started = Date.now();
  // No index.html until everything it names exists: a failed build leaves nothing half-served.
  fs.rmSync(path.join(outdir, 'index.html'), { force: true });
  fs.rmSync(assetsDir, { recursive: true, force: true });
  fs.rmSync(path.join(outdir, SERVER_DIR), { recursive: true, force: true });
  fs.mkdirSync(assetsDir, { recursive: true });

  const worker = await buildWorker();
  const app = await esbuild.build(appOptions);
  assertWorkerOnlyPackagesAbsent(app.metafile);
  const css = await esbuild.build(cssOptions);
  await buildServer({ root, outdir });

  copyStatic();
  const names = outputNames(app.metafile, css.metafile, worker?.metafile);
  names.css = await writeFirstPageCss(names.fullCss);
  await precompressAssets();
  writeIndexHtml(names);
  const stats = computeStats(app.metafile, css.metafile, worker?.metafile, names);
  fs.writeFileSync(path.join(outdir, 'build-stats.json'), JSON.stringify(stats, null, 2) + '\n');
  printStats(stats);
  console.log(
    `build: ${dev ? 'development' : 'production'} build in ${Date.now() - started} ms → ${rel(outdir)}/`,
  );
}

async function buildWorker() {
  if (!fs.existsSync(workerEntry)) {
    console.warn(`build: note: ${rel(workerEntry)} does not exist yet, skipping the worker bundle`);
    return null;
  }
  return esbuild.build(workerOptions);
}

// ---- watch mode: rebuild, rewrite index.html, live reload, run the server ----

async function watchBuild() {
  // A dev build must never pass for a production one with --if-stale.
  fs.rmSync(path.join(outdir, 'build-stats.json'), { force: true });
  fs.rmSync(assetsDir, { recursive: true, force: true });
  fs.mkdirSync(assetsDir, { recursive: true });
  copyStatic();

  const reload = startReloadServer();
  const latest = { app: null, css: null, worker: null };
  const published = new Set();
  const hasWorker = fs.existsSync(workerEntry);
  let ready = false;

  const publish = () => {
    if (!latest.app || !latest.css || (hasWorker && !latest.worker)) return;
    try {
      assertWorkerOnlyPackagesAbsent(latest.app);
      writeIndexHtml(outputNames(latest.app, latest.css, latest.worker));
      pruneOldOutputs([latest.app, latest.css, latest.worker], published);
    } catch (error) {
      // Keep watching: the next save may fix it.
      console.error(`build failed: ${error.message}`);
      return;
    }
    console.log(`build: rebuilt at ${new Date().toLocaleTimeString()}`);
    if (ready) reload();
    ready = true;
  };
  const onEnd = (key) => ({
    name: `publish-${key}`,
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        latest[key] = result.metafile;
        publish();
      });
    },
  });

  const contexts = [
    await esbuild.context({ ...appOptions, plugins: [...appOptions.plugins, onEnd('app')] }),
    await esbuild.context({ ...cssOptions, plugins: [onEnd('css')] }),
  ];
  if (hasWorker) {
    contexts.unshift(await esbuild.context({ ...workerOptions, plugins: [onEnd('worker')] }));
  } else {
    console.warn(
      `build: note: ${rel(workerEntry)} does not exist yet; restart --watch once it does`,
    );
  }
  for (const context of contexts) await context.watch();

  // esbuild does not see static/ (the index.html template, favicon, images).
  watchTree(staticDir, () => {
    copyStatic();
    publish();
    reload();
  });

  const server = startDevServer();
  const stop = async () => {
    server.stop();
    await Promise.all(contexts.map((context) => context.dispose()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`build: watching; live reload on http://127.0.0.1:${livereloadPort}/events`);
}

function startReloadServer() {
  const clients = new Set();
  const server = http.createServer((req, res) => {
    if (req.url !== '/events') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    });
    res.write('retry: 1000\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  server.listen(livereloadPort, '127.0.0.1');
  server.on('error', (error) => console.warn(`build: live reload unavailable: ${error.message}`));
  return () => {
    for (const client of clients) client.write('event: reload\ndata: now\n\n');
  };
}

/**
 * Runs the server under `tsx watch`, which restarts it when any file it imports changes (src/server,
 * src/domain) and, when it crashes, waits for the next change.
 */
function startDevServer() {
  const mainFile = path.join(root, 'src/server/main.ts');
  if (!fs.existsSync(mainFile)) {
    console.warn(`build: note: ${rel(mainFile)} does not exist yet; the server is not started`);
    return { stop() {} };
  }
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', mainFile], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LIVERELOAD_ORIGIN: `http://127.0.0.1:${livereloadPort}`,
    },
  });
  return {
    stop() {
      child.kill('SIGTERM');
    },
  };
}

function watchTree(dir, onChange) {
  if (!fs.existsSync(dir)) return;
  let timer = null;
  fs.watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 100);
  });
}

// Watch mode keeps hashing names; delete the files of earlier rebuilds.
function pruneOldOutputs(metafiles, published) {
  const current = new Set(metafiles.filter(Boolean).flatMap((m) => Object.keys(m.outputs)));
  for (const file of published)
    if (!current.has(file)) fs.rmSync(path.join(root, file), { force: true });
  published.clear();
  for (const file of current) published.add(file);
}

// ---- index.html, static files ----

/** The first-page cut of the whole stylesheet, named by its content like esbuild's outputs. */
async function writeFirstPageCss(fullCss) {
  const css = await firstPageStylesheet(fs.readFileSync(path.join(root, fullCss), 'utf8'));
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10).toUpperCase();
  const file = path.join(assetsDir, `app-${hash}.css`);
  fs.writeFileSync(file, css);
  return rel(file);
}

/** `css` is what index.html links: the whole stylesheet, until buildOnce puts its first-page cut there. */
function outputNames(appMeta, cssMeta, workerMeta) {
  const entryOut = findEntryOutput(appMeta, rel(appEntry));
  if (!entryOut) throw new BuildError(`no output for the app entry ${rel(appEntry)}`);
  const cssOut = Object.keys(cssMeta.outputs).find((file) => file.endsWith('.css'));
  const workerOut = workerMeta ? findEntryOutput(workerMeta, rel(workerEntry)) : null;
  const cssFromApp = Object.keys(appMeta.outputs).filter((file) => file.endsWith('.css'));
  if (cssFromApp.length > 0) {
    throw new BuildError(
      `app code imports CSS (${cssFromApp.join(', ')}); add the stylesheet to STYLESHEETS in build.mjs instead`,
    );
  }
  return {
    entry: entryOut,
    css: cssOut,
    fullCss: cssOut,
    worker: workerOut,
    preloads: staticClosure(appMeta, [entryOut]),
  };
}

function writeIndexHtml(names) {
  const url = (file) =>
    '/' + path.relative(outdir, path.join(root, file)).split(path.sep).join('/');
  const template = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const values = {
    entryUrl: url(names.entry),
    stylesheetUrl: url(names.css),
    fullStylesheetUrl: url(names.fullCss),
    // In the page itself: a request of its own cost a first visit ~1.1 KB, mostly headers.
    faviconUrl: svgDataUrl(fs.readFileSync(path.join(staticDir, 'favicon.svg'), 'utf8')),
    workerUrl: names.worker ? url(names.worker) : '',
    modulePreloads: names.preloads
      .map((file) => `<link rel="modulepreload" href="${url(file)}">`)
      .join('\n    '),
    devScripts:
      dev && watch ? `<script type="module" src="/assets/${livereloadScript}"></script>` : '',
  };
  const html = template
    .replace(/\{\{(\w+)\}\}/g, (match, key) => {
      if (!(key in values))
        throw new BuildError(`static/index.html has an unknown placeholder ${match}`);
      return values[key];
    })
    .replace(/^[ \t]*\n/gm, ''); // lines whose placeholder was empty
  if (dev && watch) {
    // An external file rather than an inline script: the server's CSP forbids inline script.
    fs.writeFileSync(
      path.join(assetsDir, livereloadScript),
      `new EventSource('http://127.0.0.1:${livereloadPort}/events').addEventListener('reload', () => location.reload());\n`,
    );
  }
  fs.writeFileSync(path.join(outdir, 'index.html'), html);
}

/** An SVG as a data: URL, escaped only where a URL or an HTML attribute needs it. */
function svgDataUrl(svg) {
  const compact = svg.replace(/>\s+</g, '><').trim().replaceAll('"', "'");
  return `data:image/svg+xml,${compact.replace(/[%#<>\n]/g, encodeURIComponent)}`;
}

function copyStatic() {
  fs.mkdirSync(outdir, { recursive: true });
  for (const entry of fs.readdirSync(staticDir, { withFileTypes: true })) {
    if (entry.name === 'index.html') continue;
    fs.cpSync(path.join(staticDir, entry.name), path.join(outdir, entry.name), { recursive: true });
  }
}

// ---- precompressed copies: the server sends file.br / file.gz to browsers that accept them ----

async function precompressAssets() {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs.readdirSync(assetsDir).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(assetsDir, name);
      const content = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ]);
      // A copy that saves nothing is not worth a second read; the server then sends the raw file.
      if (br.length < content.length) fs.writeFileSync(file + '.br', br);
      if (gz.length < content.length) fs.writeFileSync(file + '.gz', gz);
    }),
  );
}

// ---- the worker-only guard ----

function assertWorkerOnlyPackagesAbsent(appMeta) {
  assertPackagesAbsent(
    appMeta,
    WORKER_ONLY,
    'must only be bundled into the generator worker (use it through src/workers/bridge.ts)',
  );
  if (!dev)
    assertPackagesAbsent(
      appMeta,
      DEV_ONLY,
      "is for development builds only (import it under process.env.NODE_ENV !== 'production')",
    );
}

function assertPackagesAbsent(meta, packages, rule) {
  const packageOf = (input) => {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    return match && packages.includes(match[1]) ? match[1] : null;
  };
  const offending = Object.keys(meta.inputs).filter(packageOf);
  if (offending.length === 0) return;
  const found = [...new Set(offending.map(packageOf))];
  const importers = Object.entries(meta.inputs)
    .filter(
      ([input, info]) => !packageOf(input) && info.imports.some((i) => offending.includes(i.path)),
    )
    .map(([input]) => input);
  throw new BuildError(
    `${found.join(', ')} ${rule}, but the app bundle contains it (imported by ${importers.join(', ') || 'unknown'})`,
  );
}

// ---- sizes: what each route downloads before it can render ----

function findEntryOutput(meta, entryPoint) {
  return (
    Object.keys(meta.outputs).find((file) => meta.outputs[file].entryPoint === entryPoint) ?? null
  );
}

// The output files plus everything they statically import (what loads before any lazy import()).
function staticClosure(meta, files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of meta.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  files.forEach(visit);
  return [...seen];
}

function sizeOf(files) {
  const unique = [...new Set(files)];
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of unique) {
    const content = fs.readFileSync(path.join(root, file));
    rawBytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  const asUrl = (file) =>
    '/' + path.relative(outdir, path.join(root, file)).split(path.sep).join('/');
  return { files: unique.map(asUrl), rawBytes, gzipBytes };
}

function computeStats(appMeta, cssMeta, workerMeta, names) {
  const initial = staticClosure(appMeta, [names.entry]);
  // A page is lazy-loaded by the router: the route costs the entry plus the page's chunk.
  // The page's own chunk, or whichever chunk ended up holding its code.
  const routeFiles = (page) => {
    const pageOut = findEntryOutput(appMeta, page);
    const holders = pageOut
      ? [pageOut]
      : Object.keys(appMeta.outputs).filter((file) => page in appMeta.outputs[file].inputs);
    return holders.length > 0 ? [...initial, ...staticClosure(appMeta, holders)] : null;
  };
  const route = (page) => {
    const files = routeFiles(page);
    return files ? { page, ...sizeOf(files) } : { page, missing: true, ...sizeOf(initial) };
  };
  const appJs = Object.keys(appMeta.outputs).filter((file) => file.endsWith('.js'));
  return {
    mode: dev ? 'development' : 'production',
    builtAt: new Date().toISOString(),
    gzip: 'zlib level 9, per file, summed',
    goals: { signinGzipBytes: SIGNIN_GOAL_GZIP_BYTES },
    initial: sizeOf(initial),
    routes: {
      '/signin': route('src/ui/pages/SignInPage.tsx'),
      '/dashboard': route('src/ui/pages/DashboardPage.tsx'),
    },
    appTotal: sizeOf(appJs),
    worker: workerMeta ? sizeOf([names.worker]) : null,
    css: sizeOf([names.css]),
    fullCss: sizeOf([names.fullCss]),
  };
}

function printStats(stats) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = (label, figure, note = '') =>
    console.log(
      `  ${label.padEnd(22)} ${kb(figure.gzipBytes).padStart(10)} gzip  ${kb(figure.rawBytes).padStart(10)} raw  ${note}`,
    );
  const signin = stats.routes['/signin'];
  const goal = signin.gzipBytes <= stats.goals.signinGzipBytes ? 'within' : 'OVER';
  console.log('build: JavaScript sizes');
  line(
    '/signin',
    signin,
    `(${goal} the ${kb(stats.goals.signinGzipBytes)} goal${signin.missing ? '; no SignInPage yet: entry only' : ''})`,
  );
  line(
    '/dashboard',
    stats.routes['/dashboard'],
    stats.routes['/dashboard'].missing ? '(no DashboardPage yet: entry only)' : '',
  );
  line('all app chunks', stats.appTotal, `(${stats.appTotal.files.length} files)`);
  if (stats.worker) line('generator worker', stats.worker);
  line('stylesheet', stats.css, '(the first page: the whole one minus other screens)');
  line('whole stylesheet', stats.fullCss, '(loaded by the signed-in pages)');
}

function parseArgs(argv) {
  const usage =
    'usage: node build.mjs [--dev | --watch | --if-stale] [--outdir dir] [--entry file]';
  let parsed;
  try {
    parsed = parseCommandLine({
      args: argv,
      options: {
        watch: { type: 'boolean' },
        dev: { type: 'boolean' },
        'if-stale': { type: 'boolean' },
        outdir: { type: 'string' },
        entry: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`build: ${error.message}\n${usage}`);
    process.exit(2);
  }
  const flags = new Set(
    ['watch', 'dev', 'if-stale'].filter((name) => parsed[name]).map((name) => `--${name}`),
  );
  const values = new Map(
    ['outdir', 'entry']
      .filter((name) => parsed[name] !== undefined)
      .map((name) => [`--${name}`, parsed[name]]),
  );
  return { flags, values };
}
