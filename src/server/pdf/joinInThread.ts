// joinPdfs in a worker thread (joinWorker.ts), so the event loop answers other requests while a
// long document's chunks are joined; a cancelled job ends the thread.
import { startThread } from '../threads';
import { PdfConversionError } from './pool';

export interface JoinRequest {
  readonly files: readonly string[];
  readonly output: string;
}

export type JoinAnswer =
  { kind: 'joined'; size: number; pages: number } | { kind: 'failed'; message: string };

export function joinInThread(
  request: JoinRequest,
  signal: AbortSignal,
): Promise<{ size: number; pages: number }> {
  return new Promise((resolve, reject) => {
    const worker = startThread('pdfJoinWorker', new URL('./joinWorker.ts', import.meta.url), {
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = () =>
      finish(() => reject(new PdfConversionError('aborted', 'The conversion was cancelled')));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: JoinAnswer) =>
      finish(() =>
        answer.kind === 'joined'
          ? resolve({ size: answer.size, pages: answer.pages })
          : reject(new Error(`joining the PDF chunks failed: ${answer.message}`)),
      ),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`PDF join thread exited with ${code} before answering`))),
    );
    worker.postMessage(request);
  });
}
