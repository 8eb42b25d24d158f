// Templates we did not design (tests/fixtures/corpus/README.md, tests/fixtures/mailmerge/README.md)
// beside the bench's own: per template, 10,000 rows through the worker's API as the page calls it
// (createGeneratorApi().generate), the merged document vs one file per row (.zip), and, for a
// template with headers or footers, the template vs the same package without its header/footer
// references (letterhead vs plain). Each figure is printed per template and the worst one is the
// figure (goals ≤ 2× and ≤ 1.5×). Figures, not pass/fail. The zip is a Blob that refers to the
// template's untouched parts rather than holding a copy per row (src/workers/package/sharedZip.ts):
// the time to read its bytes once, as a download does, is printed beside it.
//   node --import tsx tests/bench/corpus.ts   (BENCH_CORPUS_ROWS=10000, BENCH_CORPUS=name,… picks files,
//   BENCH_CORPUS_RUNS=3: the best of 3 runs, the ways alternating)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../src/workers/generatorApi';
import { buildTemplate } from '../unit/workers/templateCorpus';
import { benchTemplate, invoiceBody } from './harness/documents';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

interface CorpusTemplate {
  name: string;
  bytes: Uint8Array;
}

function corpus(): CorpusTemplate[] {
  const files = (dir: string) =>
    readdirSync(path.join(FIXTURES, dir))
      .filter((f) => f.endsWith('.docx'))
      .map((f) => ({ name: `${dir}/${f}`, bytes: readFileSync(path.join(FIXTURES, dir, f)) }));
  const body = invoiceBody();
  const all = [
    { name: 'ours: plain body', bytes: benchTemplate() },
    {
      name: 'ours: letterhead with logo',
      bytes: buildTemplate({ body, letterhead: true, logo: true }),
    },
    ...files('corpus'),
    ...files('mailmerge'),
  ];
  const only = process.env.BENCH_CORPUS?.split(',');
  return all.filter((t) => !only || only.some((o) => t.name.includes(o)));
}

/** The same package with no header or footer referenced: the letterhead's plain twin (or null). */
function withoutHeadersFooters(bytes: Uint8Array): Uint8Array | null {
  const zip = new PizZip(bytes);
  const main = Object.keys(zip.files).find((f) => /^word\/document\d*\.xml$/.test(f));
  if (!main) return null;
  const xml = zip.file(main)!.asText();
  const plain = xml.replace(/<w:(header|footer)Reference\b[^>]*\/>/g, '');
  if (plain === xml) return null;
  zip.file(main, plain);
  return zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
}

const copy = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;

/** A workbook whose columns are the template's fields (and one more, so every row has 2 values). */
function workbookFor(fields: string[], rows: number): ArrayBuffer {
  const header = [...fields, 'Bench_Name'];
  const data = Array.from({ length: rows }, (_, i) =>
    header.map((f, c) => (c === fields.length ? `Customer ${i}` : `${f} ${i % 997}`)),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...data]), 'Data');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

type Api = ReturnType<typeof createGeneratorApi>;

/** The time of the last zip's bytes read once (what a download reads), ms. */
let zipReadMs = 0;

/** One generation's time. */
async function generateMs(
  api: Api,
  template: Uint8Array,
  rows: number,
  kind: 'merged' | 'zip',
): Promise<number> {
  const { placeholders, fieldFormats } = await api.analyseTemplate(copy(template));
  const t0 = performance.now();
  const result = await api.generate({
    template: copy(template),
    data: { file: null, sheet: 'Data' },
    rows: Uint32Array.from({ length: rows }, (_, i) => i),
    mapping: Object.fromEntries(placeholders.map((f) => [f, f])),
    formats: { ...fieldFormats },
    output: kind === 'zip' ? { kind: 'zip', nameColumn: 'Bench_Name' } : { kind: 'merged' },
  });
  const ms = performance.now() - t0;
  if (kind === 'zip') {
    const t1 = performance.now();
    await result.file.arrayBuffer();
    zipReadMs = performance.now() - t1;
  }
  return ms;
}

/**
 * The best of RUNS of each way, the ways alternating: on a busy machine a lone run of one way can
 * land in a quiet moment and the other in a loaded one.
 */
async function bestOf(ways: (() => Promise<number>)[]): Promise<number[]> {
  const best = ways.map(() => Number.POSITIVE_INFINITY);
  for (let run = 0; run < RUNS; run++)
    for (let w = 0; w < ways.length; w++) best[w] = Math.min(best[w], await ways[w]());
  return best;
}

const RUNS = Number(process.env.BENCH_CORPUS_RUNS ?? 3);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runCorpusBench(): Promise<string[]> {
  const rows = Number(process.env.BENCH_CORPUS_ROWS ?? 10_000);
  const lines: string[] = [];
  const zipRatios: [string, number][] = [];
  const letterheadRatios: [string, number][] = [];
  for (const { name, bytes } of corpus()) {
    const api = createGeneratorApi();
    const { placeholders } = await api.analyseTemplate(copy(bytes));
    if (placeholders.length === 0) {
      lines.push(`${name}: no fields, not merged`);
      continue;
    }
    await api.readWorkbook(workbookFor(placeholders, rows));
    const plain = withoutHeadersFooters(bytes);
    const [merged, zip, plainMs] = await bestOf([
      () => generateMs(api, bytes, rows, 'merged'),
      () => generateMs(api, bytes, rows, 'zip'),
      ...(plain ? [() => generateMs(api, plain, rows, 'merged')] : []),
    ]);
    zipRatios.push([name, zip / merged]);
    let line = `${name} (${placeholders.length} fields), ${rows} rows: merged ${seconds(merged)}, one file per row ${seconds(zip)}: ${(zip / merged).toFixed(2)}× (its bytes read once: ${seconds(zipReadMs)} more)`;
    if (plain) {
      letterheadRatios.push([name, merged / plainMs]);
      line += `; without its headers/footers ${seconds(plainMs)}: letterhead ${(merged / plainMs).toFixed(2)}×`;
    }
    lines.push(line);
  }
  const worst = (ratios: [string, number][]) =>
    ratios.reduce((a, b) => (b[1] > a[1] ? b : a), ['none', 0] as [string, number]);
  const [zipName, zipWorst] = worst(zipRatios);
  const [headName, headWorst] = worst(letterheadRatios);
  lines.push(
    `worst one file per row vs merged: ${zipWorst.toFixed(2)}× (${zipName}; goal ≤ 2×)`,
    `worst letterhead vs plain: ${headWorst.toFixed(2)}× (${headName}; goal ≤ 1.5×)`,
  );
  return lines;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) for (const line of await runCorpusBench()) console.log(line);
