// The sanitiser's thread (docs/sanitiser.md): one .docx in, the sanitised package or the reason
// it was refused out. Runs off the event loop so a hostile upload cannot stall other requests.
// Asked to, it also cuts the sanitised package in chunks for the PDF converter (docs/pdf-chunks.md):
// the cut reads the document's XML as the sanitiser left it (not inflated and decoded again), in
// the thread whose memory goes when it ends, not on the event loop, whose heap kept that garbage
// for the whole conversion.
import { parentPort } from 'node:worker_threads';
import { DocxRefusedError, sanitiseDocx } from '../../domain/docx';
import { cutDocx } from '../pdf/chunks';
import { nodeDeflateCodec } from '../pdf/codec';
import type { SanitiseRequest, SanitiseAnswer } from './protocol';

parentPort!.once('message', (request: SanitiseRequest) => {
  let answer: SanitiseAnswer;
  try {
    const { cut: cutting, ...options } = request.options;
    const { kept, ...result } = sanitiseDocx(request.body, {
      ...options,
      codec: nodeDeflateCodec,
      ...(cutting ? { keepText: 'word/document.xml' } : {}),
    });
    const cut = cutting
      ? cutDocx(result.bytes, cutting.size, { dropMarkers: cutting.dropMarkers, documentXml: kept })
      : undefined;
    answer = { kind: 'sanitised', ...result, ...(cut ? { cut } : {}) };
    const buffers = new Set<ArrayBuffer>([result.bytes.buffer as ArrayBuffer]);
    if (cut && 'whole' in cut) buffers.add(cut.whole.buffer as ArrayBuffer);
    if (cut && 'chunks' in cut)
      for (const chunk of cut.chunks) buffers.add(chunk.bytes.buffer as ArrayBuffer);
    parentPort!.postMessage(answer, [...buffers]);
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
