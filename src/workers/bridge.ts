// The only door from the main thread to the generator worker. The UI and machines call these
// methods; no docx/xlsx code is loaded on the main thread (type-only imports below).
import * as Comlink from 'comlink';
import { SheetTable } from '../domain/sheetTable';
import type { GeneratorWorkerApi } from './generator.worker';
import type { TemplateAnalysis } from './analyseTemplate';
import type { MergeProgress, MergeResult } from './mergeDocuments';
import type { ExportResult } from './exportRows';
import type { FieldFormats } from './formatRows';
import type { FormattedMergeResult, FormattedZipResult } from './generatorApi';
import type { DocumentPreview } from '../domain/documentPreview';
import { assertFileSize } from './limits';
import { CancelledError } from './errors';

export type { TemplateAnalysis, MergeProgress, MergeResult, ExportResult, FieldFormats, FormattedMergeResult, FormattedZipResult };
export { CancelledError, SheetTable };

/** A file as the screen has it (File from an <input>) or raw bytes. */
export type FileSource = Blob | ArrayBuffer;

/** A workbook as the main thread holds it: sheet names and the first sheet, packed (cells decoded on demand). */
export interface LoadedWorkbook {
  sheetNames: string[];
  sheetName: string;
  sheet: SheetTable;
}

/**
 * Rows of a sheet the worker has read, by 0-based index. The worker keeps the rows; only the
 * indexes cross (transferred). `workbook` is the file those rows come from, sent again only when
 * the worker no longer holds it (a fresh worker after a cancel); by default the file last read.
 */
export interface RowSelection {
  workbook?: FileSource;
  sheetName: string;
  rowIndexes: Uint32Array;
}

export interface MergeRequest extends RowSelection {
  template: FileSource;
  mapping: Record<string, string>;
  formats?: FieldFormats;
  now?: Date;
}

export interface ZipRequest extends MergeRequest {
  /** The column whose text names each row's file. */
  nameColumn: string;
}

export interface PreviewRequest {
  workbook?: FileSource;
  template: FileSource;
  sheetName: string;
  rowIndex: number;
  mapping: Record<string, string>;
  formats?: FieldFormats;
}

export interface ExportRequest extends RowSelection {
  mapping: Record<string, string>;
  now?: Date;
}

export interface GeneratorBridge {
  analyseTemplate(file: FileSource): Promise<TemplateAnalysis>;
  readWorkbook(file: FileSource): Promise<LoadedWorkbook>;
  /**
   * Reads one sheet of the workbook last read, from the worker's parsed copy. After a cancel (new
   * worker) the last workbook file is sent again; pass `file` to read another file's sheet.
   */
  readSheet(sheetName: string, file?: FileSource): Promise<SheetTable>;
  mergeDocuments(request: MergeRequest, onProgress?: (progress: MergeProgress) => void): Promise<FormattedMergeResult>;
  /** One .docx per selected row, packed in one zip, files named by a column. */
  zipPerRow(request: ZipRequest, onProgress?: (progress: MergeProgress) => void): Promise<FormattedZipResult>;
  /** Indexes of the rows whose cells contain `query`, case-insensitive (the preview's row filter). */
  filterRows(sheetName: string, query: string, workbook?: FileSource): Promise<Uint32Array>;
  /** The document one row produces, read back as text (Preview Row). */
  previewRow(request: PreviewRequest): Promise<DocumentPreview>;
  exportRows(request: ExportRequest): Promise<ExportResult>;
  /** Stops any running task by terminating the worker; pending calls reject with CancelledError. */
  cancel(): void;
  /**
   * Ends the worker (and the workbook it parsed) to free its memory: when the generator page
   * unmounts, on Reset. Like cancel, running calls reject with CancelledError. The next call starts
   * a fresh worker, which gets the workbook file again (see RowSelection.workbook).
   */
  release(): void;
}

/** A worker with nothing to do for this long is ended (squoosh's worker-bridge does the same). */
export const WORKER_IDLE_MS = 60_000;

/** Name of the <meta> build.mjs writes into index.html with the URL of the bundled worker. */
export const WORKER_URL_META_NAME = 'generator-worker';

/**
 * URL of the worker script: the `<meta name="generator-worker" content="/assets/generator.worker-HASH.js">`
 * written by the build, else the unbundled sibling file (dev servers that serve ES modules).
 */
