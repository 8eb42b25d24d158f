// Peak resident memory of each slot's LibreOffice (soffice.bin) during a bench run, sampled from
// /proc/<pid>/status VmRSS of every process below the slot's warm converter. A slot's converter may
// be replaced (recycled, crashed); the peak is over all of them.
import { readdir, readFile } from 'node:fs/promises';

async function table(): Promise<Map<number, { ppid: number; comm: string }>> {
  const found = new Map<number, { ppid: number; comm: string }>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces, so read around its parentheses.
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    found.set(Number(name), { ppid, comm });
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
