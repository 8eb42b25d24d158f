// What /readyz and /metrics say about the LibreOffice pool.

export type PdfOutcome = 'ok' | 'failed' | 'timeout' | 'crashed' | 'aborted';

/** Conversion time buckets in seconds: a one-page invoice takes ~2 s, thousands of pages minutes. */
export const PDF_SECONDS_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600];

export interface PdfPoolStats {
  workers: number;
  busy: number;
  queued: number;
  restarts: number;
  /** This node's name and the chunks of long documents it converted (its own jobs' and others'). */
  node: string;
  chunks: number;
  conversions: Record<PdfOutcome, number>;
  seconds: { buckets: number[]; sum: number; count: number };
}

export class PdfStats {
  private busy = 0;
  private queued = 0;
  private restarts = 0;
  private chunks = 0;
  private readonly conversions: Record<PdfOutcome, number> = {
    ok: 0,
    failed: 0,
    timeout: 0,
    crashed: 0,
    aborted: 0,
  };
  private readonly buckets = PDF_SECONDS_BUCKETS.map(() => 0);
  private sum = 0;
  private count = 0;

  setLoad(busy: number, queued: number): void {
    this.busy = busy;
    this.queued = queued;
  }

  restarted(): void {
    this.restarts++;
  }

  chunkConverted(): void {
    this.chunks++;
  }

  record(outcome: PdfOutcome, seconds: number): void {
    this.conversions[outcome]++;
    if (outcome !== 'ok') return;
    PDF_SECONDS_BUCKETS.forEach((le, i) => {
      if (seconds <= le) this.buckets[i]++;
    });
    this.sum += seconds;
    this.count++;
  }

  meanSeconds(): number {
    return this.count ? this.sum / this.count : 0;
  }

  snapshot(workers: number, node: string): PdfPoolStats {
    return {
      workers,
      node,
      chunks: this.chunks,
      busy: this.busy,
      queued: this.queued,
      restarts: this.restarts,
      conversions: { ...this.conversions },
      seconds: { buckets: [...this.buckets], sum: this.sum, count: this.count },
    };
  }
}
