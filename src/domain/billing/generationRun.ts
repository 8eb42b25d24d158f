// A generation run recorded in a period's history (issue 22): who merged which template with
// which data file, how many rows and documents, into what output.

export const GENERATION_OUTPUT_KINDS = ['docx', 'docx_per_row', 'pdf', 'pdf_per_row'] as const;
export type GenerationOutputKind = (typeof GENERATION_OUTPUT_KINDS)[number];

/** What a run was made of and what it made: the page's input and the stored run share it. */
export interface GenerationRunFacts {
  /** One id per run made in the page; a second POST with it (another tab, a retry) stores nothing new. */
  clientRunId: string;
  templateName: string;
  templateSha256: string;
  dataName: string;
  dataSha256: string;
  rows: number;
  documents: number;
  outputKind: GenerationOutputKind;
}

/** A run as the API answers it (camelCase after the client's conversion). */
export interface GenerationRun extends GenerationRunFacts {
  id: number;
  invoiceSummaryId: number;
  recordedBy: number | null;
  recordedByName: string;
  /** ISO-8601 UTC. */
  recordedAt: string;
}

/** What the page sends to record a run. */
export interface GenerationRunInput extends GenerationRunFacts {
  /** Record it although the same template and data were recorded for this period before. */
  confirmDuplicate?: boolean;
}

/** The warning before counting the same rows twice (issue 22); `date` is formatted by the caller. */
export function alreadyRecordedMessage(rows: number, date: string, name: string): string {
  return `These ${rows} rows were already recorded on ${date} by ${name}`;
}
