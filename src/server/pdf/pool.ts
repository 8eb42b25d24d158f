// The LibreOffice pool: PDF_WORKERS slots, each with its own profile (kept warm between
// documents, made anew after a crash, a timeout, a cancel or every `restartAfter` documents), a
// bounded line of waiting conversions, and one empty directory per conversion that is removed
// when its answer ends. Each conversion is one sandboxed `soffice --convert-to` in its slot's
// profile (README "PDF conversion" says why not a long-lived UNO process).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger';
import type { PdfConfig } from './config';
import { own, setUpSlots } from './dirs';
import { runProcess, type RunOutcome } from './process';
import { makeProfile } from './profile';
import { conversionCommand, SandboxUnavailableError, slotUser, type Sandbox } from './sandbox';
import { PdfConversionError, type PdfResult } from './result';
import { PdfStats, type PdfOutcome, type PdfPoolStats } from './stats';
import { Tickets, type Ticket } from './tickets';
import { runWarm, startWarm, stopWarm, type WarmSlot } from './warm';

interface Slot extends WarmSlot {
  index: number;
  home: string;
  profile: string;
  documents: number;
  fresh: boolean;
  /** Process group of the conversion running in it. */
  pid?: number;
}

export class PdfPool {
  /** This node's name among those sharing one database's PDF chunks (docs/pdf-chunks.md). */
  readonly node = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly stats = new PdfStats();
  private readonly slots: Slot[] = [];
  private readonly waiting: { ticket: Ticket; grant: (slot: Slot) => void }[] = [];
  private readonly tickets: Tickets;
  private setup: Promise<{ base: string; sandbox: Sandbox }> | undefined;
  private closed = false;
  /** Why conversion is off although configured: the walls could not be raised. */
  private wallsDown: string | undefined;

  constructor(
    readonly config: PdfConfig,
    private readonly logger: Logger,
  ) {
    this.tickets = new Tickets(
      () => config.workers + config.queue,
      config.userConcurrency,
      () => this.retryAfterSeconds(),
      () => this.publish(),
    );
  }

  get enabled(): boolean {
    return this.config.enabled && !this.closed && this.wallsDown === undefined;
  }

  /** Why conversion is off, when it is (for /readyz). */
  get unavailableReason(): string | undefined {
    return this.wallsDown ?? (this.config.enabled ? undefined : this.config.disabledReason);
  }

  /**
   * Runs `work` holding one of `user`'s places in the pool (PdfBusyError when the line is full or
   * the user holds PDF_USER_CONCURRENCY already); the place is given back however `work` ends.
   */
  withTicket<T>(user: string, work: (ticket: Ticket) => Promise<T>): Promise<T> {
    return this.tickets.withTicket(user, work);
  }

  /**
   * Raises the walls and makes the slots' directories (conversion stays off if the walls fail);
   * with warm converters, starts one in every idle slot so the first document finds it running.
   */
  async prepare(): Promise<void> {
    const setup = await this.ready().catch(() => undefined);
    if (!setup?.sandbox.warm) return;
    for (const slot of this.slots.filter((s) => !this.claimed.has(s) && !s.warm)) {
      if (slot.fresh) await this.freshProfile(slot, setup.sandbox);
      slot.warm ??= startWarm(setup.sandbox, this.config, slot);
    }
  }

  /** Seconds a refused client should wait: the line's length × the mean conversion time. */
  retryAfterSeconds(): number {
    const mean = this.stats.meanSeconds() || 5;
    return Math.min(
      300,
      Math.max(1, Math.ceil((mean * (this.waiting.length + 1)) / this.config.workers)),
    );
  }

  snapshot(): PdfPoolStats {
    return this.stats.snapshot(this.config.workers, this.node);
  }

  /** Process groups running now (the fault tests kill one). */
  runningPids(): number[] {
    return this.slots.flatMap((s) => (s.pid === undefined ? [] : [s.pid]));
  }

  /** A slot is free and no one waits: this node may take another node's chunk. */
  get idle(): boolean {
    return this.claimed.size < this.config.workers && this.waiting.length === 0;
  }

