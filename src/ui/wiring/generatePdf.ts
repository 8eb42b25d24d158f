// Generate with a PDF output (issue 22): the worker merges as for the merged document, the server
// converts the merged .docx (through src/api, never from the worker), and for one PDF per row the
// worker splits the PDF per section into a zip. Aborting `signal` (Cancel) aborts the step running:
// the worker call ends the worker, the conversion request is aborted and the server stops it.
import { documents, FALLBACK } from '../../api';
import { OUTPUT_MIME, type GenerationResult } from '../../domain/generator/generationJob';
import type { GenerateActorEvent, Job } from '../../machines/generator/types';
import type { GeneratorBridge } from '../../workers/bridge';

type Report = (event: GenerateActorEvent) => void;

export async function runGeneration(
  bridge: GeneratorBridge,
  job: Job,
  report: Report,
  signal: AbortSignal,
): Promise<GenerationResult> {
  const merged = await bridge.generate(
    job,
    ({ processed, total }) => report({ type: 'generator.progress', processed, total }),
    { signal },
  );
  const { kind } = job.output;
  if (kind !== 'pdf' && kind !== 'pdfPerRow') return merged;

  report({ type: 'generator.converting' });
  const converted = await documents.convertToPdf(merged.file, { signal });
  if (!converted.success || !converted.data)
    throw new Error(converted.error ?? FALLBACK.pdfConversion);
  const base = { count: merged.count, skipped: merged.skipped, warnings: merged.warnings };
  if (kind === 'pdf') {
    const file = new Blob([converted.data], { type: OUTPUT_MIME.pdf });
    return { ...base, kind, file, fileName: merged.fileName.replace(/\.docx$/i, '.pdf') };
  }
  const pdf = await converted.data.arrayBuffer();
  const split = await bridge.splitPdf(pdf, merged.sectionNames ?? [], { signal });
  return { ...split, ...base };
}
