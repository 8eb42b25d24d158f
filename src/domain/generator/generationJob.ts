// One generator job, one result: the same shape from the page, through the machine, the bridge
// and the worker (docs/generator.md). Pure types and constants; files are a type parameter so the
// page sends Blobs (Files) and the worker receives their bytes, under the same field names.
import type { ValueFormat } from '../values/valueFormat';

/** Placeholder → column; '' while the placeholder is not mapped yet. */
export type Mapping = Readonly<Record<string, string>>;

/** Placeholder → how its value is written; a placeholder not named is written as in the sheet. */
export type Formats = Readonly<Record<string, ValueFormat>>;

/** Where the rows come from: a data file and the sheet of it that was read. */
export interface DataSource<F = Blob> {
  readonly file: F;
  readonly sheet: string;
  /** The sheet's row (1-based, as the spreadsheet numbers it) holding the column names; absent: found by the reader. */
  readonly headerRow?: number;
}

/**
 * What Generate makes. 'merged': one document, a section per row; 'zip': one .docx per row
 * in a zip, each file named by the text of `nameColumn`; 'pdf': the merged document converted to
 * PDF on the server; 'pdfPerRow': that PDF split per section into a zip named like 'zip'. A new
 * output is one more member here.
 */
type GenerationOutput =
  | { readonly kind: 'merged' }
  | { readonly kind: 'zip'; readonly nameColumn: string }
  | { readonly kind: 'pdf' }
  | { readonly kind: 'pdfPerRow'; readonly nameColumn: string };

export type OutputKind = GenerationOutput['kind'];

/** Every output Generate offers, in the order the Output control lists them. */
export const OUTPUT_KINDS: readonly OutputKind[] = ['merged', 'zip', 'pdf', 'pdfPerRow'];

/** The outputs made by converting the merged document on the server (hidden when it cannot). */
export const PDF_OUTPUT_KINDS: readonly OutputKind[] = ['pdf', 'pdfPerRow'];

/**
 * A request to the generator. `T` is how the template travels, `D` the data file: Blobs on the
 * main thread; bytes to the worker, the data file `null` when the worker already holds it.
 */
export interface GenerationJob<T = Blob, D = T> {
  readonly template: T;
  readonly data: DataSource<D>;
  /** The selected rows: 0-based indexes in table order (the worker holds the rows themselves). */
  readonly rows: Uint32Array;
  readonly mapping: Mapping;
  readonly formats: Formats;
  readonly output: GenerationOutput;
  /**
   * Group rows by this column (src/domain/generator/grouping.ts): a document per distinct value among the
   * selected rows, its loops filled with the group's rows. Absent or '': a document per row.
   */
  readonly groupBy?: string;
  /** The time file names are stamped with (default: now). */
  readonly now?: Date;
  /** The images chosen next to the data file, for the template's image fields (docs/pictures.md). */
  readonly images?: readonly NamedFile<T>[];
  /** For the template's QRIS fields: the merchant's static QRIS and the invoice number's column. */
  readonly qris?: QrisSource;
}

/** A file with the name it was chosen under (the bytes, in the worker, have none). */
export interface NamedFile<T = Blob> {
  readonly name: string;
  readonly file: T;
}

export interface QrisSource {
  /** The static QRIS stored in the company settings; null when none is stored. */
  readonly payload: string | null;
  /** The column holding each row's invoice number (tag 62, bill number). */
  readonly invoiceColumn: string;
}

/** The job as it crosses to the worker: files as bytes, the data file null when it is held there. */
export type WorkerJob = GenerationJob<ArrayBuffer, ArrayBuffer | null>;

/**
 * Preview Row takes the job without output: it renders the one row it is given or, grouped, that
 * row's group among `rows` (the selected rows; without grouping they are not sent).
 */
export type PreviewJob<T = Blob, D = T> = Pick<
  GenerationJob<T, D>,
  'template' | 'data' | 'mapping' | 'formats' | 'groupBy' | 'images' | 'qris'
> & { readonly rows?: Uint32Array };

/** Export to XLSX takes the job without a template: the mapped columns of the selected rows. */
export type ExportJob<D = Blob> = Pick<
  GenerationJob<never, D>,
  'data' | 'rows' | 'mapping' | 'now'
>;

/** What a job produced: a file to download, and what the message about it says. */
export interface GenerationResult {
  /** 'xlsx' is Export to XLSX; the others are the job's output. */
  readonly kind: OutputKind | 'xlsx';
  /**
   * The produced file, made into a Blob in the worker: it reaches the page without a copy, and the
   * page starts its download without making one (a 100 MB zip took 61 ms on the main thread).
   */
  readonly file: Blob;
  readonly fileName: string;
  /** Sections of the merged document, files in the zip, or rows exported. */
  readonly count: number;
  /** Selected rows left out for want of data (fewer than 2 non-empty values). */
  readonly skipped: number;
  /** Things the user should know that did not stop the job (values that kept their text…). */
  readonly warnings: readonly string[];
  /**
   * For a PDF job the worker answers the merged .docx to convert (kind 'merged'); with 'pdfPerRow'
   * these are the file names of its sections, in order, for splitting the PDF. For a 'zip', the
   * names of its files in order (the e-mail of each row names each row's .docx in it).
   */
  readonly sectionNames?: readonly string[];
}

/**
 * What each stage of the worker answers (the merge, the zip per row, the PDF split, the export):
 * the result with its file as bytes, or as a Blob already (the zip per row). The worker's
 * `answer` (src/workers/generate.ts) makes it the result the page gets, changing only the file.
 */
export type StageResult<B extends ArrayBuffer | Blob = ArrayBuffer | Blob> = Omit<
  GenerationResult,
  'file'
> & { readonly bytes: B };

const WORDML = 'application/vnd.openxmlformats-officedocument';
export const OUTPUT_MIME: Readonly<Record<GenerationResult['kind'], string>> = {
  merged: `${WORDML}.wordprocessingml.document`,
  zip: 'application/zip',
  pdf: 'application/pdf',
  pdfPerRow: 'application/zip',
  xlsx: `${WORDML}.spreadsheetml.sheet`,
};
