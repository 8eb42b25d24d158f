// Bench: the main thread on the generator's newer paths (issue 21), in headless Chromium against
// the production worker bundle (the same harness as merge-browser.ts): the longest main-thread
// task while a page loads 10,000 rows (a Word mail-merge template with a workbook, a `;` CSV
// export with a title) and while it merges them (MERGEFIELD template; call lines grouped into
// one invoice per customer, including choosing `Group rows by`). Figures, not pass/fail
// (goal: no task over 50 ms), quiet and with two busy-looping processes beside the page
// (BENCH_BUSY=0,2).
//   node --import tsx tests/bench/inputs-browser.ts
import { chromium, type Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { busyLoads, loadLabel, startBusyLoad } from './harness/busyLoad';
import { benchContext } from './harness/context';
import { startHarness } from './harness/serve';
import { csvText } from './csv';
import { mergeFieldTemplate, mergeFieldWorkbook } from './mergefield';
import { groupedTemplate, groupedWorkbook } from './merge-grouped';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';

const ROWS = 10_000;
const CUSTOMERS = 2_000;

const idle = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
    undefined,
    { timeout: 300_000 },
  );

const now = (page: Page) => page.evaluate(() => performance.now());

/** The longest long task that started since `start`, and the time since. */
function tasksSince(page: Page, start: number) {
  return page.evaluate((start) => {
    const tasks = window.__longtasks.filter((t) => t.start >= start);
    return {
      ms: performance.now() - start,
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
    };
  }, start);
}

/** Template, then data; the load is timed from choosing the data file to its rows all selected. */
async function load(page: Page, template: string, data: string) {
  await page.getByLabel('DOCX Template').setInputFiles(template);
  await idle(page);
  const start = await now(page);
  await page.getByLabel(/^Excel Data/).setInputFiles(data);
  await page.getByText(`Selected: ${ROWS} / ${ROWS} rows`).waitFor({ timeout: 300_000 });
  await idle(page);
  return tasksSince(page, start);
}

/** Clicks Generate and waits for the download (nothing polls the page meanwhile). */
async function generate(page: Page, sections: number) {
  const button = page.getByRole('button', {
    name: `Generate Merged Document (${sections} sections)`,
  });
  await button.waitFor({ timeout: 60_000 });
  const start = await now(page);
  const download = page.waitForEvent('download', { timeout: 900_000 });
  download.catch(() => undefined); // a failed click is the error to report
  // Clicked in the page: in the harness (no layout) the preview's sticky cells may lie over it.
  await button.evaluate((b: HTMLButtonElement) => b.click());
  await download;
  return tasksSince(page, start);
}

const line = (what: string, figure: { ms: number; longest: number }) =>
  `${what}: ${(figure.ms / 1000).toFixed(2)} s, longest main-thread task ${figure.longest.toFixed(0)} ms (goal ≤ 50 ms)`;

/** Every figure quiet and with busy processes beside the page (BENCH_BUSY, harness/busyLoad.ts). */
export async function runInputsBrowserBench(): Promise<string[]> {
  const out: string[] = [
    `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs before the first figure`,
  ];
  for (const busy of busyLoads()) {
    const stop = startBusyLoad(busy);
    try {
      out.push(`${loadLabel(busy)}:`, ...(await inputsAtLoad()).map((l) => `  ${l}`));
    } finally {
      stop();
    }
  }
  return out;
}

async function inputsAtLoad(): Promise<string[]> {
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const mergeFields = harness.addFile('mailmerge.docx', new Uint8Array(mergeFieldTemplate()));
    const mergeData = harness.addFile(
      `pelanggan_${ROWS}.xlsx`,
      new Uint8Array(mergeFieldWorkbook(ROWS)),
    );
    const csv = harness.addFile(`tagihan_${ROWS}.csv`, new TextEncoder().encode(csvText(ROWS)));
    const invoice = harness.addFile(
      'tagihan_per_pelanggan.docx',
      new Uint8Array(groupedTemplate()),
    );
    const lines = harness.addFile(
      `panggilan_${ROWS}.xlsx`,
      new Uint8Array(groupedWorkbook(ROWS, CUSTOMERS)),
    );
    const context = await benchContext(browser);
    const out: string[] = [];

    let page = await context.newPage();
    await page.goto(`${harness.baseUrl}/harness/`);
    out.push(
      line(`load ${ROWS} rows for a MERGEFIELD template`, await load(page, mergeFields, mergeData)),
    );
    out.push(line(`merge ${ROWS} rows into a MERGEFIELD template`, await generate(page, ROWS)));
    await page.close();

    page = await context.newPage();
    await page.goto(`${harness.baseUrl}/harness/`);
    out.push(
      line(`load a ${ROWS}-row ';' CSV export with a title`, await load(page, mergeFields, csv)),
    );
    await page.close();

    page = await context.newPage();
    await page.goto(`${harness.baseUrl}/harness/`);
    out.push(line(`load ${ROWS} call lines`, await load(page, invoice, lines)));
    const start = await now(page);
    await page.getByRole('combobox', { name: 'Group rows by' }).selectOption('Pelanggan');
    await page
      .getByRole('button', { name: `Generate Merged Document (${CUSTOMERS} sections)` })
      .waitFor({ timeout: 60_000 });
    out.push(
      line(`group ${ROWS} lines by customer (${CUSTOMERS} groups)`, await tasksSince(page, start)),
    );
    out.push(
      line(`merge ${ROWS} lines into ${CUSTOMERS} invoices`, await generate(page, CUSTOMERS)),
    );
    await page.close();
    return out;
  } finally {
    await browser.close();
    await harness.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = await runInputsBrowserBench();
  console.log(lines.join('\n'));
}
