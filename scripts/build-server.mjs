// The server as plain JavaScript for `npm start`: src/server/main.ts and the admin CLI bundled by
// esbuild into <outdir>/server/ (ESM, one shared chunk), so production runs `node` without tsx
// compiling TypeScript on every start. Used by build.mjs.
import path from 'node:path';

/** Native addons stay in node_modules: they load a compiled .node file next to their own code. */
const NATIVE = ['better-sqlite3', '@node-rs/argon2', 'pg-native'];

export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  admin: 'src/server/cli/admin.ts',
  // The sanitiser's worker thread, loaded by src/server/sanitise/inThread.ts beside the chunks.
  sanitiseWorker: 'src/server/sanitise/worker.ts',
  // The PDF join's worker thread, loaded by src/server/pdf/joinInThread.ts.
  pdfJoinWorker: 'src/server/pdf/joinWorker.ts',
};

/** The folder of the server bundle inside the build's outdir; the static file server never serves it. */
export const SERVER_DIR = 'server';

/** Builds <outdir>/server/main.mjs and admin.mjs; returns esbuild's metafile. */
export async function buildServer({ root, outdir }) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir: path.join(outdir, SERVER_DIR),
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    external: NATIVE,
    // Whitespace and syntax only: names stay as written, so a logged stack still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'external',
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS packages (pg, nodemailer, better-sqlite3's wrapper) call require() for Node's
    // built-ins; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __serverRequire } from 'node:module'; const require = __serverRequire(import.meta.url);",
    },
  });
  return result.metafile;
}
