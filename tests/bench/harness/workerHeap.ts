// The generator worker's memory, sampled every 50 ms through a CDP session attached to the worker
// target (Runtime.getHeapUsage): the JS heap, and the ArrayBuffer backing stores beside it (the
// documents being written), which the JS heap does not count.
import type { CDPSession, Page } from '@playwright/test';

/** What Runtime.getHeapUsage answers (backingStorageSize: Chromium 124 and later). */
interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

/** Samples the JS heap of the generator worker through a CDP session attached to it. */
export class WorkerHeapSampler {
  private sessionId: string | null = null;
  private nextId = 1;
  private readonly replies = new Map<number, (result: HeapUsage | null) => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  peakUsed = 0;
  peakTotal = 0;
  /** The JS heap in use plus ArrayBuffer backing stores, at its highest. */
  peakMemory = 0;
  samples = 0;

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<WorkerHeapSampler> {
    const cdp = await page.context().newCDPSession(page);
    const sampler = new WorkerHeapSampler(cdp);
    cdp.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker' && event.targetInfo.url.includes('generator.worker')) {
        sampler.sessionId = event.sessionId;
      }
    });
    cdp.on('Target.detachedFromTarget', (event) => {
      if (event.sessionId === sampler.sessionId) sampler.sessionId = null;
    });
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as {
        id?: number;
        result?: HeapUsage;
      };
      if (message.id !== undefined) {
        sampler.replies.get(message.id)?.(message.result ?? null);
        sampler.replies.delete(message.id);
      }
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    return sampler;
  }

  get attached(): boolean {
    return this.sessionId !== null;
  }

  private async heap(): Promise<HeapUsage | null> {
    if (!this.sessionId) return null;
    const id = this.nextId++;
    const reply = new Promise<HeapUsage | null>((resolve) => this.replies.set(id, resolve));
    await this.cdp.send('Target.sendMessageToTarget', {
      sessionId: this.sessionId,
      message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
    });
    return reply;
  }

  async baseline(): Promise<number> {
    if (!this.sessionId) return 0;
    const id = this.nextId++;
    const done = new Promise((resolve) => this.replies.set(id, resolve));
    await this.cdp.send('Target.sendMessageToTarget', {
      sessionId: this.sessionId,
      message: JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }),
    });
    await done;
    return (await this.heap())?.usedSize ?? 0;
  }

  start(): void {
    this.peakUsed = 0;
    this.peakTotal = 0;
    this.peakMemory = 0;
    this.samples = 0;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.heap()
        .then((usage) => {
          if (!usage) return;
          this.samples++;
          this.peakUsed = Math.max(this.peakUsed, usage.usedSize);
          this.peakTotal = Math.max(this.peakTotal, usage.totalSize);
          this.peakMemory = Math.max(
            this.peakMemory,
            usage.usedSize + (usage.backingStorageSize ?? 0),
          );
        })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, 50);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
