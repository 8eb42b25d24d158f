// The PDF outputs' hops after the merge (issue 22), as the generator machine's actors: the server
// converts the merged .docx (through src/api, never from the worker), and for one PDF per row the
// worker splits the PDF per section into a zip. The machine runs them in turn (its generating
// state's converting and splitting, src/machines/generator/pdfHops.ts); each gets the signal of
// its actor, so Cancel aborts the conversion request (the server stops it) or ends the worker.
import { fromPromise } from 'xstate';
import { documents, FALLBACK } from '../../api';
import type { GenerationResult } from '../../domain/generator/generationJob';
import type { ConvertInput, SplitInput } from '../../machines/generator/types';
import type { GeneratorBridge } from '../../workers/bridge';

export function pdfActors(bridge: GeneratorBridge) {
  return {
    convertToPdf: fromPromise<Blob, ConvertInput>(async ({ input, signal }) => {
      const converted = await documents.convertToPdf(input.file, { signal });
      if (!converted.success || !converted.data)
        throw new Error(converted.error ?? FALLBACK.pdfConversion);
      return converted.data;
    }),
    splitPdf: fromPromise<GenerationResult, SplitInput>(async ({ input, signal }) =>
      bridge.splitPdf(await input.pdf.arrayBuffer(), input.sectionNames, { signal }),
    ),
  };
}
