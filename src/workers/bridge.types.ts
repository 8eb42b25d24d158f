// The bridge's public shape: what the UI and machines call (src/workers/bridge.ts implements it).
import type { EfakturAnswer, EfakturJob } from '../domain/efaktur/job';
import type { SheetTable } from '../domain/sheet/sheetTable';
import type {
  DataSource,
  ExportJob,
  GenerationJob,
  GenerationResult,
  NamedFile,
  PreviewJob,
} from '../domain/generator/generationJob';
import type { DocumentPreview } from '../domain/word/documentPreview';
import type { TemplateAnalysis } from './template';
import type { MergeProgress } from './merge';

/** A file as the screen has it (File from an <input>) or raw bytes. */
export type FileSource = Blob | ArrayBuffer;

/** A workbook as the main thread holds it: sheet names and the first sheet, packed (cells decoded on demand). */
export interface LoadedWorkbook {
  sheetNames: string[];
  /** The sheet that was read: the first that holds a table (docs/rows.md). */
  sheet: string;
  table: SheetTable;
  /** Several sheets and none could be read: why the sheet shown has no rows (the picker stays). */
  sheetError?: string;
}

/** Per call: aborting `signal` rejects that call with CancelledError (see GeneratorBridge). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** A file the worker made to download as it is. */
export interface SampleFile {
  bytes: ArrayBuffer;
  fileName: string;
}

/**
 * Every method takes `options.signal` last. Aborting it rejects that call with CancelledError:
 * - a call still reading its files (or already aborted) never reaches the worker; nothing else
 *   is touched;
 * - a call the worker has started (or relies on, such as the workbook it holds) can only be
 *   stopped by ending the worker: the worker is terminated, and every other call sent to that
 *   same worker rejects with CancelledError too (the worker that would answer is gone). Calls
 *   still reading their files go on unaffected and start a fresh worker.
 *
 * A call that names a data file sends its bytes only when the worker does not hold its rows (a
 * fresh worker after a cancel, or another file); otherwise only the sheet's name and row indexes.
 */
export interface GeneratorBridge {
  analyseTemplate(file: FileSource, options?: CallOptions): Promise<TemplateAnalysis>;
  /** A sample template with a few `{tags}` (offered when a template has no fields). */
  sampleTemplate(options?: CallOptions): Promise<SampleFile>;
  readWorkbook(file: FileSource, options?: CallOptions): Promise<LoadedWorkbook>;
  /** Reads and checks the images chosen next to the data file (zips opened); answers their names. */
  readImages(
    files: readonly NamedFile<FileSource>[],
    options?: CallOptions,
  ): Promise<{ names: string[] }>;
  /** Reads one sheet of a data file, from the worker's parsed copy when it holds the file. */
  readSheet(source: DataSource<FileSource>, options?: CallOptions): Promise<SheetTable>;
  /** Runs a job: the merged document, or one .docx per row in a zip (`job.output`). */
  generate(
    job: GenerationJob<FileSource>,
    onProgress?: (progress: MergeProgress) => void,
    options?: CallOptions,
  ): Promise<GenerationResult>;
  /** A converted PDF split per section (names from a 'pdfPerRow' job's result) into a zip. */
  splitPdf(
    pdf: ArrayBuffer,
    names: readonly string[],
    options?: CallOptions,
  ): Promise<GenerationResult>;
  /** Each section's pages (1-based, inclusive) in a converted merged PDF made for splitting. */
  pdfSectionPages(
    pdf: ArrayBuffer,
    sections: number,
    options?: CallOptions,
  ): Promise<[number, number][]>;
  /** Indexes of the rows whose cells contain `query`, case-insensitive (the preview's row filter). */
  filterRows(
    source: DataSource<FileSource>,
    query: string,
    options?: CallOptions,
  ): Promise<Uint32Array>;
  /** The document the row at table index `row` produces, read back as text (Preview Row). */
  previewRow(
    job: PreviewJob<FileSource>,
    row: number,
    options?: CallOptions,
  ): Promise<DocumentPreview>;
  exportRows(job: ExportJob<FileSource>, options?: CallOptions): Promise<GenerationResult>;
  /** The e-Faktur XML (or a zip of files) of the selected rows, or every problem of them. */
  efaktur(job: EfakturJob<FileSource>, options?: CallOptions): Promise<EfakturAnswer>;
  /** Stops every call by terminating the worker; all pending calls reject with CancelledError. */
  cancel(): void;
  /**
   * Ends the worker (and the workbook it parsed) to free its memory: when the generator page
   * unmounts, on Reset. Like cancel, running calls reject with CancelledError. The next call starts
   * a fresh worker, which gets the workbook file again.
   */
  release(): void;
}
