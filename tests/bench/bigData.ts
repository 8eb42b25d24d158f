// A month of call lines (issue 31): a 100,000 × 15 .xlsx with dates, times and accounting Rupiah
// formats (about 11 MB) and the same as a `;` CSV (about 23 MB, Indonesian numbers). Node: the
// worker entry the page calls (createGeneratorApi().readWorkbook: parse, "As in sheet" text of
// every cell, header finder, packed table) next to SheetJS reading the same file with formatted
// text on (cellText, sheet_to_json with formatted values), in the same run. Browser: the longest
// main-thread task while the page loads each file. Figures, not pass/fail (goals ≤ 1.5×, ≤ 50 ms).
//   node --import tsx tests/bench/bigData.ts   (BENCH_BIG_ROWS=100000)
import { chromium, type Page } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../src/workers/generatorApi';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { benchContext } from './harness/context';
import { startHarness } from './harness/serve';
import { mergeFieldTemplate } from './mergefield';

const ROWS = Number(process.env.BENCH_BIG_ROWS) || 100_000;
const HEADER = [
  'No',
  'Pelanggan',
  'Nama',
  'No HP',
  'Tujuan',
  'Tanggal',
  'Jam',
  'Mulai',
  'Durasi',
  'Menit',
  'Tarif',
  'Biaya',
  'PPN',
  'Total',
  'Status',
];
const FORMATS: (string | undefined)[] = [
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  'dd/mm/yyyy',
  'hh:mm:ss',
  'dd/mm/yyyy hh:mm',
  '[h]:mm:ss',
  '#,##0',
  '"Rp"#,##0',
  '_("Rp"* #,##0_);_("Rp"* (#,##0);_("Rp"* "-"_);_(@_)',
  '#,##0.00',
  '"Rp"#,##0.00',
  undefined,
];

function line(i: number): (string | number)[] {
  const serial = 45931 + (i % 31) + ((i * 7919) % 86_400) / 86_400;
  const biaya = ((i * 37) % 900_000) + 500;
  return [
    i + 1,
    `P-${String(i % 20_000).padStart(6, '0')}`,
    `Pelanggan ${i % 20_000}`,
    `08${String(1_000_000_000 + ((i * 7919) % 999_999_999)).slice(1)}`,
    `Tujuan ${i % 53}`,
    Math.floor(serial),
    serial % 1,
    serial,
    ((i % 3600) + 1) / 86_400,
    (i % 600) + 1,
    1250 + (i % 7) * 250,
    biaya,
    biaya * 0.11,
    biaya * 1.11,
    i % 5 === 0 ? 'Belum Lunas' : 'Lunas',
  ];
}

export function bigWorkbook(rows: number): Uint8Array {
  const data: XLSX.CellObject[][] = [HEADER.map((v) => ({ t: 's', v }))];
  for (let i = 0; i < rows; i++)
    data.push(
      line(i).map((v, c) => (typeof v === 'number' ? { t: 'n', v, z: FORMATS[c] } : { t: 's', v })),
    );
  const sheet: XLSX.WorkSheet = { '!data': data, '!ref': `A1:O${rows + 1}` };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Panggilan');
  return new Uint8Array(
    XLSX.write(book, {
      type: 'array',
      bookType: 'xlsx',
      dense: true,
      compression: true,
    } as XLSX.WritingOptions) as ArrayBuffer,
  );
}

/** Indonesian grouping and decimals: 1234567.5 → '1.234.567,50'. */
function id(n: number, decimals = 0): string {
  const [whole, fraction] = n.toFixed(decimals).split('.');
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') + (fraction ? `,${fraction}` : '');
}

export function bigCsv(rows: number): Uint8Array {
  const out = [`LAPORAN PANGGILAN;Oktober 2025`, '', HEADER.join(';')];
  for (let i = 0; i < rows; i++) {
    const [no, p, nama, hp, tujuan, , , , , menit, tarif, biaya, ppn, total, status] = line(i);
    const day = String((i % 28) + 1).padStart(2, '0');
    out.push(
      [
        no,
        p,
        `"${nama}, Jl. Contoh ${i} RT ${i % 9} Kelurahan Sukamaju"`,
        hp,
        tujuan,
        `${day}/10/2025`,
        '14:05:33',
        `${day}/10/2025 14:05`,
        '00:12:31',
        menit,
        `Rp ${id(tarif as number)}`,
        `Rp ${id(biaya as number)}`,
        id(ppn as number, 2),
        id(total as number, 2),
        status,
      ].join(';'),
    );
  }
  return new TextEncoder().encode(`\uFEFF${out.join('\r\n')}\r\n`);
}