  /** An empty conversion directory of the pool's, for a PDF made elsewhere (another node's chunk). */
  async jobDirectory(): Promise<{ dir: string; dispose(): Promise<void> }> {
    const { base } = await this.ready();
    const dir = await mkdtemp(path.join(base, 'jobs', 'job-'));
    return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  /** Each slot's warm converter process, running or not (the bench samples their memory). */
  converterPids(): (number | undefined)[] {
    return this.slots.map((s) => s.warm?.pid);
  }

  /** Converts in the first free slot; the ticket stays held (see withTicket). */
  async convert(ticket: Ticket, docx: Uint8Array, signal: AbortSignal): Promise<PdfResult> {
    const { base, sandbox } = await this.ready();
    const slot = await this.slotFor(ticket, signal);
    try {
      return await this.convertIn(slot, base, sandbox, docx, signal);
    } finally {
      this.freeSlot(slot);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.slots) stopWarm(slot);
    for (const pid of this.runningPids()) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    const setup = await this.setup?.catch(() => undefined);
    if (setup) await rm(setup.base, { recursive: true, force: true });
  }

  private ready() {
    this.setup ??= (async () => {
      try {
        const { base, sandbox, homes } = await setUpSlots(this.config, this.logger);
        homes.forEach((home, index) =>
          this.slots.push({
            index,
            home,
            profile: path.join(home, 'profile'),
            documents: 0,
            fresh: true,
            work: path.join(base, `work-${index}`),
          }),
        );
        return { base, sandbox };
      } catch (error) {
        if (error instanceof SandboxUnavailableError) {
          this.wallsDown = error.message;
          this.logger.error(`PDF conversion off: ${error.message}`);
        }
        throw error;
      }
    })();
    return this.setup;
  }

  private slotFor(ticket: Ticket, signal: AbortSignal): Promise<Slot> {
    const free = this.slots.find((s) => !this.claimed.has(s));
    if (free && this.waiting.length === 0) return Promise.resolve(this.claim(free));
    return new Promise((resolve, reject) => {
      const entry = {
        ticket,
        grant: (slot: Slot) => {
          signal.removeEventListener('abort', onAbort);
          resolve(this.claim(slot));
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        this.publish();
        reject(new PdfConversionError('aborted', 'The conversion was cancelled'));
      };
      if (signal.aborted)
        return reject(new PdfConversionError('aborted', 'The conversion was cancelled'));
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      this.publish();
    });
  }

  private readonly claimed = new Set<Slot>();
  private claim(slot: Slot): Slot {
    this.claimed.add(slot);
    this.publish();
    return slot;
  }

  private freeSlot(slot: Slot): void {
    this.claimed.delete(slot);
    const next = this.waiting.shift();
    if (next) next.grant(slot);
    this.publish();
  }

  private publish(): void {
    this.stats.setLoad(this.claimed.size, this.waiting.length);
  }

  private async convertIn(
    slot: Slot,
    base: string,
    sandbox: Sandbox,
    docx: Uint8Array,
    signal: AbortSignal,
  ): Promise<PdfResult> {
    if (slot.fresh) await this.freshProfile(slot, sandbox);
    const job = await mkdtemp(path.join(base, 'jobs', 'job-'));
    const dispose = () => rm(job, { recursive: true, force: true });
    try {
      const user = slotUser(sandbox, this.config, slot.index);
      await own(job, 0o700, user);
      const input = path.join(job, 'document.docx');
      await writeFile(input, docx, { mode: 0o600 });
      await own(input, 0o600, user);
      const command = conversionCommand(sandbox, this.config, slot.index, {
        home: slot.home,
        profile: slot.profile,
        job,
        input,
      });
      const started = performance.now();
      const run = sandbox.warm
        ? await runWarm(
            slot,
            () => startWarm(sandbox, this.config, slot),
            sandbox.bwrap ? '/job' : slot.work,
            job,
            this.config.timeoutMs,
            signal,
          )
        : await runProcess({ ...command, cwd: job }, this.config.timeoutMs, signal, (pid) => {
            slot.pid = pid;
          });
      slot.pid = undefined;
      slot.documents++;
      const file = path.join(job, 'document.pdf');
      const size =
        run.outcome === 'finished'
          ? await stat(file).then(
              (s) => s.size,
              () => -1,
            )
          : -1;
      const outcome: PdfOutcome =
        size > 0 ? 'ok' : run.outcome === 'finished' ? 'failed' : run.outcome;
      this.stats.record(outcome, (performance.now() - started) / 1000);
      this.afterRun(slot, run.outcome);
      if (outcome !== 'ok') throw this.failure(outcome, run.stderr);
      return { file, size, dispose };
    } catch (error) {
      await dispose();
      throw error;
    }
  }

  /** A profile that was killed mid-write may be broken; one that served many documents has leaked. */
  private afterRun(slot: Slot, outcome: RunOutcome): void {
    if (outcome === 'finished' && slot.documents < this.config.restartAfter) return;
    slot.fresh = true;
    stopWarm(slot);
    this.stats.restarted();
    if (outcome !== 'finished' && outcome !== 'aborted')
      this.logger.warn(
        `PDF conversion: LibreOffice ${outcome === 'timeout' ? 'timed out' : 'crashed'} in slot ${slot.index}; its profile is made anew`,
      );
  }

  private async freshProfile(slot: Slot, sandbox: Sandbox): Promise<void> {
    const owner = slotUser(sandbox, this.config, slot.index);
    await makeProfile(slot.profile, owner);
    // No converter runs now: whatever the last one left in its work directory goes.
    await rm(slot.work, { recursive: true, force: true });
    await mkdir(slot.work);
    await own(slot.work, 0o700, owner);
    slot.documents = 0;
    slot.fresh = false;
  }

  private failure(outcome: Exclude<PdfOutcome, 'ok'>, stderr: string): PdfConversionError {
    if (outcome === 'failed' || outcome === 'crashed')
      this.logger.warn(
        `PDF conversion ${outcome}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
      );
    return new PdfConversionError(outcome, outcome);
  }
}
