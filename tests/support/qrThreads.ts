// Picture threads in Node (the bench, the tests): the merge's QR codes drawn in a worker_threads
// thread running tests/support/qrThreadEntry.ts through tsx, as the browser's generator worker
// starts itself again (src/workers/pictures/qrDrawer.ts). `started` lists every thread and when
// it exits, so a test can tell none is left running.
import { Worker } from 'node:worker_threads';
import { useQrThreads, type QrThread } from '../../src/workers/pictures';

const ENTRY = new URL('./qrThreadEntry.ts', import.meta.url).href;

export interface StartedThread {
  readonly exited: Promise<number>;
}

export const started: StartedThread[] = [];

function nodeThread(): QrThread {
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ENTRY)}); });`,
    { eval: true },
  );
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  started.push({ exited });
  return {
    postMessage: (batch) => worker.postMessage(batch),
    listen(answered, failed) {
      worker.on('message', answered);
      worker.once('error', failed);
    },
    terminate: () => void worker.terminate(),
  };
}

/** QR codes of large runs drawn in a thread from now on (`false`: always in the merge's thread). */
export function useNodeQrThreads(on = true): void {
  useQrThreads(on ? nodeThread : null);
}
