// What a finished Generate leaves in the context (the success message, the warnings, the run
// recorded), and the result of each PDF hop made from the hop before it (pdfHops.ts).
import { OUTPUT_MIME, type GenerationResult } from '../../domain/generator/generationJob';
import { required } from '../shared/required';
import { documentOutput, messages } from './rules';
import type { GeneratorContext, PdfRun } from './types';

/**
 * The success message of each kind of result (a new output kind must say what it made). Arrows:
 * rules.ts is still loading when setup.ts imports this file.
 */
export const SUCCESS: Record<
  GenerationResult['kind'],
  (count: number, file: string, skipped: number) => string
> = {
  merged: (count, _file, skipped) => messages.generated(count, skipped),
  zip: (count, file, skipped) => messages.zipped(count, file, skipped),
  pdf: (count, _file, skipped) => messages.generatedPdf(count, skipped),
  pdfPerRow: (count, file, skipped) => messages.zipped(count, file, skipped),
  xlsx: (count, file) => messages.exported(count, file),
};

/**
 * The context after a Generate that made `result` (its file is downloaded beside); a PDF run's
 * documents are let go.
 */
export function finishedRun(context: GeneratorContext, result: GenerationResult) {
  const { count, fileName, skipped, warnings } = result;
  return {
    success: SUCCESS[result.kind](count, fileName, skipped),
    warning: warnings.join('\n'),
    lastRun: {
      number: (context.lastRun?.number ?? 0) + 1,
      // Generate starts only when canGenerate found both files (generateBlocker).
      templateFile: required(context.templateFile, 'The template of a run'),
      dataFile: required(context.dataFile, 'The data file of a run'),
      rows: context.progress.total,
      documents: count,
      output: documentOutput(context),
    },
    pdfRun: null,
  };
}

/** The merge's counts and warnings, which stay the run's through the conversion and the split. */
function mergedCounts({ merged }: PdfRun) {
  return { count: merged.count, skipped: merged.skipped, warnings: merged.warnings };
}

/** One PDF of all rows: the converted document, named as the merged one with `.pdf`. */
export function pdfResult(run: PdfRun, pdf: Blob): GenerationResult {
  return {
    ...mergedCounts(run),
    kind: 'pdf',
    file: new Blob([pdf], { type: OUTPUT_MIME.pdf }),
    fileName: run.merged.fileName.replace(/\.docx$/i, '.pdf'),
  };
}

/** One PDF per row: the worker's zip of the split PDF, with the merge's counts and warnings. */
export function splitResult(run: PdfRun, split: GenerationResult): GenerationResult {
  return { ...split, ...mergedCounts(run) };
}
