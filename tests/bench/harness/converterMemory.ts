// Peak resident memory of each slot's LibreOffice (soffice.bin) during a bench run, sampled from
// /proc/<pid>/status VmRSS of every process below the slot's warm converter. A slot's converter may
// be replaced (recycled, crashed); the peak is over all of them. Also the CPU time those soffice.bin
// processes have used, a figure the other work on a shared machine moves less than wall time.
import { readdir, readFile } from 'node:fs/promises';

interface Proc {
  ppid: number;
  comm: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

async function table(): Promise<Map<number, Proc>> {
  const found = new Map<number, Proc>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces, so read around its parentheses.
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    found.set(Number(name), {
      ppid: Number(fields[1]),
      comm,
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  return found;
}

async function rssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

/** Starts sampling `roots()` (each slot's converter pid) every `everyMs`; stop() gives the peaks in MiB. */
export function sampleConverterMemory(
  roots: () => (number | undefined)[],
  everyMs = 500,
): { stop(): Promise<number[]> } {
  const peaks: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const processes = await table();
      for (const [slot, root] of roots().entries()) {
        if (root === undefined) continue;
        let total = 0;
        const below = [root];
        for (let i = 0; i < below.length; i++)
          for (const [pid, p] of processes) {
            if (p.ppid !== below[i]) continue;
            below.push(pid);
            if (p.comm === 'soffice.bin') total += await rssKiB(pid);
          }
        peaks[slot] = Math.max(peaks[slot] ?? 0, total / 1024);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peaks;
    },
  };
}

/** The soffice.bin processes below each of `roots` (each slot's converter pid). */
function soffices(processes: Map<number, Proc>, root: number): Proc[] {
  const found: Proc[] = [];
  const below = [root];
  for (let i = 0; i < below.length; i++)
    for (const [pid, p] of processes) {
      if (p.ppid !== below[i]) continue;
      below.push(pid);
      if (p.comm === 'soffice.bin') found.push(p);
    }
  return found;
}

/**
 * CPU seconds used so far by the slots' soffice.bin processes, all slots together (Linux clock
 * ticks of 1/100 s). A converter replaced between two readings loses what it had used.
 */
export async function converterCpuSeconds(roots: (number | undefined)[]): Promise<number> {
  const processes = await table();
  let ticks = 0;
  for (const root of roots)
    if (root !== undefined) for (const p of soffices(processes, root)) ticks += p.ticks;
  return ticks / 100;
}
