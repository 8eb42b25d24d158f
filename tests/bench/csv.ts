// CSV 50k × 20 read (issue 21 §2), Node-side: a `;` export with Indonesian numbers read by the
// worker entry the page calls for a .csv file (createGeneratorApi().readWorkbook: decode, sniff,
// parse, header finder, number columns, packed table), next to its floor measured in the same run:
// SheetJS reading the same text (XLSX.read type 'string', dense) and sheet_to_json header:1.
// Figures, not pass/fail (goal ≤ 1.5×, linear from 1× to 10×).
//   node --import tsx tests/bench/csv.ts   (BENCH_CSV_ROWS=5000,50000)
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../src/workers/generatorApi';

const COLUMNS = 20;
const HEADER = [
  'No Pelanggan',
  'Nama Pelanggan',
  'Alamat',
  'Kota',
  'No HP',
  'Tanggal',
  'Tujuan',
  'Durasi',
  'Tarif',
  'Biaya',
  'PPN',
  'Total Tagihan',
  'Paket',
  'Status',
  'Kode Area',
  'Menit Bonus',
  'Diskon',
  'Keterangan',
  'Periode',
  'Sales',
];

/** Indonesian grouping and decimals: 1234567.5 → '1.234.567,50'. */
function rupiah(value: number): string {
  const [whole, cents] = value.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

function csvRow(i: number): string {
  const biaya = ((i * 37) % 900_000) + 500 + (i % 100) / 100;
  const fields = [
    `P-${String(i).padStart(6, '0')}`,
    `Pelanggan ${i}`,
    i % 10 === 0 ? `"Jl. Contoh ${i}; RT ${i % 9}\r\nJakarta"` : `Jl. Contoh ${i}`,
    `Kota ${i % 97}`,
    `08${String(1_000_000_000 + ((i * 7919) % 999_999_999)).slice(1)}`,
    `2025-10-${String((i % 28) + 1).padStart(2, '0')}`,
    `Tujuan ${i % 53}`,
    String((i % 600) + 1),
    rupiah(1250 + (i % 7) * 250),
    `Rp ${rupiah(biaya)}`,
    rupiah(biaya * 0.11),
    rupiah(biaya * 1.11),
    ['Hemat', 'Bisnis', 'Keluarga'][i % 3],
    i % 5 === 0 ? 'Belum Lunas' : 'Lunas',
    `0${21 + (i % 70)}`,
    String(i % 120),
    rupiah((i % 20) * 1000),
    i % 4 === 0 ? '"Catatan ""khusus"""' : '',
    'Oktober 2025',
    `Sales ${i % 31}`,
  ];
  return fields.join(';');
}

/** A billing export: a BOM, a title and a period line above the header, CRLF line ends. */
export function csvText(rows: number): string {
  const lines = ['LAPORAN TAGIHAN LAYANAN VOICE', 'Periode: Oktober 2025', '', HEADER.join(';')];
  for (let i = 0; i < rows; i++) lines.push(csvRow(i));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function ours(bytes: Uint8Array): Promise<{ ms: number; rows: number; columns: number }> {
  const buffer = bytes.slice().buffer as ArrayBuffer;
  const t0 = performance.now();
  const { table } = await createGeneratorApi().readWorkbook(buffer);
  const ms = performance.now() - t0;
  return { ms, rows: table.rowCount, columns: table.headers.length };
}

/** SheetJS alone on the same text: the floor. */
function floor(text: string): { ms: number; rows: number } {
  const t0 = performance.now();
  const book = XLSX.read(text, { type: 'string', dense: true });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], {
    header: 1,
  });
  return { ms: performance.now() - t0, rows: rows.length };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runCsvBench(): Promise<string[]> {
  const sizes = (process.env.BENCH_CSV_ROWS ?? '5000,50000').split(',').map(Number);
  const lines: string[] = [];
  let previous: { rows: number; ms: number; floorMs: number } | null = null;
  for (const count of sizes) {
    const text = csvText(count);
    const bytes = new TextEncoder().encode(text);
    let ms = Number.POSITIVE_INFINITY;
    let floorMs = Number.POSITIVE_INFINITY;
    let read = { rows: 0, columns: 0 };
    let floorRows = 0;
    for (let run = 0; run < 2; run++) {
      const f = floor(text);
      floorMs = Math.min(floorMs, f.ms);
      floorRows = f.rows;
      const o = await ours(bytes);
      ms = Math.min(ms, o.ms);
      read = o;
    }
    lines.push(
      `CSV ${count} × ${COLUMNS} read (${(bytes.length / 1e6).toFixed(1)} MB, ';', Indonesian numbers): ours ${seconds(ms)} (${read.rows} rows × ${read.columns} columns), floor (SheetJS read + sheet_to_json) ${seconds(floorMs)} (${floorRows} records), ratio ${(ms / floorMs).toFixed(2)} (goal ≤ 1.5)`,
    );
    if (previous)
      lines.push(
        `  growth ${previous.rows} → ${count} rows (linear: ${(count / previous.rows).toFixed(1)}×): ours ${(ms / previous.ms).toFixed(1)}×, floor ${(floorMs / previous.floorMs).toFixed(1)}×`,
      );
    previous = { rows: count, ms, floorMs };
  }
  return lines;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) for (const line of await runCsvBench()) console.log(line);
