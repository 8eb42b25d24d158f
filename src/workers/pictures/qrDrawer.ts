// QR codes drawn for a run (docs/pictures.md, "Speed"): in a thread beside the merge when the run
// is large and a thread can be started, else here, in turn. The merge places a code at once (its
// size is known before it is drawn, qrLayout) and needs its bytes only when it writes the media
// part; the thread draws the codes in batches, in the order asked, and sends them back.
import { crc32 } from '../../domain/zip/crc32';
import { qrLayout, qrPicture } from './qrImage';
import { QR_THREAD_NAME, type QrAnswer, type QrBatch } from './qrThread';

/** A drawn code's PNG and its CRC-32. */
export type QrDrawn = (bytes: Uint8Array, crc: number) => void;

export interface QrDrawer {
  /**
   * Draws the code of `text`, `widthEmu` wide; answers its width in pixels at once and hands its
   * PNG to `drawn` when drawn (here: before answering). Throws when the text does not fit.
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

/** Sets how picture threads are started (Node: worker_threads, in the bench and tests), or none. */
export function useQrThreads(starter: QrThreadStarter | null): void {
  startThread = starter ?? (() => null);
}

const drawHere = (text: string, widthEmu: number, drawn: QrDrawn): number => {
  const { bytes, width } = qrPicture(text, widthEmu);
  drawn(bytes, crc32(bytes));
  return width;
};

/** The drawer of a run of about `rows` rows. */
export function qrDrawer(rows: number): QrDrawer {
  const thread = rows >= THREAD_FROM ? startThread() : null;
  if (!thread) return { draw: drawHere, finish: () => Promise.resolve(), close: () => undefined };
  return new ThreadDrawer(thread);
}

interface Asked {
  readonly text: string;
  readonly widthEmu: number;
  readonly drawn: QrDrawn;
}

class ThreadDrawer implements QrDrawer {
  /** Codes sent, in order, not drawn yet. */
  private sent: Asked[] = [];
  private batch: Asked[] = [];
  private failed = false;
  private settle: (() => void) | null = null;

  constructor(private readonly thread: QrThread) {
    thread.listen(
      (answer) => this.answered(answer),
      () => this.fail(),
    );
  }

  draw(text: string, widthEmu: number, drawn: QrDrawn): number {
    if (this.failed) return drawHere(text, widthEmu, drawn);
    const { size } = qrLayout(text, widthEmu);
    this.batch.push({ text, widthEmu, drawn });
    if (this.batch.length >= BATCH) this.send();
    return size;
  }

  private send(): void {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.sent.push(...batch);
    this.thread.postMessage({
      texts: batch.map((a) => a.text),
      widths: batch.map((a) => a.widthEmu),
    });
  }

  private answered({ bytes, ends, crcs }: QrAnswer): void {
    const all = new Uint8Array(bytes);
    const done = this.sent.splice(0, ends.length);
    done.forEach((asked, k) =>
      asked.drawn(all.subarray(k === 0 ? 0 : ends[k - 1], ends[k]), crcs[k]),
    );
    if (this.sent.length === 0) this.settle?.();
  }

  /** The thread failed (it could not start, or threw): what it had not drawn is drawn here. */
  private fail(): void {
    this.failed = true;
    this.thread.terminate();
    const rest = [...this.sent, ...this.batch];
    this.sent = [];
    this.batch = [];
    for (const { text, widthEmu, drawn } of rest) drawHere(text, widthEmu, drawn);
    this.settle?.();
  }

  finish(): Promise<void> {
    this.send();
    if (this.sent.length === 0) return Promise.resolve();
    return new Promise((resolve) => (this.settle = resolve));
  }

  close(): void {
    this.thread.terminate();
  }
}
