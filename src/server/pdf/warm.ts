// A warm converter: one LibreOffice per slot kept running between documents inside the slot's
// walls, driven over UNO by a small Python driver (./uno.ts). The walls' /job is the slot's own
// work directory for the converter's whole life; one document at a time passes through it and it
// is emptied after each. A timeout, a cancel or a crash kills the whole process group; the pool
// then makes the slot's profile anew and starts another (docs/converter-walls.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { PdfConfig } from './config';
import type { RunOutcome, RunResult } from './process';
import { walledCommand, type Sandbox } from './sandbox';
import { UNO_DRIVER } from './uno';

const STDERR_KEPT = 4096;

class WarmConverter {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private waiter: ((line: string | null) => void) | undefined;
  private exited = false;
  private stderr = '';
  /** Documents converted by this process. */
  documents = 0;

  constructor(command: {
    command: string;
    args: string[];
    env: Record<string, string>;
    cwd: string;
  }) {
    this.child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: command.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    this.child.stdin?.on('error', () => {}); // a dead converter is seen by its exit
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.deliver(line));
    this.child.on('error', (error) => {
      this.stderr += String(error);
      this.onExit();
    });
    this.child.on('close', () => this.onExit());
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  private onExit(): void {
    this.exited = true;
    this.deliver(null);
  }

  private deliver(line: string | null): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) waiter(line);
    else if (line !== null) this.lines.push(line);
  }

  private nextLine(): Promise<string | null> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** Kills the converter and every process it started. */
  kill(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /**
   * Converts `input` to `output` (paths as seen inside the walls), waiting first for the
   * converter to be ready. `timeoutMs` covers both; a timeout or an abort kills it.
   */
  async convert(
    input: string,
    output: string,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<RunResult> {
    let stopped: RunOutcome | undefined;
    const stop = (why: RunOutcome) => {
      stopped ??= why;
      this.kill();
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => stop('aborted');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    try {
      if (this.documents === 0 && !stopped) {
        const ready = await this.nextLine();
        if (ready === null) return { outcome: stopped ?? 'crashed', stderr: this.stderr };
      }
      if (stopped) return { outcome: stopped, stderr: this.stderr };
      this.child.stdin?.write(`${JSON.stringify({ input, output })}\n`);
      const answer = await this.nextLine();
      if (answer === null) return { outcome: stopped ?? 'crashed', stderr: this.stderr };
      this.documents++;
      const parsed = JSON.parse(answer) as { ok: boolean; error?: string };
      return { outcome: 'finished', stderr: parsed.ok ? '' : (parsed.error ?? 'not converted') };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** What the pool keeps per slot for its warm converter. */
export interface WarmSlot {
  index: number;
  home: string;
  profile: string;
  warm?: WarmConverter;
  /** The slot's work directory on the host, the walls' /job while its converter lives. */
  work: string;
  pid?: number;
}

/** Takes the document and its PDF out; LibreOffice's own temporary folder there stays while it runs. */
async function clear(dir: string): Promise<void> {
  for (const name of ['document.docx', 'document.pdf'])
    await rm(path.join(dir, name), { force: true });
}

/**
 * One document through the slot's warm converter (started by `start` when there is none): the
 * job's input passes through the slot's work directory and its PDF comes back into the job's.
 */
export async function runWarm(
  slot: WarmSlot,
  start: () => WarmConverter,
  seenWork: string,
  job: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<RunResult> {
  slot.warm ??= start();
  const warm = slot.warm;
  try {
    await rename(path.join(job, 'document.docx'), path.join(slot.work, 'document.docx'));
    slot.pid = warm.pid;
    const run = await warm.convert(
      `${seenWork}/document.docx`,
      `${seenWork}/document.pdf`,
      timeoutMs,
      signal,
    );
    if (run.outcome === 'finished')
      await rename(path.join(slot.work, 'document.pdf'), path.join(job, 'document.pdf')).catch(
        () => undefined,
      );
    else stopWarm(slot);
    return run;
  } finally {
    slot.pid = undefined;
    await clear(slot.work);
  }
}

/** Ends the slot's warm converter (before its profile is made anew, or at close). */
export function stopWarm(slot: WarmSlot): void {
  slot.warm?.kill();
  slot.warm = undefined;
}

/** The slot's converter, started inside its walls with its work directory as /job. */
export function startWarm(sandbox: Sandbox, config: PdfConfig, slot: WarmSlot): WarmConverter {
  const paths = { ...slot, job: slot.work, input: path.join(slot.work, 'document.docx') };
  const command = walledCommand(
    sandbox,
    config,
    slot.index,
    paths,
    (seen) => [
      'python3',
      '-c',
      UNO_DRIVER,
      config.soffice,
      pathToFileURL(seen.profile).href,
      // Its own pipe: with PDF_SANDBOX=off the slots share the host's /tmp, and a shared name
      // had one slot's driver talk to another slot's LibreOffice (or to a leftover one).
      `warm-converter-${slot.index}-${randomBytes(6).toString('hex')}`,
      config.preload ?? '',
    ],
    'documents',
  );
  return new WarmConverter({ ...command, cwd: slot.work });
}
