// Bench: Preview Row and One file per row (.zip) in headless Chromium, against the production
// worker bundle (the same harness as merge-browser.ts). Figures, not pass/fail:
//   - click-to-preview of the fixture template (tests/fixtures) with its 51-row workbook: from the
//     click on 'Preview Row' to the preview in the page, first click and best of the next 5;
//   - zip of 10,000 rows (one .docx per row) beside the merge of the same 10,000 rows into one
//     document, both through the real bridge;
//   - the longest main-thread task while 'Filter rows' searches 50,000 × 20 rows.
//
//   node --import tsx tests/bench/generator-extras.ts
import { chromium, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_FIELDS, benchTemplate, benchWorkbook, wideWorkbook } from './harness/documents';
import { benchContext } from './harness/context';
import { startHarness } from './harness/serve';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const idle = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('fieldset.gen-steps')?.hasAttribute('disabled'),
  );

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

async function zipVersusMerge(page: Page) {
  return page.evaluate(
    async (fields) => {
      const { bridge } = window.__bench;
      const template = await (await fetch('/files/bench_template.docx')).arrayBuffer();
      const file = await (await fetch('/files/bench_10000.xlsx')).blob();
      const { sheet } = await bridge.readWorkbook(file);
      const job = {
        template,
        data: { file, sheet },
        rows: Uint32Array.from({ length: 10_000 }, (_, i) => i),
        mapping: Object.fromEntries(fields.map((f) => [f, f])),
        formats: {},
      };
      const t0 = performance.now();
      const merged = await bridge.generate({ ...job, output: { kind: 'merged' } });
      const mergeMs = performance.now() - t0;
      const t1 = performance.now();
      const zipped = await bridge.generate({
        ...job,
        output: { kind: 'zip', nameColumn: fields[0] },
      });
      const zipMs = performance.now() - t1;
      return {
        mergeMs,
        zipMs,
        sections: merged.count,
        files: zipped.count,
        mergeBytes: merged.bytes.byteLength,
        zipBytes: zipped.bytes.byteLength,
      };
    },
    [...BENCH_FIELDS],
  );
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
    harness.addFile('bench_template.docx', benchTemplate());
    harness.addFile('bench_10000.xlsx', benchWorkbook(10_000));
    const widePath = harness.addFile('wide_50000.xlsx', wideWorkbook(50_000));
    const context = await benchContext(browser);

    const page = await context.newPage();
    await page.goto(`${harness.baseUrl}/harness/`);
    const preview = await previewFigures(page, templatePath, workbookPath);
    await page.close();

    const bridgePage = await context.newPage();
    await bridgePage.goto(`${harness.baseUrl}/harness/`);
    const zip = await zipVersusMerge(bridgePage);
    await bridgePage.close();

    const filterPage = await context.newPage();
    await filterPage.goto(`${harness.baseUrl}/harness/`);
    const filter = await filterFigures(filterPage, widePath);
    await filterPage.close();

    return [
      `preview row, fixture template: first click ${preview.first.toFixed(0)} ms, best of next 5 (Next) ${preview.best.toFixed(0)} ms (goal ≤ 300 ms)`,
      `10,000 rows: one merged document ${seconds(zip.mergeMs)} (${zip.sections} sections), one file per row (.zip) ${seconds(zip.zipMs)} (${zip.files} files), ratio ${(zip.zipMs / zip.mergeMs).toFixed(2)}×`,
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
