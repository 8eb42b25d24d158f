// The only door from the main thread to the generator worker. The UI and machines call these
// methods; no docx/xlsx code is loaded on the main thread (type-only imports below).
import * as Comlink from 'comlink';
import { SheetTable } from '../domain/sheetTable';
import type { GeneratorWorkerApi } from './generator.worker';
import type { TemplateAnalysis } from './template';
import type { MergeProgress, MergeResult, ExportResult } from './merge';
import type { FieldFormats } from './read';
import type { FormattedMergeResult, FormattedZipResult } from './generatorApi';
import type { DocumentPreview } from '../domain/documentPreview';
import { assertFileSize } from './limits';
import { CancelledError } from './errors';

export type {
  TemplateAnalysis,
  MergeProgress,
  MergeResult,
  ExportResult,
  FieldFormats,
  FormattedMergeResult,
  FormattedZipResult,
};
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

/** Per call: aborting `signal` rejects that call with CancelledError (see GeneratorBridge). */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Every method takes `options.signal` last. Aborting it rejects that call with CancelledError:
 * - a call still reading its files (or already aborted) never reaches the worker; nothing else
 *   is touched;
 * - a call the worker has started (or relies on, such as the workbook it holds) can only be
 *   stopped by ending the worker: the worker is terminated, and every other call sent to that
 *   same worker rejects with CancelledError too (the worker that would answer is gone). Calls
 *   still reading their files go on unaffected and start a fresh worker, which gets the workbook
 *   file again (see RowSelection.workbook).
 */
