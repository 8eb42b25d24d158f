// Node-side figures of the generator worker's modules next to their floors, measured in the same
// run (the Chromium bench measures the same in the browser). Figures, not pass/fail.
//   merge:  mergeDocuments of N rows of the one-page, 16-placeholder invoice with a table, in each
//           template shape of harness/shapes.ts (plain, letterhead with logo, first page, own
//           section breaks, saved by LibreOffice, document2.xml), vs one docxtemplater render of the
//           plain body's rows in a single {#rows} loop (goal ≤ 1.5×; linear: 10k ≤ 11× 1k).
//   read:   readWorkbook of a 50,000 × 20 workbook, vs SheetJS's own XLSX.read + sheet_to_json (goal ≤ 1.2×).
// Run: node --import tsx tests/bench/merge.ts   (BENCH_ROWS=1000,10000  BENCH_SHAPES=plain,letterhead
//      BENCH_READ_ROWS=50000, 0 skips the read)
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { mergeDocuments } from '../../src/workers/merge/mergeDocuments';
import { READ_OPTIONS } from '../../src/workers/read/readWorkbook';
import { describeWorkbook } from '../support/readWorkbook';
import {
  BENCH_FIELDS,
  benchLoopTemplate,
  benchRow,
  benchTemplate,
  wideWorkbook,
} from './harness/documents';
import { benchShapes } from './harness/shapes';

const toBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;

function time<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const value = fn();
  return [value, performance.now() - t0];
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

function floorMerge(template: Uint8Array, rows: Record<string, string>[]): number {
  const doc = new Docxtemplater(new PizZip(template), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: () => '',
  });
  doc.render({ rows });
  return doc.getZip().generate({ type: 'arraybuffer', compression: 'DEFLATE' }).byteLength;
}

export interface MergeFigures {
  rows: number;
  mergeMs: number;
  floorMs: number;
  ratio: number;
  maxProgressGapMs: number;
  /** From the last progress event (all sections rendered) to the finished file: the zip step. */
  zipMs: number;
  heapPeakMb: number;
}

export async function benchMerge(
  count: number,
  template: Uint8Array = benchTemplate(),
): Promise<MergeFigures> {
  const rows = Array.from({ length: count }, (_, i) => benchRow(i));
  const mapping = Object.fromEntries(BENCH_FIELDS.map((f) => [f, f]));
  const loop = benchLoopTemplate();
  const runs = count <= 10_000 ? 3 : 1;
  let mergeMs = Number.POSITIVE_INFINITY;
  let floorMs = Number.POSITIVE_INFINITY;
  let maxProgressGapMs = 0;
  let zipMs = 0;
  let heapPeak = 0;
  for (let run = 0; run < runs; run++) {
    floorMs = Math.min(floorMs, time(() => floorMerge(loop, rows))[1]);
    let last = performance.now();
    const [, ms] = await timeAsync(() =>
      mergeDocuments({
        template: toBuffer(template),
        rows,
        mapping,
        onProgress: () => {
          const now = performance.now();
          maxProgressGapMs = Math.max(maxProgressGapMs, now - last);
          last = now;
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        },
      }),
    );
    mergeMs = Math.min(mergeMs, ms);
    zipMs = performance.now() - last;
  }
  return {
    rows: count,
    mergeMs,
    floorMs,
    ratio: mergeMs / floorMs,
    maxProgressGapMs,
    zipMs,
    heapPeakMb: heapPeak / 2 ** 20,
  };
}

export async function benchRead(
  count: number,
): Promise<{ rows: number; fileMb: number; readMs: number; sheetJsMs: number; ratio: number }> {
  const file = wideWorkbook(count);
  let readMs = Number.POSITIVE_INFINITY;
  let sheetJsMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    sheetJsMs = Math.min(
      sheetJsMs,
      time(() => {
        const book = XLSX.read(file, { type: 'array', dense: true });
        return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { defval: '' });
      })[1],
    );
    // The module's own parse and rules, without the 10 MB upload check (this file is larger).
    readMs = Math.min(readMs, time(() => describeWorkbook(XLSX.read(file, READ_OPTIONS)))[1]);
  }
  return {
    rows: count,
    fileMb: file.byteLength / 2 ** 20,
    readMs,
    sheetJsMs,
    ratio: readMs / sheetJsMs,
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const sizes = (process.env.BENCH_ROWS ?? '1000,10000').split(',').map(Number);
  const only = process.env.BENCH_SHAPES?.split(',');
  const shapes = benchShapes().filter((s) => !only || only.includes(s.key));
  for (const shape of shapes) {
    const figures: MergeFigures[] = [];
    for (const n of sizes) {
      const f = await benchMerge(n, shape.template);
      figures.push(f);
      console.log(
        `merge ${shape.label}, ${n} rows: ${f.mergeMs.toFixed(0)} ms, floor ${f.floorMs.toFixed(0)} ms, ratio ${f.ratio.toFixed(2)} (goal ≤ 1.5), ` +
          `longest gap between progress events ${f.maxProgressGapMs.toFixed(0)} ms, zip step after the last one ${f.zipMs.toFixed(0)} ms, heap peak ${f.heapPeakMb.toFixed(0)} MB`,
      );
    }
    for (let i = 1; i < figures.length; i++) {
      const [a, b] = [figures[i - 1], figures[i]];
      console.log(
        `  ${shape.label}: ${b.rows} rows take ${(b.mergeMs / a.mergeMs).toFixed(1)}× the time of ${a.rows} (linear: ${(b.rows / a.rows).toFixed(1)}×)`,
      );
    }
  }
  const readRows = Number(process.env.BENCH_READ_ROWS ?? 50_000);
  if (readRows > 0) {
    const r = await benchRead(readRows);
    console.log(
      `read ${r.rows} × 20 (${r.fileMb.toFixed(1)} MB file): ${r.readMs.toFixed(0)} ms, SheetJS read + sheet_to_json ${r.sheetJsMs.toFixed(0)} ms, ratio ${r.ratio.toFixed(2)} (goal ≤ 1.2)`,
    );
  }
}
