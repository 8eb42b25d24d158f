// Group rows by (issue 21 §3), Node-side: a sheet of call lines merged into one invoice per
// customer through the worker's API (read, format, group, render, zip), next to its floor measured
// in the same run: docxtemplater rendering the same nested data once ({#customers} around the
// same invoice body with its {#lines} table), zipped. Figures, not pass/fail (goal ≤ 1.5×, linear).
//   node --import tsx tests/bench/merge-grouped.ts   (BENCH_GROUPED=10000:2000,50000:10000)
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../src/workers/generatorApi';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';

const cell = (text: string) => `<w:tc>${paragraph(text)}</w:tc>`;
const HEADER = ['Pelanggan', 'Nama', 'Alamat', 'Tanggal', 'Tujuan', 'Durasi', 'Biaya'];

/** The invoice body: customer fields, a table row per call line, the sum and the count. */
function invoiceBody(): string {
  return (
    paragraph('Tagihan {Pelanggan}') +
    paragraph('Kepada {Nama}, {Alamat}') +
    `<w:tbl><w:tr>${cell('Tanggal')}${cell('Tujuan')}${cell('Durasi')}${cell('Biaya')}</w:tr>` +
    `<w:tr>${cell('{#lines}{Tanggal}')}${cell('{Tujuan}')}${cell('{Durasi}')}${cell('{Biaya}{/lines}')}</w:tr></w:tbl>` +
    paragraph('Total {sum:Biaya} untuk {count} panggilan')
  );
}

function lineRows(lines: number, customers: number): (string | number)[][] {
  return Array.from({ length: lines }, (_, i) => {
    const c = (i * 7) % customers;
    return [
      `P-${c}`,
      `Pelanggan ${c}`,
      `Jl. Contoh ${c}`,
      `2025-10-${String((i % 28) + 1).padStart(2, '0')}`,
      `Kota ${i % 97}`,
      (i % 600) + 1,
      ((i * 37) % 9000) + 500,
    ];
  });
}

function workbookOf(rows: (string | number)[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Lines');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

/** docxtemplater alone on the same nested data, one render, zipped: the floor. */
function floor(rows: (string | number)[][]): number {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    let customer = byKey.get(String(r[0]));
    if (!customer) {
      customer = { Pelanggan: r[0], Nama: r[1], Alamat: r[2], lines: [], 'sum:Biaya': 0, count: 0 };
      byKey.set(String(r[0]), customer);
    }
    (customer.lines as unknown[]).push({
      Tanggal: r[3],
      Tujuan: r[4],
      Durasi: String(r[5]),
      Biaya: String(r[6]),
    });
    customer['sum:Biaya'] = (customer['sum:Biaya'] as number) + Number(r[6]);
    customer.count = (customer.count as number) + 1;
  }
  const template = buildDocx({
    body: `${paragraph('{#customers}')}${invoiceBody()}${paragraph('{/customers}')}`,
  });
  const t0 = performance.now();
  const doc = new Docxtemplater(new PizZip(template), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: () => '',
    parser: (tag: string) => ({
      get: (scope: Record<string, unknown>) => (tag === '.' ? scope : scope?.[tag]),
    }),
  });
  doc.render({ customers: [...byKey.values()] });
  doc.getZip().generate({ type: 'arraybuffer', compression: 'DEFLATE' });
  return performance.now() - t0;
}

async function grouped(rows: (string | number)[][]): Promise<{ ms: number; documents: number }> {
  const api = createGeneratorApi();
  await api.readWorkbook(workbookOf(rows));
  const template = buildDocx({ body: invoiceBody() });
  const fields = [
    'Pelanggan',
    'Nama',
    'Alamat',
    'lines',
    'Tanggal',
    'Tujuan',
    'Durasi',
    'Biaya',
    'sum:Biaya',
    'count',
  ];
  const mapping = Object.fromEntries(fields.map((f) => [f, HEADER.includes(f) ? f : '']));
  const t0 = performance.now();
  const result = await api.generate({
    template,
    data: { file: null, sheet: 'Lines' },
    rows: Uint32Array.from(rows.keys()),
    mapping,
    formats: { 'sum:Biaya': 'rupiah' },
    output: { kind: 'merged' },
    groupBy: 'Pelanggan',
  });
  return { ms: performance.now() - t0, documents: result.count };
}

export async function runGroupedBench(): Promise<string[]> {
  const sizes = (process.env.BENCH_GROUPED ?? '10000:2000,50000:10000')
    .split(',')
    .map((s) => s.split(':').map(Number) as [number, number]);
  const lines: string[] = [];
  let previous: { lines: number; ms: number } | null = null;
  for (const [lineCount, customers] of sizes) {
    const rows = lineRows(lineCount, customers);
    let ms = Number.POSITIVE_INFINITY;
    let floorMs = Number.POSITIVE_INFINITY;
    let documents = 0;
    for (let run = 0; run < 2; run++) {
      floorMs = Math.min(floorMs, floor(rows));
      const g = await grouped(rows);
      ms = Math.min(ms, g.ms);
      documents = g.documents;
    }
    lines.push(
      `grouped ${lineCount} lines → ${documents} documents: ${ms.toFixed(0)} ms, floor (docxtemplater, same nested data) ${floorMs.toFixed(0)} ms, ratio ${(ms / floorMs).toFixed(2)} (goal ≤ 1.5)`,
    );
    if (previous)
      lines.push(
        `  ${lineCount} lines take ${(ms / previous.ms).toFixed(1)}× the time of ${previous.lines} (linear: ${(lineCount / previous.lines).toFixed(1)}×)`,
      );
    previous = { lines: lineCount, ms };
  }
  return lines;
}

/** The invoice template with its loop and a workbook of call lines (the browser bench). */
export const groupedTemplate = () => buildDocx({ body: invoiceBody() });
export const groupedWorkbook = (lines: number, customers: number) =>
  workbookOf(lineRows(lines, customers));

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) for (const line of await runGroupedBench()) console.log(line);
