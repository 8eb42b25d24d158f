// joinPdfs in a worker thread (joinWorker.ts), so the event loop answers other requests while a
// long document's chunks are joined; a cancelled job ends the thread.
import { callThread, startThread } from '../threads';
import { PdfConversionError } from './result';

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
  const worker = startThread('pdfJoinWorker', new URL('./joinWorker.ts', import.meta.url), {
    stdout: false,
    stderr: false,
  });
  const answer = callThread<JoinAnswer>(worker, {
    request,
    signal,
    aborted: () => new PdfConversionError('aborted', 'The conversion was cancelled'),
    name: 'PDF join thread',
  });
  return answer.then((answer) => {
    if (answer.kind === 'joined') return { size: answer.size, pages: answer.pages };
    throw new Error(`joining the PDF chunks failed: ${answer.message}`);
  });
}
