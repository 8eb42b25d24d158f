// MERGEFIELD template 10k rows (issue 21 §1), Node-side: a Word mail-merge template (complex
// fields: fldChar begin / instrText / separate / «cached result» / end, some with `\* Upper` and
// `\# "#.##0"`) merged through the worker's API (createGeneratorApi().generate, as the page calls
// it), next to its floor measured in the same run: docxtemplater rendering the equivalent `{tag}`
// body with the same data once in a `{#rows}…{/rows}` loop, zipped. Figures, not pass/fail
// (goal ≤ 1.5×, linear from 1× to 10×).
//   node --import tsx tests/bench/mergefield.ts   (BENCH_MERGEFIELD_ROWS=1000,10000)
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../src/workers/generatorApi';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';

const HEADER = ['No_Pelanggan', 'Nama_Pelanggan', 'Alamat', 'Kota', 'Periode', 'Total', 'Menit'];

/**
 * Word's complex field, its instruction cut over two instrText runs as Word often saves it, in
 * bold runs marked Indonesian (so `\# "#.##0"` groups with dots, as an id-ID template does).
 */
function mergeField(name: string, switches = ''): string {
  const instruction = ` MERGEFIELD ${name} ${switches} `;
  const cut = Math.ceil(instruction.length / 2);
  const run = (inner: string) => `<w:r><w:rPr><w:b/><w:lang w:val="id-ID"/></w:rPr>${inner}</w:r>`;
  return (
    run('<w:fldChar w:fldCharType="begin"/>') +
    run(`<w:instrText xml:space="preserve">${instruction.slice(0, cut)}</w:instrText>`) +
    run(`<w:instrText xml:space="preserve">${instruction.slice(cut)}</w:instrText>`) +
    run('<w:fldChar w:fldCharType="separate"/>') +
    run(`<w:t>«${name}»</w:t>`) +
    run('<w:fldChar w:fldCharType="end"/>')
  );
}

const text = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
const p = (...parts: string[]) => `<w:p>${parts.join('')}</w:p>`;

/** The letter body: with Word fields, or with `{tags}` for the floor. */
function letterBody(field: (name: string, switches?: string) => string): string {
  return (
    p(text('Tagihan No. '), field('No_Pelanggan')) +
    p(text('Kepada Yth. '), field('Nama_Pelanggan', '\\* Upper')) +
    p(field('Alamat'), text(', '), field('Kota', '\\* Upper')) +
    p(text('Periode '), field('Periode')) +
    p(text('Pemakaian '), field('Menit', '\\# "#.##0"'), text(' menit')) +
    p(text('Total tagihan Rp '), field('Total', '\\# "#.##0"')) +
    p(text('Terima kasih atas kepercayaan Anda.'))
  );
}

function sheetRows(count: number): (string | number)[][] {
  return Array.from({ length: count }, (_, i) => [
    `P-${String(i).padStart(6, '0')}`,
    `Pelanggan ${i}`,
    `Jl. Contoh ${i}`,
    `Kota ${i % 97}`,
    'Oktober 2025',
    ((i * 37) % 9_000_000) + 50_000,
    (i % 6000) + 1,
  ]);
}

function workbookOf(rows: (string | number)[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Data');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

/** docxtemplater alone: the same body with `{tags}` in one `{#rows}` loop, the same data, zipped. */
function floor(rows: (string | number)[][]): number {
  const template = buildDocx({
    body: paragraph('{#rows}') + letterBody((name) => text(`{${name}}`)) + paragraph('{/rows}'),
  });
  const data = rows.map((r) => Object.fromEntries(HEADER.map((h, c) => [h, String(r[c])])));
  const t0 = performance.now();
  const doc = new Docxtemplater(new PizZip(template), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: () => '',
  });
  doc.render({ rows: data });
  doc.getZip().generate({ type: 'arraybuffer', compression: 'DEFLATE' });
  return performance.now() - t0;
}

async function ours(rows: (string | number)[][]): Promise<{ ms: number; documents: number }> {
  const api = createGeneratorApi();
  await api.readWorkbook(workbookOf(rows));
  const template = buildDocx({ body: letterBody(mergeField) });
  // As the page does: every field mapped to its column, the fields' own switches as their formats.
  const { placeholders, fieldFormats } = await api.analyseTemplate(template);
  const t0 = performance.now();
  const result = await api.generate({
    template,
    data: { file: null, sheet: 'Data' },
    rows: Uint32Array.from(rows.keys()),
    mapping: Object.fromEntries(placeholders.map((f) => [f, f])),
    formats: { ...fieldFormats },
    output: { kind: 'merged' },
  });
  const ms = performance.now() - t0;
  const xml = new PizZip(await result.file.arrayBuffer()).file('word/document.xml')!.asText();
  if (
    xml.includes('instrText') ||
    xml.includes('«') ||
    !xml.includes('PELANGGAN 1<') ||
    !xml.includes('>50.037<')
  )
    throw new Error('MERGEFIELD bench: the merged document still holds fields or lacks values');
  return { ms, documents: result.count };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runMergeFieldBench(): Promise<string[]> {
  const sizes = (process.env.BENCH_MERGEFIELD_ROWS ?? '1000,10000').split(',').map(Number);
  const lines: string[] = [];
  let previous: { rows: number; ms: number; floorMs: number } | null = null;
  for (const count of sizes) {
    const rows = sheetRows(count);
    let ms = Number.POSITIVE_INFINITY;
    let floorMs = Number.POSITIVE_INFINITY;
    let documents = 0;
    for (let run = 0; run < 2; run++) {
      floorMs = Math.min(floorMs, floor(rows));
      const o = await ours(rows);
      ms = Math.min(ms, o.ms);
      documents = o.documents;
    }
    lines.push(
      `MERGEFIELD template ${count} rows → ${documents} sections: ours ${seconds(ms)}, floor (docxtemplater {tags} in {#rows}) ${seconds(floorMs)}, ratio ${(ms / floorMs).toFixed(2)} (goal ≤ 1.5)`,
    );
    if (previous)
      lines.push(
        `  growth ${previous.rows} → ${count} rows (linear: ${(count / previous.rows).toFixed(1)}×): ours ${(ms / previous.ms).toFixed(1)}×, floor ${(floorMs / previous.floorMs).toFixed(1)}×`,
      );
    previous = { rows: count, ms, floorMs };
  }
  return lines;
}

/** The bench's Word mail-merge template and a workbook of `rows` rows for it (the browser bench). */
export const mergeFieldTemplate = () => buildDocx({ body: letterBody(mergeField) });
export const mergeFieldWorkbook = (rows: number) => workbookOf(sheetRows(rows));

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) for (const line of await runMergeFieldBench()) console.log(line);
