// The server's worker threads (the sanitiser, the PDF join): CPU-bound work kept off the event
// loop so every other request is still answered meanwhile.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts `entry`, one of the thread bundles scripts/build-server.mjs writes beside the server's
 * chunks, or under tsx (development, tests) its TypeScript `source`, loaded through tsx's loader
 * registered in the thread.
 */
export function startThread(entry: string, source: URL, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL(`./${entry}.mjs`, import.meta.url), options);
  const href = JSON.stringify(source.href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${href}); });`,
    { ...options, eval: true },
  );
}

export interface ThreadCall {
  /** The thread's one message in, and the buffers that move with it. */
  readonly request: unknown;
  readonly transfer?: readonly ArrayBuffer[];
  /** The caller went away: the thread is ended and the call fails with `aborted()`. */
  readonly signal?: AbortSignal;
  readonly aborted: () => Error;
  /** Longer than this: the thread is ended and the call fails with `timedOut()`. */
  readonly timeoutMs?: number;
  readonly timedOut?: () => Error;
  /** The thread's error event as the caller's error (e.g. out of heap: a refusal, not a fault). */
  readonly failed?: (error: Error & { code?: string }) => Error;
  /** Named in the error of a thread that exits without answering. */
  readonly name: string;
}

/**
 * Sends `worker` its one request and resolves with its one answer; whatever comes first of the
 * answer, an error, an exit, a cancel or the time limit settles the call and ends the thread.
 */
export function callThread<A>(worker: Worker, call: ThreadCall): Promise<A> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const timer =
      call.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => finish(() => reject(call.timedOut?.() ?? call.aborted())),
            call.timeoutMs,
          );
    const onAbort = () => finish(() => reject(call.aborted()));
    if (call.signal?.aborted) return onAbort();
    call.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: A) => finish(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(call.failed?.(error) ?? error)),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`${call.name} exited with ${code} before answering`))),
    );
    worker.postMessage(call.request, call.transfer ? [...call.transfer] : []);
  });
}
