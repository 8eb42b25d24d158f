// Bench: gzip size of the JavaScript each route loads, from dist/build-stats.json (written by
// build.mjs). Builds first when dist/ is missing or stale. Figures, not pass/fail.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Figure {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  page?: string;
  missing?: boolean;
}

export interface BuildStats {
  mode: 'production' | 'development';
  builtAt: string;
  gzip: string;
  goals: { signinGzipBytes: number };
  initial: Figure;
  routes: Record<'/signin' | '/dashboard', Figure>;
  appTotal: Figure;
  worker: Figure | null;
  /** The stylesheet the first page links: the whole one minus the other screens' rules. */
  css: Figure;
  /** The whole stylesheet, loaded by the signed-in pages. */
  fullCss?: Figure;
}

export function readBuildStats(outdir = path.join(root, 'dist')): BuildStats {
  const file = path.join(outdir, 'build-stats.json');
  // Rebuilds only when a source is newer than the last production build.
  execFileSync(process.execPath, ['build.mjs', '--if-stale', '--outdir', outdir], {
    cwd: root,
    stdio: 'inherit',
  });
  return JSON.parse(readFileSync(file, 'utf8')) as BuildStats;
}

/** Bytes of the .br copies build.mjs wrote beside the files (what the server sends to browsers); null if any is missing. */
export function brotliBytes(files: string[], outdir = path.join(root, 'dist')): number | null {
  let total = 0;
  for (const url of files) {
    const file = path.join(outdir, url) + '.br';
    if (!existsSync(file)) return null;
    total += statSync(file).size;
  }
  return total;
}

export function bundleSizeReport(stats: BuildStats, outdir = path.join(root, 'dist')): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (label: string, figure: Figure, note = '') =>
    `${label.padEnd(18)} ${kb(figure.gzipBytes).padStart(9)} gzip ${kb(figure.rawBytes).padStart(10)} raw  ${note}`.trimEnd();
  const signin = stats.routes['/signin'];
  const goal = stats.goals.signinGzipBytes;
  const verdict = signin.gzipBytes <= goal ? 'meets' : 'MISSES';
  const lines = [
    `bundle size (${stats.mode} build of ${stats.builtAt}; ${stats.gzip})`,
    row(
      '/signin',
      signin,
      `${verdict} the goal of ≤ ${kb(goal)} gzip${signin.missing ? ' (no SignInPage chunk yet)' : ''}`,
    ),
    row(
      '/dashboard',
      stats.routes['/dashboard'],
      stats.routes['/dashboard'].missing ? '(no DashboardPage chunk yet)' : '',
    ),
    row('all app JS', stats.appTotal, `${stats.appTotal.files.length} files`),
  ];
  if (stats.worker)
    lines.push(row('generator worker', stats.worker, 'loaded only by the generator'));
  lines.push(row('stylesheet', stats.css, stats.fullCss ? 'linked by the first page' : ''));
  if (stats.fullCss)
    lines.push(row('whole stylesheet', stats.fullCss, 'loaded by signed-in pages'));
  const served = (['/signin', '/dashboard'] as const).map(
    (route) => [route, brotliBytes(stats.routes[route].files, outdir)] as const,
  );
  if (served.every(([, bytes]) => bytes !== null)) {
    lines.push(
      `as served (the .br copies): ${served.map(([route, bytes]) => `${route} ${kb(bytes!)}`).join(', ')}; bytes on the wire: see the Chromium section`,
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stats = readBuildStats();
  for (const line of bundleSizeReport(stats)) console.log(line);
}