export function generatorWorkerUrl(): URL {
  const meta = typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLMetaElement>(`meta[name="${WORKER_URL_META_NAME}"]`);
  if (meta?.content) return new URL(meta.content, document.baseURI);
  return new URL('./generator.worker.js', import.meta.url);
}

export function createGeneratorWorker(): Worker {
  return new Worker(generatorWorkerUrl(), { type: 'module', name: 'generator' });
}

export const TEMPLATE_READ_FAILED = 'Failed to read template file';
export const FILE_READ_FAILED = 'Failed to read file';

async function readBytes(source: FileSource, readFailed: string): Promise<ArrayBuffer> {
  if (source instanceof ArrayBuffer) {
    assertFileSize(source.byteLength);
    // A copy is transferred so the caller's buffer stays usable.
    return source.slice(0);
  }
  // Refused before reading the file into memory.
  assertFileSize(source.size);
  try {
    return await source.arrayBuffer();
  } catch {
    throw new Error(readFailed);
  }
}

export function createGeneratorBridge(
  createWorker: () => Worker = createGeneratorWorker,
  idleMs: number = WORKER_IDLE_MS,
): GeneratorBridge {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<GeneratorWorkerApi> | null = null;
  let workbookSource: FileSource | null = null;
  let workbookWorker: Worker | null = null;
  const pending = new Set<(reason: unknown) => void>();
  // Bumped by cancel(): a call cancelled while still reading its file never reaches a worker.
  let generation = 0;

  function connect(startedIn: number): { worker: Worker; remote: Comlink.Remote<GeneratorWorkerApi> } {
    if (startedIn !== generation) throw new CancelledError();
    if (!worker || !remote) {
      worker = createWorker();
      remote = Comlink.wrap<GeneratorWorkerApi>(worker);
    }
    return { worker, remote };
  }

  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** Terminates the worker; running calls reject with CancelledError, the next call starts afresh. */
  function end(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    generation += 1;
    worker?.terminate();
    worker = null;
    remote = null;
    workbookWorker = null;
    for (const reject of pending) reject(new CancelledError());
    pending.clear();
  }

  /**
   * Runs a worker call so that cancel() settles it (a terminated worker never answers). When the
   * last running call settles, the idle timer starts: a worker idle for `idleMs` is ended.
   */
  function run<T>(task: (startedIn: number) => Promise<T>): Promise<T> {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    return new Promise<T>((resolve, reject) => {
      pending.add(reject);
      task(generation)
        .then(resolve, reject)
        .finally(() => {
          pending.delete(reject);
          if (pending.size === 0 && worker && !idleTimer) {
            idleTimer = setTimeout(() => {
              idleTimer = null;
              if (pending.size === 0) end();
            }, idleMs);
          }
        });
    });
  }

  type Api = Comlink.Remote<GeneratorWorkerApi>;

  /**
   * The worker of `startedIn` holding the rows of `file` (default: the workbook last read): when it
   * does not (a fresh worker after a cancel, or another file), the file is sent again first.
   */
  async function withWorkbook(startedIn: number, file: FileSource | undefined): Promise<Api> {
    const { worker: current, remote: api } = connect(startedIn);
    const source = file ?? workbookSource;
    if (!source || (workbookWorker === current && source === workbookSource)) return api;
    const buffer = await readBytes(source, FILE_READ_FAILED);
    connect(startedIn);
    workbookSource = null;
    await api.openWorkbook(Comlink.transfer(buffer, [buffer]));
    workbookSource = source;
    workbookWorker = current;
    return api;
  }

  /**
   * What a merge or a zip sends: the template and a copy of the selected rows' indexes, both
   * transferred (the copy keeps the caller's array usable), to the worker holding the workbook.
   */
  async function mergeArgs(startedIn: number, request: MergeRequest) {
    const template = await readBytes(request.template, TEMPLATE_READ_FAILED);
    const api = await withWorkbook(startedIn, request.workbook);
    const rowIndexes = request.rowIndexes.slice();
    const args = {
      template,
      sheetName: request.sheetName,
      rowIndexes,
      mapping: request.mapping,
      formats: request.formats,
      now: request.now,
    };
    connect(startedIn);
    return { api, args, transfer: [template, rowIndexes.buffer] };
  }

  return {
    analyseTemplate(file) {
      return run(async (startedIn) => {
        const buffer = await readBytes(file, TEMPLATE_READ_FAILED);
        return connect(startedIn).remote.analyseTemplate(Comlink.transfer(buffer, [buffer]));
      });
    },

    readWorkbook(file) {
      return run(async (startedIn) => {
        const buffer = await readBytes(file, FILE_READ_FAILED);
        const { worker: current, remote: api } = connect(startedIn);
        workbookSource = null;
        const result = await api.readWorkbook(Comlink.transfer(buffer, [buffer]));
        workbookSource = file;
        workbookWorker = current;
        return { sheetNames: result.sheetNames, sheetName: result.sheetName, sheet: new SheetTable(result.sheet) };
      });
    },

    readSheet(sheetName, file) {
      return run(async (startedIn) => {
        const { worker: current, remote: api } = connect(startedIn);
        const source = file ?? workbookSource;
        if (!source || (workbookWorker === current && source === workbookSource)) {
          return new SheetTable(await api.readSheet(sheetName));
        }
        const buffer = await readBytes(source, FILE_READ_FAILED);
        connect(startedIn);
        workbookSource = null;
        const packed = await api.readSheet(sheetName, Comlink.transfer(buffer, [buffer]));
        workbookSource = source;
        workbookWorker = current;
        return new SheetTable(packed);
      });
    },

    mergeDocuments(request, onProgress) {
      return run(async (startedIn) => {
        const { api, args, transfer } = await mergeArgs(startedIn, request);
        return api.mergeDocuments(Comlink.transfer(args, transfer), onProgress && Comlink.proxy(onProgress));
      });
    },

    zipPerRow(request, onProgress) {
      return run(async (startedIn) => {
        const { api, args, transfer } = await mergeArgs(startedIn, request);
        return api.zipPerRow(Comlink.transfer({ ...args, nameColumn: request.nameColumn }, transfer), onProgress && Comlink.proxy(onProgress));
      });
    },

    filterRows(sheetName, query, workbook) {
      return run(async (startedIn) => {
        const api = await withWorkbook(startedIn, workbook);
        connect(startedIn);
        return api.filterRows(sheetName, query);
      });
    },

    previewRow(request) {
      return run(async (startedIn) => {
        const template = await readBytes(request.template, TEMPLATE_READ_FAILED);
        const api = await withWorkbook(startedIn, request.workbook);
        const args = {
          template,
          sheetName: request.sheetName,
          rowIndex: request.rowIndex,
          mapping: request.mapping,
          formats: request.formats,
        };
        connect(startedIn);
        return api.previewRow(Comlink.transfer(args, [template]));
      });
    },

    exportRows(request) {
      return run(async (startedIn) => {
        const api = await withWorkbook(startedIn, request.workbook);
        const rowIndexes = request.rowIndexes.slice();
        const args = { sheetName: request.sheetName, rowIndexes, mapping: request.mapping, now: request.now };
        connect(startedIn);
        return api.exportRows(Comlink.transfer(args, [rowIndexes.buffer]));
      });
    },

    cancel: end,
    release: end,
  };
}

/** The app's single bridge; the worker is created on first use. */
export const generatorBridge: GeneratorBridge = createGeneratorBridge();

// The same methods as plain functions of the app's bridge (`import * as bridge from '…/bridge'`).
export const analyseTemplate: GeneratorBridge['analyseTemplate'] = (file) => generatorBridge.analyseTemplate(file);
export const readWorkbook: GeneratorBridge['readWorkbook'] = (file) => generatorBridge.readWorkbook(file);
export const readSheet: GeneratorBridge['readSheet'] = (sheetName, file) => generatorBridge.readSheet(sheetName, file);
export const mergeDocuments: GeneratorBridge['mergeDocuments'] = (request, onProgress) =>
  generatorBridge.mergeDocuments(request, onProgress);
export const zipPerRow: GeneratorBridge['zipPerRow'] = (request, onProgress) => generatorBridge.zipPerRow(request, onProgress);
export const previewRow: GeneratorBridge['previewRow'] = (request) => generatorBridge.previewRow(request);
export const exportRows: GeneratorBridge['exportRows'] = (request) => generatorBridge.exportRows(request);
export const cancel: GeneratorBridge['cancel'] = () => generatorBridge.cancel();
export const release: GeneratorBridge['release'] = () => generatorBridge.release();
