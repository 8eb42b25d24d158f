// One LibreOffice run: started in its own process group, so a timeout, a cancelled request or
// the end of the run can kill it and every helper it forked (oosplash, soffice.bin) at once.
import { spawn } from 'node:child_process';

export type RunOutcome = 'finished' | 'timeout' | 'crashed' | 'aborted';

export interface RunResult {
  outcome: RunOutcome;
  /** The end of LibreOffice's error output, for the log. */
  stderr: string;
}

const STDERR_KEPT = 4096;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export function runProcess(
  command: { command: string; args: string[]; env: Record<string, string>; cwd: string },
  timeoutMs: number,
  signal: AbortSignal,
  onStart?: (pid: number) => void,
): Promise<RunResult> {
  return new Promise((resolve) => {
    let stopped: RunOutcome | undefined;
    let stderr = '';
    const child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: command.env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (child.pid !== undefined) onStart?.(child.pid);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const stop = (why: RunOutcome) => {
      stopped ??= why;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => stop('aborted');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: RunOutcome) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      // Whatever LibreOffice left running in its group goes with it.
      killGroup(child.pid);
      resolve({ outcome, stderr });
    };
    child.on('error', (error) => {
      stderr += String(error);
      finish(stopped ?? 'crashed');
    });
    child.on('close', (code, killedBy) => {
      if (stopped) finish(stopped);
      else finish(code === 0 && !killedBy ? 'finished' : 'crashed');
    });
  });
}
