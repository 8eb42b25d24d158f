// Picture threads in Node (the bench, the tests): the merge's QR codes drawn in a worker_threads
// thread running tests/support/qrThreadEntry.ts, as the browser's generator worker starts itself
// again (src/workers/pictures/qrDrawer.ts). The entry is bundled once per process (esbuild), as
// the browser loads a bundle: compiling TypeScript in every thread would cost seconds a start.
// `started` lists every thread, what it answered, whether it failed and when it exits, so a test
// can tell the threads drew the codes (a failed thread's codes are drawn in the merge's thread, to
// the same bytes) and that none is left running.
import * as esbuild from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { useQrThreads, type QrThread } from '../../src/workers/pictures';

let bundle: string | null = null;
function entry(): string {
  if (bundle) return bundle;
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'qr-thread-')), 'qrThread.mjs');
  esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL('./qrThreadEntry.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  return (bundle = out);
}

export interface StartedThread {
  readonly exited: Promise<number>;
  /** Batches the thread answered. */
  answered: number;
  /** What the thread threw (it failed: its codes were drawn in the merge's thread), if anything. */
  error: unknown;
}

export const started: StartedThread[] = [];

function nodeThread(): QrThread {
  // Not under the test runner's or tsx's loader (the bundle is plain JavaScript): a thread starts
  // as a browser's nested worker does, in some tens of milliseconds.
  const worker = new Worker(entry(), { execArgv: [] });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const record: StartedThread = { exited, answered: 0, error: null };
  started.push(record);
  return {
    postMessage: (batch) => worker.postMessage(batch),
    listen(answered, failed) {
      worker.on('message', (answer) => {
        record.answered++;
        answered(answer);
      });
      worker.once('error', (error) => {
        record.error = error;
        failed();
      });
    },
    terminate: () => void worker.terminate(),
  };
}

/**
 * QR codes drawn in picture threads from now on: `threads` forces at most so many for any run
 * (one per 500 rows); without it the run follows the product's rule (qrDrawer.ts qrThreadCount)
 * over this machine's cores, as the browser does over navigator.hardwareConcurrency. `false`:
 * always in the merge's thread.
 */
export function useNodeQrThreads(on = true, threads?: number): void {
  if (on) entry();
  useQrThreads(
    on ? nodeThread : null,
    threads === undefined ? { cores: availableParallelism() } : { threads },
  );
}