async function ours(bytes: Uint8Array): Promise<number> {
  const t0 = performance.now();
  await createGeneratorApi().readWorkbook(bytes.slice().buffer as ArrayBuffer);
  return performance.now() - t0;
}

/** SheetJS reading the same file with formatted text on, every row as formatted values. */
function baseline(bytes: Uint8Array): number {
  const t0 = performance.now();
  const book = XLSX.read(bytes, { type: 'array', dense: true, cellText: true, cellNF: true });
  XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
  return performance.now() - t0;
}

async function pageLoad(page: Page, template: string, data: string) {
  const idle = () =>
    page.waitForFunction(
      () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
      undefined,
      { timeout: 600_000 },
    );
  await page.getByLabel('DOCX Template').setInputFiles(template);
  await idle();
  const start = await page.evaluate(() => performance.now());
  await page.getByLabel(/^Excel Data/).setInputFiles(data);
  await page.getByText(`Selected: ${ROWS} / ${ROWS} rows`).waitFor({ timeout: 600_000 });
  await idle();
  // The e-mail output's panel checks every row's mail in slices once it is chosen: until done.
  await page
    .getByRole('combobox', { name: 'Output', exact: true })
    .selectOption({ label: 'E-mail each row (.docx attached)' });
  // A plain DOM check, not a text or role query: Playwright runs those on the page's main thread,
  // and over the panel's list of 100,000 row numbers one took 250-600 ms, a task this figure
  // would have counted as the page's own.
  await page.waitForFunction(
    () => {
      const panel = document.querySelector('section.gen-mail');
      const status = panel?.querySelector('p[role="status"]')?.textContent ?? '';
      const headings = Array.from(panel?.querySelectorAll('h3') ?? [], (h) => h.textContent);
      return headings.includes('Will not be sent') && !status.startsWith('Checking the mails:');
    },
    undefined,
    { timeout: 600_000, polling: 250 },
  );
  return page.evaluate(
    (start) => ({
      ms: performance.now() - start,
      longest: Math.max(
        0,
        ...window.__longtasks.filter((t) => t.start >= start).map((t) => t.duration),
      ),
    }),
    start,
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: Uint8Array) => `${(bytes.length / 1e6).toFixed(1)} MB`;

export async function runBigDataBench(): Promise<string[]> {
  const files = { xlsx: bigWorkbook(ROWS), csv: bigCsv(ROWS) };
  const out: string[] = [];
  for (const [kind, bytes] of Object.entries(files)) {
    let mine = Number.POSITIVE_INFINITY;
    let floor = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 2; run++) {
      floor = Math.min(floor, baseline(bytes));
      mine = Math.min(mine, await ours(bytes));
    }
    out.push(
      `read ${ROWS} × 15 .${kind} (${mb(bytes)}): ours ${seconds(mine)}, SheetJS with formatted text ${seconds(floor)}, ratio ${(mine / floor).toFixed(2)} (goal ≤ 1.5)`,
    );
  }
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const template = harness.addFile('mailmerge.docx', new Uint8Array(mergeFieldTemplate()));
    const context = await benchContext(browser);
    for (const [kind, bytes] of Object.entries(files)) {
      const data = harness.addFile(`panggilan_${ROWS}.${kind}`, bytes);
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/harness/`);
      const figure = await pageLoad(page, template, data);
      // Before: the e-mail panel built every row's mail in one task (the same page, same file).
      const atOnce = await page.evaluate(async (name) => {
        const file = await (await fetch(`/files/${name}`)).blob();
        return window.__bench.mailsAtOnce(file);
      }, `panggilan_${ROWS}.${kind}`);
      out.push(
        `page loads the ${mb(bytes)} .${kind}: ${seconds(figure.ms)}, longest main-thread task ${figure.longest.toFixed(0)} ms (goal ≤ 50 ms); before (every row's mail built in one task) that task alone took ${atOnce.toFixed(0)} ms`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await harness.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log((await runBigDataBench()).join('\n'));
