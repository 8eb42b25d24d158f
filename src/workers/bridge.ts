// The only door from the main thread to the generator worker. The UI and machines call these
// methods; no docx/xlsx code is loaded on the main thread (type-only imports below).
import * as Comlink from 'comlink';
import { SheetTable } from '../domain/sheet/sheetTable';
import type { DataSource } from '../domain/generator/generationJob';
import type { GeneratorWorkerApi } from './generator.worker';
import type { MergeProgress } from './merge';
import type { CallOptions, FileSource, GeneratorBridge } from './bridge.types';
import {
  FILE_READ_FAILED,
  generationWire,
  previewWire,
  readBytes,
  readImages,
  rowsWire,
  TEMPLATE_READ_FAILED,
  type WireSource,
} from './bridge.jobs';
import { CancelledError } from './errors';

export { CancelledError };
export type { GeneratorBridge };

/** A worker with nothing to do for this long is ended (squoosh's worker-bridge does the same). */
const WORKER_IDLE_MS = 60_000;

/** Name of the <meta> build.mjs writes into index.html with the URL of the bundled worker. */
const WORKER_URL_META_NAME = 'generator-worker';

/**
 * URL of the worker script: the `<meta name="generator-worker" content="/assets/generator.worker-HASH.js">`
 * written by the build, else the unbundled sibling file (dev servers that serve ES modules).
 */
function generatorWorkerUrl(): URL {
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${WORKER_URL_META_NAME}"]`);
  if (meta?.content) return new URL(meta.content, document.baseURI);
  return new URL('./generator.worker.js', import.meta.url);
}

function createGeneratorWorker(): Worker {
  return new Worker(generatorWorkerUrl(), { type: 'module', name: 'generator' });
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
    // The wire holds Comlink's transfer and proxy wrappers, which the method's own parameter
    // types do not name: the call is made untyped and its answer typed by the method's.
    return Reflect.apply(remote[method], remote, wire) as Promise<Answer<M>>;
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
   * A data source as it crosses: its file's bytes (transferred), or null when the worker holds its
   * rows; then the call relies on that worker from here on (ending it ends the call).
   */
  async function wireSource(job: Job, source: DataSource<FileSource>): Promise<WireSource> {
    if (holds(source.file)) {
      use(job);
      return { bytes: null, data: { ...source, file: null }, transfer: [] };
    }
    const bytes = await readBytes(source.file, FILE_READ_FAILED, 'data');
    return { bytes, data: { ...source, file: bytes }, transfer: [bytes] };
  }

  /**
   * Awaits a call that carried a data file (`bytes`); from its answer on, the worker holds that
   * file's rows. Until then no workbook is known to be held (the worker drops its own on reading).
   */
  async function holding<T>(job: Job, file: FileSource, bytes: unknown, sent: Promise<T>) {
    if (bytes === null) return sent;
    workbookSource = null;
    const result = await sent;
    workbookSource = file;
    workbookWorker = job.worker;
    return result;
  }

  return {
    analyseTemplate: (file, options) =>
      call(options, async (job) => {
        const buffer = await readBytes(file, TEMPLATE_READ_FAILED);
        return send(job, 'analyseTemplate', [buffer], { transfer: [buffer] });
      }),

    sampleTemplate: (options) => call(options, (job) => send(job, 'sampleTemplate', [])),

    readWorkbook: (file, options) =>
      call(options, async (job) => {
        const buffer = await readBytes(file, FILE_READ_FAILED, 'data');
        const result = await holding(
          job,
          file,
          buffer,
          send(job, 'readWorkbook', [buffer], { transfer: [buffer] }),
        );
        return {
          sheetNames: result.sheetNames,
          sheet: result.sheet,
          table: new SheetTable(result.table),
          ...(result.sheetError === undefined ? {} : { sheetError: result.sheetError }),
        };
      }),

    readImages: (files, options) =>
      call(options, async (job) => {
        const { images, transfer } = await readImages(files);
        return send(job, 'readImages', [images], { transfer });
      }),

    readSheet: (source, options) =>
      call(options, async (job) => {
        const { bytes, data, transfer } = await wireSource(job, source);
        const sent = send(job, 'readSheet', [data], { transfer });
        return new SheetTable(await holding(job, source.file, bytes, sent));
      }),

    generate: (request, onProgress, options) =>
      call(options, async (job) => {
        const wired = await generationWire(request, () => wireSource(job, request.data));
        const { transfer } = wired;
        const sent = send(job, 'generate', [wired.job], { transfer, onProgress });
        return holding(job, request.data.file, wired.bytes, sent);
      }),

    splitPdf: (pdf, names, options) =>
      call(options, (job) => send(job, 'splitPdf', [pdf, names], { transfer: [pdf] })),

    pdfSectionPages: (pdf, sections, options) =>
      call(options, (job) => send(job, 'pdfSectionPages', [pdf, sections], { transfer: [pdf] })),

    filterRows: (source, query, options) =>
      call(options, async (job) => {
        const { bytes, data, transfer } = await wireSource(job, source);
        const sent = send(job, 'filterRows', [data, query], { transfer });
        return holding(job, source.file, bytes, sent);
      }),

    previewRow: (request, row, options) =>
      call(options, async (job) => {
        const wired = await previewWire(request, () => wireSource(job, request.data));
        const sent = send(job, 'previewRow', [wired.job, row], { transfer: wired.transfer });
        return holding(job, request.data.file, wired.bytes, sent);
      }),

    exportRows: (request, options) =>
      call(options, async (job) => {
        const wired = await rowsWire(request, () => wireSource(job, request.data));
        const sent = send(job, 'exportRows', [wired.job], { transfer: wired.transfer });
        return holding(job, request.data.file, wired.bytes, sent);
      }),

    efaktur: (request, options) =>
      call(options, async (job) => {
        const wired = await rowsWire(request, () => wireSource(job, request.data));
        const sent = send(job, 'efaktur', [wired.job], { transfer: wired.transfer });
        return holding(job, request.data.file, wired.bytes, sent);
      }),

    cancel: end,
    release: end,
  };
}

/** The app's single bridge; the worker is created on first use. */
export const generatorBridge: GeneratorBridge = createGeneratorBridge();
