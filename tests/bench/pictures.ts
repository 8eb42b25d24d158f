// Pictures per row (issue 34), Node-side through the worker's API: 1,000 and 10,000 invoices with
// a QRIS each (the dynamic payload made, its QR code drawn as PNG, placed as a media part), as one
// merged document and as one file per row, next to the same merge without images measured in the
// same run (the same template whose picture's alt text is no tag, so the picture stays as it is).
// The QR codes are drawn as the product draws them on this machine's cores: in a pool of picture
// threads beside the merge where the rule starts one (qrThreadCount; worker_threads here:
// tests/support/qrThreads.ts), else in the merge's thread; the same merge forced to one and to two
// picture threads, and with every code drawn in the merge's own thread, is measured too. CPU time
// counts every thread.
// Figures, not pass/fail (goal: within 2× of the merge without images, linear from 1,000).
//   node --import tsx tests/bench/pictures.ts   (BENCH_PICTURE_ROWS=1000,10000)
import { availableParallelism, loadavg } from 'node:os';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../src/workers/generatorApi';
import { inlinePicture, pictureTemplate, textParagraph } from '../support/pictureDocx';
import { STATIC_QRIS } from '../support/qris';
import { useNodeQrThreads } from '../support/qrThreads';
import { qrThreadCount } from '../../src/workers/pictures/qrDrawer';

const HEADER = ['Nomor', 'Nama', 'Total'];

/** The bench's template: a QRIS picture (`withPictures`), else the same picture left as it is. */
export function picturesTemplate(withPictures: boolean): ArrayBuffer {
  return template(withPictures ? '{%qris:Total}' : 'Logo');
}

function template(alt: string): ArrayBuffer {
  return pictureTemplate({
    body:
      textParagraph('Tagihan {Nomor}') +
      textParagraph('Kepada {Nama}, jumlah {Total}') +
      `<w:p>${inlinePicture(alt, 1, 3.5)}</w:p>`,
  });
}

export function picturesWorkbook(rows: number): ArrayBuffer {
  const data = Array.from({ length: rows }, (_, i) => [
    `INV/2025/${String(i + 1).padStart(6, '0')}`,
    `Pelanggan ${i + 1}`,
    50_000 + ((i * 7919) % 5_000_000),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...data]), 'Tagihan');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

type Output = { kind: 'merged' } | { kind: 'zip'; nameColumn: string };

/**
 * `threads`: 'rule', as many picture threads as the product starts on this machine's cores
 * (qrThreadCount: none on 2 cores); a number, that many forced; 0, codes in the merge's thread.
 */
async function run(
  rows: number,
  withPictures: boolean,
  output: Output,
  threads: number | 'rule' = 'rule',
) {
  if (threads === 'rule') useNodeQrThreads(true);
  else useNodeQrThreads(threads > 0, threads);
  const api = createGeneratorApi();
  await api.readWorkbook(picturesWorkbook(rows));
  const mapping: Record<string, string> = { Nomor: 'Nomor', Nama: 'Nama', Total: 'Total' };
  if (withPictures) mapping['qris:Total'] = 'Total';
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await api.generate({
    template: picturesTemplate(withPictures),
    data: { file: null, sheet: 'Tagihan' },
    rows: Uint32Array.from({ length: rows }, (_, i) => i),
    mapping,
    formats: {},
    output,
    ...(withPictures ? { qris: { payload: STATIC_QRIS, invoiceColumn: 'Nomor' } } : {}),
  });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (result.warnings.length > 0) throw new Error(result.warnings.join('\n'));
  // CPU time too: on a shared machine the wall clock also counts the other programs' turns.
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes: result.file.size };
}

export async function runPicturesBench(): Promise<string[]> {
  const sizes = (process.env.BENCH_PICTURE_ROWS ?? '1000,10000').split(',').map(Number);
  const lines: string[] = [];
  const outputs: [string, Output][] = [
    ['merged document', { kind: 'merged' }],
    ['one file per row', { kind: 'zip', nameColumn: 'Nomor' }],
  ];
  for (const [name, output] of outputs) {
    let previous: { rows: number; ms: number; cpuMs: number } | null = null;
    for (const rows of sizes) {
      let plain = Number.POSITIVE_INFINITY;
      let pictures = Number.POSITIVE_INFINITY;
      let plainCpu = Number.POSITIVE_INFINITY;
      let picturesCpu = Number.POSITIVE_INFINITY;
      let inThread = Number.POSITIVE_INFINITY;
      let oneThread = Number.POSITIVE_INFINITY;
      let twoThreads = Number.POSITIVE_INFINITY;
      let sizesMb = '';
      // Alternated, best of two: the machine is shared, the floor is measured beside each run.
      for (let round = 0; round < 2; round++) {
        const a = await run(rows, false, output);
        const b = await run(rows, true, output);
        inThread = Math.min(inThread, (await run(rows, true, output, 0)).ms);
        oneThread = Math.min(oneThread, (await run(rows, true, output, 1)).ms);
        twoThreads = Math.min(twoThreads, (await run(rows, true, output, 2)).ms);
        plain = Math.min(plain, a.ms);
        pictures = Math.min(pictures, b.ms);
        plainCpu = Math.min(plainCpu, a.cpuMs);
        picturesCpu = Math.min(picturesCpu, b.cpuMs);
        sizesMb = `${(a.bytes / 1e6).toFixed(1)} MB → ${(b.bytes / 1e6).toFixed(1)} MB`;
      }
      lines.push(
        `${name}, ${rows.toLocaleString('en-US')} rows with a QRIS each: ${pictures.toFixed(0)} ms, without images ${plain.toFixed(0)} ms, ratio ${(pictures / plain).toFixed(2)} (goal ≤ 2); ${(
          (pictures * 1000) /
          rows
        ).toFixed(
          0,
        )} µs a row; CPU time (both threads) ${picturesCpu.toFixed(0)} ms, without images ${plainCpu.toFixed(0)} ms, ratio ${(picturesCpu / plainCpu).toFixed(2)}; every code drawn in the merge's thread ${inThread.toFixed(0)} ms, ratio ${(inThread / plain).toFixed(2)}; forced to one picture thread ${oneThread.toFixed(0)} ms, ratio ${(oneThread / plain).toFixed(2)}, to two ${twoThreads.toFixed(0)} ms, ratio ${(twoThreads / plain).toFixed(2)}; file ${sizesMb}; ${qrThreadCount(rows, { cores: availableParallelism() })} picture threads by the rule on ${availableParallelism()} cores, load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      if (previous)
        lines.push(
          `  ${rows.toLocaleString('en-US')} rows take ${(pictures / previous.ms).toFixed(1)}× the time of ${previous.rows.toLocaleString('en-US')}, ${(picturesCpu / previous.cpuMs).toFixed(1)}× its CPU time (linear: ${(rows / previous.rows).toFixed(1)}×)`,
        );
      previous = { rows, ms: pictures, cpuMs: picturesCpu };
    }
  }
  return lines;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) for (const line of await runPicturesBench()) console.log(line);
