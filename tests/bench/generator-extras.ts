// Bench: Preview Row and One file per row (.zip) in headless Chromium, against the production
// worker bundle (the same harness as merge-browser.ts). Figures, not pass/fail:
//   - click-to-preview of the fixture template (tests/fixtures) with its 51-row workbook: from the
//     click on 'Preview Row' to the preview in the page, first click and best of the next 5;
//   - one file per row (.zip) beside the merge of the same rows into one document, both through the
//     real bridge, at each size of BENCH_ROWS (goal ≤ 2× at 10,000 rows), with the worker's peak
//     memory from 10,000 rows and its growth against the rows';
//   - the longest main-thread task while the screen makes the zip of 10,000 rows, to the download;
//   - the longest main-thread task while 'Filter rows' searches 50,000 × 20 rows.
//
//   node --import tsx tests/bench/generator-extras.ts
import { chromium, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_FIELDS, benchTemplate, benchWorkbook, wideWorkbook } from './harness/documents';
import { WorkerHeapSampler } from './harness/workerHeap';
import { generateThroughScreen } from './harness/generateScreen';
import { matrixSizes } from './merge-browser';
import { benchContext } from './harness/context';
import { startHarness } from './harness/serve';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const idle = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'));

/** Clicks Preview Row (or Next) in the page and waits for the preview of `row` to show. */
async function timePreview(page: Page, buttonText: string, heading: string): Promise<number> {
  return page.evaluate(
    async ({ buttonText, heading }) => {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent === buttonText,
      )!;
      const t0 = performance.now();
      button.click();
      await new Promise<void>((resolve) => {
        const check = () => {
          const h = document.querySelector('.gen-row-preview h2');
          if (h?.textContent?.startsWith(heading)) resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - t0;
    },
    { buttonText, heading },
  );
}

async function previewFigures(page: Page, templatePath: string, workbookPath: string) {
  await page.getByLabel('DOCX Template').setInputFiles(templatePath);
  await idle(page);
  await page.getByLabel('Excel Data').setInputFiles(workbookPath);
  await page.getByText('Selected: 51 / 51 rows').waitFor();
  await page.getByRole('button', { name: 'Select All' }).click();
  await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
  const first = await timePreview(page, 'Preview Row', 'Preview of row 1 ');
  const next: number[] = [];
  for (let i = 2; i <= 6; i++) next.push(await timePreview(page, 'Next', `Preview of row ${i} `));
  return { first, best: Math.min(...next) };
}

/** The merged document, then the zip, of the first `rows` rows, through the bridge; memory sampled for each. */
async function zipVersusMerge(page: Page, rows: number, heap: WorkerHeapSampler | null) {
  const run = (output: 'merged' | 'zip') =>
    page.evaluate(
      async ({ fields, rows, output }) => {
        const { bridge } = window.__bench;
        const template = await (await fetch('/files/bench_template.docx')).arrayBuffer();
        if (!window.__benchData) {
          const file = await (await fetch('/files/bench_rows.xlsx')).blob();
          window.__benchData = { file, sheet: (await bridge.readWorkbook(file)).sheet };
        }
        const t0 = performance.now();
        const result = await bridge.generate({
          template,
          data: window.__benchData,
          rows: Uint32Array.from({ length: rows }, (_, i) => i),
          mapping: Object.fromEntries(fields.map((f) => [f, f])),
          formats: {},
          output: output === 'zip' ? { kind: 'zip', nameColumn: fields[0] } : { kind: 'merged' },
        });
        const ms = performance.now() - t0;
        const longest = Math.max(
          0,
          ...window.__longtasks.filter((t) => t.start >= t0).map((t) => t.duration),
        );
        return { ms, count: result.count, bytes: result.file.size, longest };
      },
      { fields: [...BENCH_FIELDS], rows, output },
    );
  const measured = async (output: 'merged' | 'zip') => {
    const best = [];
    for (let i = 0; i < (rows <= 10_000 ? 3 : 2); i++) {
      if (heap && i === 0) {
        await heap.baseline();
        heap.start();
      }
      best.push(await run(output));
      if (heap && i === 0) heap.stop();
    }
    const fastest = best.reduce((a, b) => (b.ms < a.ms ? b : a));
    return { ...fastest, memory: heap ? heap.peakMemory : 0 };
  };
  const merged = await measured('merged');
  const zip = await measured('zip');
  return { rows, merged, zip };
}

async function filterFigures(page: Page, widePath: string) {
  await page.getByLabel('Excel Data').setInputFiles(widePath);
  await page.getByText('Selected: 50000 / 50000 rows').waitFor({ timeout: 120_000 });
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('7');
  await page.getByText(/^Showing: \d+ \/ 50000 rows$/).waitFor({ timeout: 60_000 });
  return page.evaluate((start) => {
    const tasks = window.__longtasks.filter((t) => t.start >= start);
    return { ms: performance.now() - start, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
  }, start);
}

export async function runGeneratorExtrasBench(): Promise<string[]> {
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const fixtures = path.resolve('tests/fixtures');
    const templatePath = harness.addFile(
      'tagihan_template.docx',
      readFileSync(path.join(fixtures, 'tagihan_template.docx')),
    );
    const workbookPath = harness.addFile(
      'pelanggan_50.xlsx',
      readFileSync(path.join(fixtures, 'pelanggan_50.xlsx')),
    );
    const sizes = matrixSizes();
    const templateFile = harness.addFile('bench_template.docx', benchTemplate());
    harness.addFile('bench_rows.xlsx', benchWorkbook(Math.max(...sizes)));
    const screenWorkbook = harness.addFile('bench_10000.xlsx', benchWorkbook(10_000));
    const widePath = harness.addFile('wide_50000.xlsx', wideWorkbook(50_000));
    const context = await benchContext(browser);

    const page = await context.newPage();
    await page.goto(`${harness.baseUrl}/harness/`);
    const preview = await previewFigures(page, templatePath, workbookPath);
    await page.close();

    const bridgePage = await context.newPage();
    await bridgePage.goto(`${harness.baseUrl}/harness/`);
    const heap = await WorkerHeapSampler.attach(bridgePage);
    const zips: Awaited<ReturnType<typeof zipVersusMerge>>[] = [];
    for (const rows of sizes)
      zips.push(await zipVersusMerge(bridgePage, rows, rows >= 10_000 ? heap : null));
    await bridgePage.close();

    const screenPage = await context.newPage();
    await screenPage.goto(`${harness.baseUrl}/harness/`);
    const screen = await generateThroughScreen(
      screenPage,
      templateFile,
      screenWorkbook,
      10_000,
      'zip',
    );
    await screenPage.close();

    const filterPage = await context.newPage();
    await filterPage.goto(`${harness.baseUrl}/harness/`);
    const filter = await filterFigures(filterPage, widePath);
    await filterPage.close();

    return [
      `preview row, fixture template: first click ${preview.first.toFixed(0)} ms, best of next 5 (Next) ${preview.best.toFixed(0)} ms (goal ≤ 300 ms)`,
      ...zips.map(({ rows, merged, zip }) => {
        const ratio = zip.ms / merged.ms;
        const goal = rows === 10_000 ? `, goal ≤ 2×: ${ratio <= 2 ? 'meets' : 'MISSES'}` : '';
        return `${rows.toLocaleString('en-US')} rows: one merged document ${seconds(merged.ms)} (${mb(merged.bytes)}), one file per row (.zip) ${seconds(zip.ms)} (${zip.count} files, ${mb(zip.bytes)}), ratio ${ratio.toFixed(2)}×${goal}; longest main-thread task ${Math.max(merged.longest, zip.longest).toFixed(0)} ms`;
      }),
      ...zips.flatMap(({ rows, merged, zip }, i) => {
        if (rows < 10_000) return [];
        const before = zips[i - 1];
        const growth =
          before && before.rows >= 10_000
            ? `; growth ×${(zip.memory / before.zip.memory).toFixed(1)} (merged ×${(merged.memory / before.merged.memory).toFixed(1)}) for ×${rows / before.rows} rows`
            : '';
        return [
          `  worker memory peak (JS heap + ArrayBuffers), ${rows.toLocaleString('en-US')} rows: zip ${mb(zip.memory)}, merged ${mb(merged.memory)}${growth}`,
        ];
      }),
      `screen making the zip of 10,000 rows, click to download ${seconds(screen.totalMs)}: longest main-thread task ${screen.longest.toFixed(0)} ms (goal ≤ 50 ms: ${screen.longest <= 50 ? 'meets' : 'MISSES'})`,
      `filter rows over 50,000 × 20: answer in ${filter.ms.toFixed(0)} ms (150 ms typing pause included), longest main-thread task ${filter.longest.toFixed(0)} ms (goal ≤ 50 ms)`,
    ];
  } finally {
    await browser.close();
    await harness.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = await runGeneratorExtrasBench();
  console.log(lines.join('\n'));
}
