// The PDF outputs' hops after the merge (issue 22), as the generator machine's actors: the server
// converts the merged .docx (through src/api, never from the worker), and for one PDF per row the
// worker splits the PDF per section into a zip. The machine runs them in turn (its generating
// state's converting and splitting, src/machines/generator/pdfHops.ts); each gets the signal of
// its actor, so Cancel aborts the conversion request (the server stops it) or ends the worker.
import { fromCallback, fromPromise } from 'xstate';
import { documents, FALLBACK } from '../../api';
import type { GenerationResult } from '../../domain/generator/generationJob';
import type {
  ConvertInput,
  GeneratorEvent,
  SplitInput,
  WatchPdfInput,
} from '../../machines/generator/types';
import type { GeneratorBridge } from '../../workers/bridge';

/** How often the page asks how far the conversion is (ms). */
const POLL_MS = 1000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function pdfActors(bridge: GeneratorBridge) {
  return {
    convertToPdf: fromPromise<Blob, ConvertInput>(async ({ input, signal }) => {
      const converted = await documents.convertToPdf(input.file, {
        signal,
        progressId: input.progressId,
        dropMarkers: input.dropMarkers,
      });
      if (!converted.success || !converted.data)
        throw new Error(converted.error ?? FALLBACK.pdfConversion);
      return converted.data;
    }),
    /** Polls the conversion's progress every POLL_MS until the machine stops it. */
    watchPdfProgress: fromCallback<GeneratorEvent, WatchPdfInput>(({ input, sendBack }) => {
      const stop = new AbortController();
      void (async () => {
        while (!stop.signal.aborted) {
          await wait(POLL_MS, stop.signal);
          if (stop.signal.aborted) return;
          const counts = await documents.pdfProgress(input.progressId, { signal: stop.signal });
          if (!stop.signal.aborted && counts.success && counts.data)
            sendBack({ type: 'generator.pdfProgress', ...counts.data });
        }
      })();
      return () => stop.abort();
    }),
    splitPdf: fromPromise<GenerationResult, SplitInput>(async ({ input, signal }) =>
      bridge.splitPdf(await input.pdf.arrayBuffer(), input.sectionNames, { signal }),
    ),
  };
}
