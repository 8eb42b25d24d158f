// Other work on the cores, as a user's laptop rarely is quiet: `count` Node processes that loop
// without end, started by the bench beside the page and ended by their own process ids.
import { spawn } from 'node:child_process';

export function startBusyLoad(count: number): () => void {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => {
    for (const child of children) child.kill('SIGKILL');
  };
}

/** The loads a Chromium bench runs at (BENCH_BUSY, default '0,2'): busy processes beside the page. */
export function busyLoads(): number[] {
  return (process.env.BENCH_BUSY ?? '0,2')
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
}

export const loadLabel = (busy: number) => (busy === 0 ? 'quiet' : `${busy} busy processes`);