export interface GeneratorBridge {
  analyseTemplate(file: FileSource, options?: CallOptions): Promise<TemplateAnalysis>;
  readWorkbook(file: FileSource, options?: CallOptions): Promise<LoadedWorkbook>;
  /**
   * Reads one sheet of the workbook last read, from the worker's parsed copy. After a cancel (new
   * worker) the last workbook file is sent again; pass `file` to read another file's sheet.
   */
  readSheet(sheetName: string, file?: FileSource, options?: CallOptions): Promise<SheetTable>;
  mergeDocuments(
    request: MergeRequest,
    onProgress?: (progress: MergeProgress) => void,
    options?: CallOptions,
  ): Promise<FormattedMergeResult>;
  /** One .docx per selected row, packed in one zip, files named by a column. */
  zipPerRow(
    request: ZipRequest,
    onProgress?: (progress: MergeProgress) => void,
    options?: CallOptions,
  ): Promise<FormattedZipResult>;
  /** Indexes of the rows whose cells contain `query`, case-insensitive (the preview's row filter). */
  filterRows(
    sheetName: string,
    query: string,
    workbook?: FileSource,
    options?: CallOptions,
  ): Promise<Uint32Array>;
  /** The document one row produces, read back as text (Preview Row). */
  previewRow(request: PreviewRequest, options?: CallOptions): Promise<DocumentPreview>;
  exportRows(request: ExportRequest, options?: CallOptions): Promise<ExportResult>;
  /** Stops every call by terminating the worker; all pending calls reject with CancelledError. */
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
  const meta =
    typeof document === 'undefined'
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

type Api = Comlink.Remote<GeneratorWorkerApi>;
type Method = keyof GeneratorWorkerApi;
type Answer<M extends Method> = Awaited<ReturnType<GeneratorWorkerApi[M]>>;

/** A call in progress. */
interface Job {
  /** The worker this call has sent to or relies on; null while it only reads its files. */
  worker: Worker | null;
  /** Cancelled or aborted: the call has rejected and sends nothing more. */
  cancelled: boolean;
  cancel(): void;
}

export function createGeneratorBridge(
  createWorker: () => Worker = createGeneratorWorker,
  idleMs: number = WORKER_IDLE_MS,
): GeneratorBridge {
  let current: { worker: Worker; remote: Api } | null = null;
  let workbookSource: FileSource | null = null;
  let workbookWorker: Worker | null = null;
  const jobs = new Set<Job>();
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  function stopIdleTimer(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  /** Terminates the worker; the calls that used it reject with CancelledError, the next call starts afresh. */
  function terminate(): void {
    stopIdleTimer();
    const ended = current?.worker;
    if (!ended) return;
    current = null;
    workbookWorker = null;
    ended.terminate();
    for (const job of jobs) if (job.worker === ended) job.cancel();
  }

  /** cancel() and release(): the worker ends and every call rejects, even one still reading its files. */
  function end(): void {
    terminate();
    for (const job of jobs) job.cancel();
  }

  /** The worker a call uses from now on (started if none): ending it ends the call. */
  function use(job: Job): Api {
    if (job.cancelled) throw new CancelledError();
    if (!current) {
      const worker = createWorker();
      current = { worker, remote: Comlink.wrap<GeneratorWorkerApi>(worker) };
    }
    job.worker = current.worker;
    return current.remote;
  }

  /**
   * The one way a call reaches the worker: `method` with `args`, the buffers in `transfer` moved
   * (not copied), progress passed back through a Comlink proxy.
   */
  function send<M extends Method>(
    job: Job,
    method: M,
    args: Parameters<GeneratorWorkerApi[M]>,
    {
      transfer = [],
      onProgress,
    }: { transfer?: Transferable[]; onProgress?: (progress: MergeProgress) => void } = {},
  ): Promise<Answer<M>> {
    const remote = use(job);
    const wire: unknown[] = [...args];
    if (transfer.length > 0) {
      // Comlink collects an argument's transferables when it is sent; one argument may carry them all.
      const carrier = wire.findIndex((arg) => typeof arg === 'object' && arg !== null);
      if (carrier < 0)
        throw new TypeError(`${String(method)}: no argument to carry the transferred buffers`);
      wire[carrier] = Comlink.transfer(wire[carrier], transfer);
    }
    if (onProgress) wire.push(Comlink.proxy(onProgress));
    return (remote[method] as unknown as (...wire: unknown[]) => Promise<Answer<M>>)(...wire);
  }

  /**
   * One public call: settles on its own answer, on its signal, or on cancel(). When the last call
   * settles, the idle timer starts: a worker idle for `idleMs` is ended.
   */
  function call<T>(options: CallOptions | undefined, task: (job: Job) => Promise<T>): Promise<T> {
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(new CancelledError());
    stopIdleTimer();
    return new Promise<T>((resolve, reject) => {
      const settled = () => {
        signal?.removeEventListener('abort', aborted);
        if (!jobs.delete(job)) return;
        if (jobs.size === 0 && current && !idleTimer) {
          idleTimer = setTimeout(() => {
            idleTimer = null;
            if (jobs.size === 0) terminate();
          }, idleMs);
        }
      };
      const job: Job = {
        worker: null,
        cancelled: false,
        cancel() {
          if (job.cancelled) return;
          job.cancelled = true;
          reject(new CancelledError());
          settled();
        },
      };
      // A call in a worker cannot be interrupted there: its worker ends (and with it the calls it holds).
      const aborted = () =>
        job.worker && job.worker === current?.worker ? terminate() : job.cancel();
      jobs.add(job);
      signal?.addEventListener('abort', aborted, { once: true });
      // Settled before the caller hears the answer: an abort from then on changes nothing.
      task(job).then(
        (answer) => {
          settled();
          resolve(answer);
        },
        (error: unknown) => {
          settled();
          reject(error);
        },
      );
    });
  }

  /** Whether the worker holds the rows of `source` (a fresh worker, or another file, does not). */
  function holds(source: FileSource): boolean {
    return current !== null && workbookWorker === current.worker && source === workbookSource;
  }

  /**
   * Makes the worker hold the rows of `file` (default: the workbook last read), sending the file
   * again when it does not. From here on the call relies on that worker.
   */
  async function holdWorkbook(job: Job, file: FileSource | undefined): Promise<void> {
    const source = file ?? workbookSource;
    if (!source || holds(source)) {
      use(job);
      return;
    }
    const buffer = await readBytes(source, FILE_READ_FAILED);
    const opened = send(job, 'openWorkbook', [buffer], { transfer: [buffer] });
    // Sent (a cancelled call throws before): until it is parsed, no workbook is known to be held.
    workbookSource = null;
    await opened;
    workbookSource = source;
    workbookWorker = job.worker;
  }

  /** The template and a copy of the selected rows' indexes (the copy keeps the caller's array usable). */
  async function mergeArgs(job: Job, request: MergeRequest) {
    const template = await readBytes(request.template, TEMPLATE_READ_FAILED);
    await holdWorkbook(job, request.workbook);
    const rowIndexes = request.rowIndexes.slice();
    const args = {
      template,
      sheetName: request.sheetName,
      rowIndexes,
      mapping: request.mapping,
      formats: request.formats,
      now: request.now,
    };
    return { args, transfer: [template, rowIndexes.buffer] };
  }

  return {
    analyseTemplate: (file, options) =>
      call(options, async (job) => {
        const buffer = await readBytes(file, TEMPLATE_READ_FAILED);
        return send(job, 'analyseTemplate', [buffer], { transfer: [buffer] });
      }),

    readWorkbook: (file, options) =>
      call(options, async (job) => {
        const buffer = await readBytes(file, FILE_READ_FAILED);
        const reading = send(job, 'readWorkbook', [buffer], { transfer: [buffer] });
        workbookSource = null;
        const result = await reading;
        workbookSource = file;
        workbookWorker = job.worker;
        return {
          sheetNames: result.sheetNames,
          sheetName: result.sheetName,
          sheet: new SheetTable(result.sheet),
        };
      }),

    // The file, when it must go again, travels with the sheet's name in one message.
    readSheet: (sheetName, file, options) =>
      call(options, async (job) => {
        const source = file ?? workbookSource;
        if (!source || holds(source))
          return new SheetTable(await send(job, 'readSheet', [sheetName]));
        const buffer = await readBytes(source, FILE_READ_FAILED);
        const reading = send(job, 'readSheet', [sheetName, buffer], { transfer: [buffer] });
        workbookSource = null;
        const packed = await reading;
        workbookSource = source;
        workbookWorker = job.worker;
        return new SheetTable(packed);
      }),

    mergeDocuments: (request, onProgress, options) =>
      call(options, async (job) => {
        const { args, transfer } = await mergeArgs(job, request);
        return send(job, 'mergeDocuments', [args], { transfer, onProgress });
      }),

    zipPerRow: (request, onProgress, options) =>
      call(options, async (job) => {
        const { args, transfer } = await mergeArgs(job, request);
        return send(job, 'zipPerRow', [{ ...args, nameColumn: request.nameColumn }], {
          transfer,
          onProgress,
        });
      }),

    filterRows: (sheetName, query, workbook, options) =>
      call(options, async (job) => {
        await holdWorkbook(job, workbook);
        return send(job, 'filterRows', [sheetName, query]);
      }),

    previewRow: (request, options) =>
      call(options, async (job) => {
        const template = await readBytes(request.template, TEMPLATE_READ_FAILED);
        await holdWorkbook(job, request.workbook);
        const args = {
          template,
          sheetName: request.sheetName,
          rowIndex: request.rowIndex,
          mapping: request.mapping,
          formats: request.formats,
        };
        return send(job, 'previewRow', [args], { transfer: [template] });
      }),

    exportRows: (request, options) =>
      call(options, async (job) => {
        await holdWorkbook(job, request.workbook);
        const rowIndexes = request.rowIndexes.slice();
        const args = {
          sheetName: request.sheetName,
          rowIndexes,
          mapping: request.mapping,
          now: request.now,
        };
        return send(job, 'exportRows', [args], { transfer: [rowIndexes.buffer] });
      }),

    cancel: end,
    release: end,
  };
}

/** The app's single bridge; the worker is created on first use. */
export const generatorBridge: GeneratorBridge = createGeneratorBridge();

// The same methods as plain functions of the app's bridge (`import * as bridge from '…/bridge'`).
export const analyseTemplate: GeneratorBridge['analyseTemplate'] = (...args) =>
  generatorBridge.analyseTemplate(...args);
export const readWorkbook: GeneratorBridge['readWorkbook'] = (...args) =>
  generatorBridge.readWorkbook(...args);
export const readSheet: GeneratorBridge['readSheet'] = (...args) =>
  generatorBridge.readSheet(...args);
export const mergeDocuments: GeneratorBridge['mergeDocuments'] = (...args) =>
  generatorBridge.mergeDocuments(...args);
export const zipPerRow: GeneratorBridge['zipPerRow'] = (...args) =>
  generatorBridge.zipPerRow(...args);
export const filterRows: GeneratorBridge['filterRows'] = (...args) =>
  generatorBridge.filterRows(...args);
export const previewRow: GeneratorBridge['previewRow'] = (...args) =>
  generatorBridge.previewRow(...args);
export const exportRows: GeneratorBridge['exportRows'] = (...args) =>
  generatorBridge.exportRows(...args);
export const cancel: GeneratorBridge['cancel'] = () => generatorBridge.cancel();
export const release: GeneratorBridge['release'] = () => generatorBridge.release();
