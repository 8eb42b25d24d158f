// QR codes drawn for a run (docs/pictures.md, "Picture threads"): in a pool of threads beside the
// merge when the run is large, the machine has cores to spare and threads can be started, else
// here, in turn. The merge places a code at once (its
// size is known before it is drawn, qrLayout) and needs its bytes only when it writes the media
// part; each thread draws the codes it is sent in batches, in order, and sends them back.
import { qrLayout, qrPicture } from './qrImage';
import { QR_THREAD_NAME, type QrAnswer, type QrBatch } from './qrThread';

/** A drawn code's PNG and its CRC-32 (of a drawer made with `keep` false, read during the call). */
export type QrDrawn = (bytes: Uint8Array, crc: number) => void;

export interface QrDrawer {
  /**
   * Draws the code of `text`, `widthEmu` wide; answers its width in pixels at once and hands its
   * PNG to `drawn` when drawn (here: before answering; in threads: in any order). Throws when the text does not fit.
   */
  draw(text: string, widthEmu: number, drawn: QrDrawn): number;
  /** Resolves once every code asked for is drawn. */
  finish(): Promise<void>;
  /** Ends the thread, if any (also when the run fails or is cancelled). */
  close(): void;
}

/** A started picture thread, whichever kind (a nested worker, Node's worker_threads). */
export interface QrThread {
  postMessage(batch: QrBatch): void;
  listen(answered: (answer: QrAnswer) => void, failed: () => void): void;
  terminate(): void;
}

export type QrThreadStarter = () => QrThread | null;

/**
 * Runs of fewer rows draw their codes here: a thread's start and its first codes (its code not yet
 * compiled) take some 0.15–0.2 s before it answers, about what 4,000–5,000 codes cost in the
 * merge's thread (docs/pictures.md, "Picture threads").
 */
const THREAD_FROM = 5_000;
/** A further thread for every so many rows, up to the spare cores (each thread's start costs). */
const THREAD_ROWS = 500;
/** Cores left to the merge's thread and the page: only the others take picture threads. */
const KEPT_CORES = 2;
/** Past this, more threads only add starts and memory. */
const MAX_THREADS = 8;
/** Codes a batch: enough to be worth a message, few enough that the merge never waits long. */
const BATCH = 64;

/** In a worker whose own script can start again as the picture thread (generator.worker.ts). */
function nestedWorker(): QrThread | null {
  if (typeof Worker === 'undefined' || typeof WorkerGlobalScope === 'undefined') return null;
  const worker = new Worker(self.location.href, { type: 'module', name: QR_THREAD_NAME });
  return {
    postMessage: (batch) => worker.postMessage(batch),
    listen(answered, failed) {
      worker.onmessage = (event: MessageEvent<QrAnswer>) => answered(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        failed();
      };
    },
    terminate: () => worker.terminate(),
  };
}

let startThread: QrThreadStarter = nestedWorker;
let threadOptions: QrThreadOptions = {};

export interface QrThreadOptions {
  /** The cores the rule counts (by default the ones the platform reports). */
  readonly cores?: number;
  /** Tests and figures: at most so many threads for any run, one per THREAD_ROWS rows, whatever the rule says. */
  readonly threads?: number;
}

/** Sets how picture threads are started (Node: worker_threads, in the bench and tests), or none. */
export function useQrThreads(starter: QrThreadStarter | null, options: QrThreadOptions = {}): void {
  startThread = starter ?? (() => null);
  threadOptions = options;
}

/** The cores the platform reports (a worker's navigator.hardwareConcurrency), 1 when unknown. */
function cores(): number {
  const reported = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator
    ?.hardwareConcurrency;
  return typeof reported === 'number' && reported >= 1 ? Math.floor(reported) : 1;
}

/**
 * How many picture threads a run of `rows` rows starts: none below THREAD_FROM rows or without a
 * core beyond the merge's and the page's (on 2 cores threads made every run slower, measured),
 * else one per spare core, at most one per THREAD_ROWS rows and MAX_THREADS.
 */
export function qrThreadCount(rows: number, options: QrThreadOptions = threadOptions): number {
  const perRows = Math.ceil(rows / THREAD_ROWS);
  if (options.threads !== undefined) return Math.min(options.threads, perRows);
  const spare = (options.cores ?? cores()) - KEPT_CORES;
  if (rows < THREAD_FROM || spare < 1) return 0;
  return Math.min(spare, MAX_THREADS, perRows);
}

