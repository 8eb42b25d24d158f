// QR codes drawn for a run (docs/pictures.md, "Speed"): in a pool of threads beside the merge
// (one per core) when the run is large and threads can be started, else here, in turn. The merge places a code at once (its
// size is known before it is drawn, qrLayout) and needs its bytes only when it writes the media
// part; each thread draws the codes it is sent in batches, in order, and sends them back.
import { qrLayout, qrPicture } from './qrImage';
import { QR_THREAD_NAME, type QrAnswer, type QrBatch } from './qrThread';

/** A drawn code's PNG and its CRC-32. */
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

/** Runs of fewer codes are drawn here: starting a thread costs more than it saves. */
const THREAD_FROM = 200;
/** A further thread for every so many rows, up to the cores (each thread's start costs). */
const THREAD_ROWS = 500;
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
let threadsAtMost: number | null = null;

/**
 * Sets how picture threads are started (Node: worker_threads, in the bench and tests), or none,
 * and at most how many a run starts (by default the cores the browser reports).
 */
export function useQrThreads(starter: QrThreadStarter | null, atMost?: number): void {
  startThread = starter ?? (() => null);
  threadsAtMost = atMost ?? null;
}

/** The cores the platform reports (a worker's navigator.hardwareConcurrency), 1 when unknown. */
function cores(): number {
  const reported = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator
    ?.hardwareConcurrency;
  return typeof reported === 'number' && reported >= 1 ? Math.floor(reported) : 1;
}

/**
 * How many picture threads a run of `rows` rows starts: one per core (the merge needs a fraction
 * of one: a code costs several rows' merging), at most one per THREAD_ROWS rows and MAX_THREADS.
 */
export function qrThreadCount(rows: number, available = threadsAtMost ?? cores()): number {
  if (rows < THREAD_FROM) return 0;
  return Math.max(1, Math.min(available, MAX_THREADS, Math.ceil(rows / THREAD_ROWS)));
}

const drawHere = (text: string, widthEmu: number, drawn: QrDrawn): number => {
  const { bytes, width, crc } = qrPicture(text, widthEmu);
  drawn(bytes, crc);
  return width;
};

/** The drawer of a run of about `rows` rows. */
export function qrDrawer(rows: number): QrDrawer {
  const threads: QrThread[] = [];
  for (let k = qrThreadCount(rows); k > 0; k--) {
    const thread = startThread();
    if (!thread) break;
    threads.push(thread);
  }
  if (threads.length === 0)
    return { draw: drawHere, finish: () => Promise.resolve(), close: () => undefined };
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
