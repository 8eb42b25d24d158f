// The join of a long document's chunks in a worker thread (joinWorker.ts), fed as the chunks are
// converted (docs/pdf-chunks.md, "Joining"): the thread appends each chunk as soon as it and every
// chunk before it are there, so only the last chunk's pages remain to append after the last
// conversion, and the event loop answers other requests meanwhile. A cancel, a failed chunk or a
// failed join ends the thread and removes the file.
import { rm } from 'node:fs/promises';
import { callThread, startThread } from '../threads';
import { PdfConversionError } from './result';

export type JoinMessage =
  { kind: 'start'; output: string; count: number } | { kind: 'part'; at: number; file: string };

export type JoinAnswer =
  { kind: 'joined'; size: number; pages: number } | { kind: 'failed'; message: string };

export interface Join {
  /** Chunk `at` (0-based) is converted into `file`: appended once every chunk before it is. */
  add(at: number, file: string): void;
  /** Resolves when every chunk is appended and the file is complete. */
  readonly done: Promise<{ size: number; pages: number }>;
  /** Ends the thread and removes the file (a failed chunk); resolves when both are gone. */
  cancel(): Promise<void>;
}

/** Starts the join of `count` chunks into `output`; `signal` (the job's cancel) ends it too. */
export function startJoin(output: string, count: number, signal: AbortSignal): Join {
  const stop = new AbortController();
  const worker = startThread('pdfJoinWorker', new URL('./joinWorker.ts', import.meta.url), {
    stdout: false,
    stderr: false,
  });
  const answer = callThread<JoinAnswer>(worker, {
    request: { kind: 'start', output, count } satisfies JoinMessage,
    signal: AbortSignal.any([signal, stop.signal]),
    aborted: () => new PdfConversionError('aborted', 'The conversion was cancelled'),
    name: 'PDF join thread',
  });
  const removed = async () => {
    await worker.terminate();
    await rm(output, { force: true });
  };
  const done = answer.then(
    async (answer) => {
      if (answer.kind === 'joined') return { size: answer.size, pages: answer.pages };
      await removed();
      throw new Error(`joining the PDF chunks failed: ${answer.message}`);
    },
    async (error: unknown) => {
      await removed();
      throw error;
    },
  );
  done.catch(() => undefined); // awaited by the caller once every chunk is converted
  return {
    add: (at, file) => worker.postMessage({ kind: 'part', at, file } satisfies JoinMessage),
    done,
    cancel: async () => {
      stop.abort();
      await done.catch(() => undefined);
    },
  };
}
