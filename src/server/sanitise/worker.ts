// The sanitiser's thread (docs/sanitiser.md): one .docx in, the sanitised package or the reason
// it was refused out. Runs off the event loop so a hostile upload cannot stall other requests.
import { parentPort } from 'node:worker_threads';
import { DocxRefusedError, sanitiseDocx } from '../../domain/docx';
import { nodeDeflateCodec } from '../pdf/codec';
import type { SanitiseRequest, SanitiseAnswer } from './protocol';

parentPort!.once('message', (request: SanitiseRequest) => {
  let answer: SanitiseAnswer;
  try {
    const result = sanitiseDocx(request.body, { ...request.options, codec: nodeDeflateCodec });
    answer = { kind: 'sanitised', ...result };
    parentPort!.postMessage(answer, [result.bytes.buffer as ArrayBuffer]);
    return;
  } catch (error) {
    answer =
      error instanceof DocxRefusedError
        ? { kind: 'refused', reason: error.reason }
        : {
            kind: 'failed',
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          };
  }
  parentPort!.postMessage(answer);
});
