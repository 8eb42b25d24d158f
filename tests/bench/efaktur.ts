// e-Faktur XML (issue 33), Node-side: 10,000 rows → 10 files through the worker's job
// (efakturOf: every row checked, faktur built, 10 files written, hashed and zipped), next to its
// floor measured in the same run (in turns, median of 7 each): merely serialising the same faktur objects to XML with the same
// writer (taxInvoiceBulk per 1,000, encoded to UTF-8). Figures, not pass/fail (goal ≤ 2×).
//   node --import tsx tests/bench/efaktur.ts   (BENCH_EFAKTUR_ROWS=10000)
import { performance } from 'node:perf_hooks';
import { autoMapCoretax } from '../../src/domain/efaktur/fields';
import { buildFaktur } from '../../src/domain/efaktur/rows';
import { efakturFiles } from '../../src/domain/efaktur/xml';
import { efakturOf } from '../../src/workers/merge/efaktur';

const seller = { npwp: '0123456789012345', nitku: '0123456789012345000000' };
const HEADERS = ['Nomor Tagihan', 'Nama Pelanggan', 'NPWP', 'Alamat', 'Email', 'Jumlah'];
const mapping = autoMapCoretax(HEADERS);

function rows(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    values: {
      'Nomor Tagihan': `INV/2026/11/${String(i).padStart(6, '0')}`,
      'Nama Pelanggan': `PT Pelanggan ${i} & Rekan`,
      NPWP: String(100_000_000_000 + i * 7919).padStart(16, '0'),
      Alamat: `Jl. Contoh ${i}, Jakarta`,
      Email: `pelanggan${i}@example.com`,
      Jumlah: 50_000 + ((i * 37) % 900_000),
    },
  }));
}

/** Median times of `a` and `b`, run in turns so both meet the same load on the machine. */
async function medians(
  runs: number,
  a: () => Promise<unknown> | unknown,
  b: () => Promise<unknown> | unknown,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++)
    for (const [k, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn();
      times[k].push(performance.now() - start);
    }
  const median = (t: number[]) => t.sort((x, y) => x - y)[Math.floor(runs / 2)];
  return [median(times[0]), median(times[1])];
}

export async function runEfakturBench(): Promise<string[]> {
  const n = Number(process.env.BENCH_EFAKTUR_ROWS) || 10_000;
  const input = rows(n);
  const options = { mapping, date: '2026-11-30' };
  const request = { seller, period: '2026-11', options };
  const { invoices } = buildFaktur(input, options);
  const encoder = new TextEncoder();
  await efakturOf(input, request); // warm-up
  const [job, floor] = await medians(
    7,
    () => efakturOf(input, request),
    () => efakturFiles(seller, invoices, '2026-11').map((f) => encoder.encode(f.text)),
  );
  const answer = await efakturOf(input, request);
  const files = answer.ok ? answer.files.length : 0;
  return [
    `${n.toLocaleString('en')} rows → ${files} files: worker job ${job.toFixed(0)} ms (checks, XML, SHA-256, zip)`,
    `floor, the same faktur serialised to XML and encoded: ${floor.toFixed(0)} ms → ${(job / floor).toFixed(2)}× (goal ≤ 2×)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of await runEfakturBench()) console.log(line);
