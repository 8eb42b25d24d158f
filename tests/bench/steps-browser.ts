// Bench: the main thread at every step of the generator screen, as a user goes through it, at
// 10,000 and 50,000 rows (BENCH_STEP_ROWS), quiet and with two busy-looping processes beside the
// page (BENCH_BUSY=0,2; harness/busyLoad.ts): load the workbook, Select None, Select All, Auto-Map,
// Preview Row, Export XLSX, Generate the merged document, Generate one file per row (.zip). Each
// step is timed from the click to what the user waits for (the counter, the preview, the download),
// with the longest main-thread task in that window (PerformanceObserver 'longtask'; goal ≤ 50 ms).
// The waits read one element per frame: a Playwright text query would add tasks of its own.
//
//   node --import tsx tests/bench/steps-browser.ts
import { chromium, type Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { benchTemplate, benchWorkbook } from './harness/documents';
import { benchContext } from './harness/context';
import { startHarness } from './harness/serve';
import { formatTable } from './harness/table';
import { busyLoads, loadLabel, startBusyLoad } from './harness/busyLoad';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';

interface StepFigures {
  step: string;
  ms: number;
  longest: number;
}

const GOAL_MS = 50;

function stepSizes(): number[] {
  return (process.env.BENCH_STEP_ROWS ?? '10000,50000')
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => n > 0);
}

/** Runs `act`, waits for `done` (a predicate evaluated in the page every frame) and measures. */
async function step(
  page: Page,
  name: string,
  act: () => Promise<unknown>,
  done: { selector: string; startsWith: string } | 'download' | 'no-unmapped',
): Promise<StepFigures> {
  const start = await page.evaluate(() => performance.now());
  if (done === 'download') {
    const download = page.waitForEvent('download', { timeout: 900_000 });
    await act();
    await download;
  } else {
    await act();
    await page.waitForFunction(
      (done) =>
        done === 'no-unmapped'
          ? document.querySelectorAll('.gen-unmapped-icon').length === 0
          : (document.querySelector(done.selector)?.textContent ?? '').startsWith(done.startsWith),
      done,
      { polling: 'raf', timeout: 900_000 },
    );
  }
  return page.evaluate(
    ({ name, start }) => {
      const end = performance.now();
      const tasks = window.__longtasks.filter((t) => t.start >= start && t.start <= end);
      return { step: name, ms: end - start, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
    },
    { name, start },
  );
}

async function walk(page: Page, templatePath: string, workbookPath: string, rows: number) {
  const counter = (text: string) => ({ selector: '.gen-counter', startsWith: text });
  const click = (name: string) => () =>
    page.getByRole('button', { name, exact: true }).click({ timeout: 900_000 });
  await page.getByLabel('DOCX Template').setInputFiles(templatePath);
  await page.waitForFunction(
    () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
  );
  const figures: StepFigures[] = [];
  figures.push(
    await step(
      page,
      'load the workbook',
      () => page.getByLabel('Excel Data').setInputFiles(workbookPath),
      counter(`Selected: ${rows} / ${rows} rows`),
    ),
  );
  figures.push(
    await step(page, 'Select None', click('Select None'), counter(`Selected: 0 / ${rows} rows`)),
  );
  figures.push(
    await step(
      page,
      'Select All',
      click('Select All'),
      counter(`Selected: ${rows} / ${rows} rows`),
    ),
  );
  figures.push(
    await step(page, 'Auto-Map Similar Names', click('Auto-Map Similar Names'), 'no-unmapped'),
  );
  figures.push(
    await step(page, 'Preview Row', click('Preview Row'), {
      selector: '.gen-row-preview h2',
      startsWith: 'Preview of row 1 ',
    }),
  );
  figures.push(await step(page, 'Export XLSX, to the download', click('Export XLSX'), 'download'));
  figures.push(
    await step(
      page,
      'Generate the merged document, to the download',
      click(`Generate Merged Document (${rows} sections)`),
      'download',
    ),
  );
  await page
    .getByRole('combobox', { name: 'Output', exact: true })
    .selectOption({ label: 'One file per row (.zip)' });
  figures.push(
    await step(
      page,
      'Generate one file per row (.zip), to the download',
      click(`Generate ${rows} Files (.zip)`),
      'download',
    ),
  );
  return figures;
}

export async function runStepsBench(): Promise<string[]> {
  const sizes = stepSizes();
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const templatePath = harness.addFile('bench_template.docx', benchTemplate());
    const context = await benchContext(browser);
    /** Figures per column: a size at a load (quiet, then with busy processes beside the page). */
    const columns: { label: string; figures: StepFigures[] }[] = [];
    for (const busy of busyLoads())
      for (const rows of sizes) {
        const workbookPath = harness.addFile(`bench_${rows}.xlsx`, benchWorkbook(rows));
        const page = await context.newPage();
        await page.goto(`${harness.baseUrl}/harness/`);
        const stop = startBusyLoad(busy);
        try {
          columns.push({
            label: `${rows.toLocaleString('en-US')} rows, ${loadLabel(busy)}: time, longest task`,
            figures: await walk(page, templatePath, workbookPath, rows),
          });
        } finally {
          stop();
        }
        await page.close();
      }
    const steps = columns[0].figures.map((f) => f.step);
    const header = ['step', ...columns.map((c) => c.label), `goal ≤ ${GOAL_MS} ms`];
    const rows = steps.map((name) => {
      const found = columns.map((c) => c.figures.find((s) => s.step === name)!);
      const cells = found.map((f) => `${(f.ms / 1000).toFixed(2)} s, ${f.longest.toFixed(0)} ms`);
      const worst = Math.max(...found.map((f) => f.longest));
      return [name, ...cells, worst <= GOAL_MS ? 'meets' : 'MISSES'];
    });
    return [
      `the generator screen in headless Chromium (production worker bundle; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`,
      ...formatTable([header, ...rows]),
    ];
  } finally {
    await browser.close();
    await harness.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = await runStepsBench();
  console.log(lines.join('\n'));
}
