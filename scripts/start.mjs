#!/usr/bin/env node
// `npm start`: builds dist/ when it is missing or older than the sources (a child `node build.mjs`),
// then runs the compiled server in this same process, so a start pays for one Node process and a
// staleness check that loads no build tool (docs/startup.md).
//
//   node --max-semi-space-size=32 scripts/start.mjs     (what package.json's start runs)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_DIR } from './build-server.mjs';
import { isFresh } from './stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// OUT_DIR as for build.mjs (the build tests start a build of their own).
const outdir = path.resolve(root, process.env.OUT_DIR ?? 'dist');

if (isFresh(root, outdir, 'production')) {
  console.log(`build: ${path.relative(root, outdir)}/index.html is up to date, skipping`);
} else {
  const build = spawnSync(process.execPath, [path.join(root, 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(path.join(outdir, SERVER_DIR, 'main.mjs')).href);