/** Draws a code here. `keep` false: its bytes are the PNG writer's own, read during `drawn`. */
const drawHere = (text: string, widthEmu: number, drawn: QrDrawn, keep = true): number => {
  const { bytes, width, crc } = qrPicture(text, widthEmu, keep);
  drawn(bytes, crc);
  return width;
};

/**
 * The drawer of a run of about `rows` rows. `keep` false: a code's bytes are read during its
 * `drawn` call (the merged document copies them into its zip), not kept in memory of their own.
 */
export function qrDrawer(rows: number, keep = true): QrDrawer {
  const threads: QrThread[] = [];
  for (let k = qrThreadCount(rows); k > 0; k--) {
    const thread = startThread();
    if (!thread) break;
    threads.push(thread);
  }
  if (threads.length === 0)
    return {
      draw: (text, widthEmu, drawn) => drawHere(text, widthEmu, drawn, keep),
      finish: () => Promise.resolve(),
      close: () => undefined,
    };
  return new PoolDrawer(threads);
}

interface Asked {
  readonly text: string;
  readonly widthEmu: number;
  readonly drawn: QrDrawn;
}

/** A picture thread of the pool and the codes sent to it, in order, not drawn yet. */
interface Member {
  readonly thread: QrThread;
  sent: Asked[];
  failed: boolean;
}

/**
 * Codes drawn by a pool of threads: each batch goes to the thread with the fewest codes waiting,
 * and each thread answers its batches in the order sent, so an answer is matched to its codes by
 * the thread it comes from. The merge never needs the codes in order: a code's bytes go to its
 * media part whenever they come.
 */
class PoolDrawer implements QrDrawer {
  private readonly members: Member[];
  private batch: Asked[] = [];
  private settle: (() => void) | null = null;

  constructor(threads: QrThread[]) {
    this.members = threads.map((thread) => ({ thread, sent: [], failed: false }));
    for (const member of this.members)
      member.thread.listen(
        (answer) => this.answered(member, answer),
        () => this.fail(member),
      );
  }

  draw(text: string, widthEmu: number, drawn: QrDrawn): number {
    if (this.members.every((m) => m.failed)) return drawHere(text, widthEmu, drawn);
    const { size } = qrLayout(text, widthEmu);
    this.batch.push({ text, widthEmu, drawn });
    if (this.batch.length >= BATCH) this.send();
    return size;
  }

  private send(): void {
    if (this.batch.length === 0) return;
    let to: Member | null = null;
    for (const member of this.members)
      if (!member.failed && (to === null || member.sent.length < to.sent.length)) to = member;
    const batch = this.batch;
    this.batch = [];
    if (to === null) {
      for (const { text, widthEmu, drawn } of batch) drawHere(text, widthEmu, drawn);
      return;
    }
    to.sent.push(...batch);
    to.thread.postMessage({
      texts: batch.map((a) => a.text),
      widths: batch.map((a) => a.widthEmu),
    });
  }

  private answered(member: Member, { bytes, ends, crcs }: QrAnswer): void {
    const all = new Uint8Array(bytes);
    const done = member.sent.splice(0, ends.length);
    done.forEach((asked, k) =>
      asked.drawn(all.subarray(k === 0 ? 0 : ends[k - 1], ends[k]), crcs[k]),
    );
    this.settled();
  }

  /** A thread failed (it could not start, or threw): what it had not drawn is drawn here. */
  private fail(member: Member): void {
    member.failed = true;
    member.thread.terminate();
    const rest = member.sent;
    member.sent = [];
    for (const { text, widthEmu, drawn } of rest) drawHere(text, widthEmu, drawn);
    if (this.members.every((m) => m.failed)) {
      const batch = this.batch;
      this.batch = [];
      for (const { text, widthEmu, drawn } of batch) drawHere(text, widthEmu, drawn);
    }
    this.settled();
  }

  private settled(): void {
    if (this.batch.length === 0 && this.members.every((m) => m.sent.length === 0)) this.settle?.();
  }

  finish(): Promise<void> {
    this.send();
    if (this.members.every((m) => m.sent.length === 0)) return Promise.resolve();
    return new Promise((resolve) => (this.settle = resolve));
  }

  close(): void {
    for (const member of this.members) member.thread.terminate();
  }
}
