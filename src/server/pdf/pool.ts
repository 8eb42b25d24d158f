// The LibreOffice pool: PDF_WORKERS slots, each with its own profile (kept warm between
// documents, made anew after a crash, a timeout, a cancel or every `restartAfter` documents), a
// bounded line of waiting conversions, and one empty directory per conversion that is removed
// when its answer ends. Each conversion is one sandboxed `soffice --convert-to` in its slot's
// profile (README "PDF conversion" says why not a long-lived UNO process).
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import type { PdfConfig } from './config';
import { runProcess, type RunOutcome } from './process';
import { registryModifications } from './profile';
import { conversionCommand, detectSandbox, sandboxCanWrite, type Sandbox } from './sandbox';
import { PdfStats, type PdfOutcome, type PdfPoolStats } from './stats';

export class PdfConversionError extends Error {
  override readonly name = 'PdfConversionError';
  constructor(
    readonly outcome: Exclude<PdfOutcome, 'ok'>,
    message: string,
  ) {
    super(message);
  }
}

export interface PdfResult {
  /** The PDF, inside the conversion's directory. */
  file: string;
  size: number;
  /** Removes the conversion's directory; call when the answer has ended. */
  dispose(): Promise<void>;
}

/** A place in line, taken before the body is read so a full line costs the server nothing. */
export interface Ticket {
  readonly id: number;
}

interface Slot {
  index: number;
  home: string;
  profile: string;
  documents: number;
  fresh: boolean;
  /** Process group of the conversion running in it. */
  pid?: number;
}

const DIR_PREFIX = 'dashboard-invoice-pdf-';
const OWNER_FILE = 'server.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories of servers that crashed before removing theirs. */
async function sweepStale(tmpDir: string, logger: Logger): Promise<void> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(DIR_PREFIX))) {
    const dir = path.join(tmpDir, name);
    const owner = Number(await readFile(path.join(dir, OWNER_FILE), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) continue;
    if (!Number.isInteger(owner)) {
      // No owner file yet: only a directory older than a minute is surely abandoned.
      const info = await stat(dir).catch(() => null);
      if (!info || Date.now() - info.mtimeMs < 60_000) continue;
    }
    await rm(dir, { recursive: true, force: true });
    logger.info(`PDF conversion: removed ${dir} left by a stopped server`);
  }
}

export class PdfPool {
  readonly stats = new PdfStats();
  private readonly slots: Slot[] = [];
  private readonly waiting: { ticket: Ticket; grant: (slot: Slot) => void }[] = [];
  private readonly tickets = new Set<number>();
  private nextTicket = 1;
  private setup: Promise<{ base: string; sandbox: Sandbox }> | undefined;
  private closed = false;

  constructor(
    readonly config: PdfConfig,
    private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.config.enabled && !this.closed;
  }

  /** A ticket, or null when PDF_WORKERS are busy and PDF_QUEUE conversions already wait. */
  admit(): Ticket | null {
    if (!this.enabled || this.tickets.size >= this.config.workers + this.config.queue) return null;
    const ticket = { id: this.nextTicket++ };
    this.tickets.add(ticket.id);
    this.publish();
    return ticket;
  }

  /** Gives an unused ticket back (the body was refused before conversion). */
  release(ticket: Ticket): void {
    this.tickets.delete(ticket.id);
    this.publish();
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
    return this.stats.snapshot(this.config.workers);
  }

  /** Process groups running now (the fault tests kill one). */
  runningPids(): number[] {
    return this.slots.flatMap((s) => (s.pid === undefined ? [] : [s.pid]));
  }

  async convert(ticket: Ticket, docx: Uint8Array, signal: AbortSignal): Promise<PdfResult> {
    try {
      const { base, sandbox } = await this.ready();
      const slot = await this.slotFor(ticket, signal);
      try {
        return await this.convertIn(slot, base, sandbox, docx, signal);
      } finally {
        this.freeSlot(slot);
      }
    } finally {
      this.release(ticket);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
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
      await mkdir(this.config.tmpDir, { recursive: true });
      await sweepStale(this.config.tmpDir, this.logger);
      const sandbox = await detectSandbox(this.config, this.logger);
      const base = await mkdtemp(path.join(this.config.tmpDir, DIR_PREFIX));
      await writeFile(path.join(base, OWNER_FILE), String(process.pid));
      await this.own(base, 0o700, sandbox);
      await mkdir(path.join(base, 'jobs'));
      await this.own(path.join(base, 'jobs'), 0o700, sandbox);
      if (!(await sandboxCanWrite(sandbox, path.join(base, 'jobs')))) {
        await rm(base, { recursive: true, force: true });
        throw new Error(
          `PDF conversion: user ${sandbox.user?.name} cannot reach ${base}; PDF_TMP_DIR must be a directory every user may pass through (like /tmp)`,
        );
      }
      for (let index = 0; index < this.config.workers; index++) {
        const home = path.join(base, `slot-${index}`);
        await mkdir(home);
        await this.own(home, 0o700, sandbox);
        this.slots.push({
          index,
          home,
          profile: path.join(home, 'profile'),
          documents: 0,
          fresh: true,
        });
      }
      this.logger.info(
        `PDF conversion: ${this.config.workers} LibreOffice slot(s) in ${base}` +
          `${sandbox.user ? `, as ${sandbox.user.name}` : ''}${sandbox.noNetwork ? ', without network' : ''}${sandbox.limits ? ', with CPU/memory limits' : ''}`,
      );
      return { base, sandbox };
    })();
    return this.setup;
  }

  private async own(target: string, mode: number, sandbox: Sandbox): Promise<void> {
    await chmod(target, mode);
    if (sandbox.user) await chown(target, sandbox.user.uid, sandbox.user.gid);
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
      await this.own(job, 0o700, sandbox);
      const input = path.join(job, 'document.docx');
      await writeFile(input, docx, { mode: 0o600 });
      if (sandbox.user) await chown(input, sandbox.user.uid, sandbox.user.gid);
      const command = conversionCommand(sandbox, this.config, {
        home: slot.home,
        profile: slot.profile,
        job,
        input,
      });
      const started = performance.now();
      const run = await runProcess(
        { ...command, cwd: job },
        this.config.timeoutMs,
        signal,
        (pid) => (slot.pid = pid),
      );
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
    this.stats.restarted();
    if (outcome !== 'finished' && outcome !== 'aborted')
      this.logger.warn(
        `PDF conversion: LibreOffice ${outcome === 'timeout' ? 'timed out' : 'crashed'} in slot ${slot.index}; its profile is made anew`,
      );
  }

  private async freshProfile(slot: Slot, sandbox: Sandbox): Promise<void> {
    await rm(slot.profile, { recursive: true, force: true });
    const user = path.join(slot.profile, 'user');
    await mkdir(user, { recursive: true });
    await writeFile(path.join(user, 'registrymodifications.xcu'), registryModifications());
    for (const dir of [slot.profile, user]) await this.own(dir, 0o700, sandbox);
    await this.own(path.join(user, 'registrymodifications.xcu'), 0o600, sandbox);
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
