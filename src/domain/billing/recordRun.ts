// Recording a generator run in a period's progress (issue 22): pure rules shared by the record
// machine and its tests.
import type { OutputKind } from '../generator/generationJob';
import type { GenerationOutputKind } from './generationRun';
import { isValidPeriod } from './period';

/** The output kind as the generation history stores it. */
export const RUN_OUTPUT_KIND: Readonly<Record<OutputKind, GenerationOutputKind>> = {
  merged: 'docx',
  zip: 'docx_per_row',
  pdf: 'pdf',
  pdfPerRow: 'pdf_per_row',
};

/** The period a run is recorded in by default: the YYYY-MM in the data file's name, else the latest. */
export function defaultRunPeriod(dataFileName: string, periods: readonly string[]): string {
  for (const match of dataFileName.matchAll(/(\d{4})[-_.]?(\d{2})/g)) {
    const period = `${match[1]}-${match[2]}`;
    if (isValidPeriod(period) && periods.includes(period)) return period;
  }
  return [...periods].sort().at(-1) ?? '';
}
