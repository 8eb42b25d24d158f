// Sanitising a .docx in a worker thread, within bounds (docs/sanitiser.md): the unpacked package,
// one part and its markup are capped, and a thread that runs past the time limit (or whose
// client went away) is ended. Meanwhile the event loop answers every other request.
import { DocxRefusedError, type SanitiseMode } from '../../domain/docx';
import type { CutRequest, SanitiseAnswer, SanitiseRequest } from './protocol';
import { callThread, startThread } from '../threads';

export const SANITISE_LIMITS = {
  /** All parts unpacked together. */
  maxUnpackedBytes: 256 * 1024 * 1024,
  /** One part unpacked. */
  maxPartBytes: 128 * 1024 * 1024,
  /** Tags and other markup in one XML part. */
  maxTokens: 5_000_000,
  timeoutMs: 60_000,
  /** The thread's JavaScript heap: the parts as strings and the package written anew. */
  heapMb: 768,
} as const;

export class SanitiseTimeoutError extends Error {
  override readonly name = 'SanitiseTimeoutError';
}

export class SanitiseAbortedError extends Error {
  override readonly name = 'SanitiseAbortedError';
}

export function sanitiseInThread(
  body: Uint8Array,
  options: {
    mode: SanitiseMode;
    maxUnpackedBytes?: number;
    timeoutMs?: number;
    /** Also cut the sanitised package for the PDF converter, in the thread (docs/pdf-chunks.md). */
    cut?: CutRequest;
  },
  signal?: AbortSignal,
): Promise<Extract<SanitiseAnswer, { kind: 'sanitised' }>> {
  const limits = { ...SANITISE_LIMITS, ...definedOnly(options) };
  // The body's memory moves to the thread; a view into a shared buffer is copied first.
  const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  const request: SanitiseRequest = {
    body: own ? body : body.slice(),
    options: {
      mode: options.mode,
      maxUnpackedBytes: limits.maxUnpackedBytes,
      maxPartBytes: Math.min(limits.maxPartBytes, limits.maxUnpackedBytes),
      maxTokens: limits.maxTokens,
      ...(options.cut ? { cut: options.cut } : {}),
    },
  };
  const worker = startThread('sanitiseWorker', new URL('./worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    stdout: false,
    stderr: false,
  });
  const answer = callThread<SanitiseAnswer>(worker, {
    request,
    transfer: [request.body.buffer as ArrayBuffer],
    signal,
    aborted: () => new SanitiseAbortedError('the client went away'),
    timeoutMs: limits.timeoutMs,
    timedOut: () => new SanitiseTimeoutError(`sanitising took over ${limits.timeoutMs} ms`),
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) is a package too large to check, not a server fault.
    failed: (error) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocxRefusedError('tooComplex') : error,
    name: 'sanitiser thread',
  });
  return answer.then((answer) => {
    if (answer.kind === 'sanitised') return answer;
    if (answer.kind === 'refused') throw new DocxRefusedError(answer.reason);
    throw new Error(`sanitiser thread failed: ${answer.message}`);
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
