// Is a build in <outdir> still what the sources would give? Read by build.mjs (--if-stale) and by
// scripts/start.mjs (`npm start`) on every start, so it imports nothing but Node's own modules and
// the server bundle's names: no esbuild, no postcss (docs/startup.md).
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_DIR, SERVER_ENTRIES } from './build-server.mjs';

// Sources whose change makes dist/ stale.
export const STALE_INPUTS = [
  'src/ui',
  'src/api',
  'src/domain',
  'src/machines',
  'src/workers',
  'src/server',
  'static',
  'build.mjs',
  'scripts/build-server.mjs',
  'scripts/first-page.mjs',
  'scripts/stale.mjs',
  'package-lock.json',
];

/** True when <outdir> holds a complete build of `mode` newer than every source. */
export function isFresh(root, outdir, mode) {
  const index = path.join(outdir, 'index.html');
  const statsFile = path.join(outdir, 'build-stats.json');
  let builtAt;
  let stats;
  try {
    builtAt = fs.statSync(index).mtimeMs;
    stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  } catch {
    return false; // never built, or a build that failed half-way
  }
  if (stats.mode !== mode) return false;
  for (const name of Object.keys(SERVER_ENTRIES))
    if (!fs.existsSync(path.join(outdir, SERVER_DIR, `${name}.mjs`))) return false;
  return STALE_INPUTS.every((input) => !newerThan(path.join(root, input), builtAt));
}

/** Whether `target` or anything below it changed after `time`; stops at the first that did. */
function newerThan(target, time) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return false;
  }
  // A directory's own mtime is the only trace of a file deleted from it.
  if (stat.mtimeMs > time) return true;
  if (!stat.isDirectory()) return false;
  return fs.readdirSync(target).some((entry) => newerThan(path.join(target, entry), time));
}
