// Not a bench: what makes the generator screen's long main-thread tasks (issue 35). Walks the
// steps of steps-browser.ts with PROFILE_BUSY busy processes beside the page (default 2) under a
// Chromium trace, and prints each main-thread task over PROFILE_MS (default 40 ms) with the
// events inside it (script by function, style recalc with its element count, layout, paint), so
// the piece to cut can be named. Run with readable names:
//
//   npm run build && HARNESS_MINIFY=0 node --import tsx tests/bench/harness/profileSteps.ts
import { chromium, type Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { benchTemplate, benchWorkbook } from './documents';
import { benchContext } from './context';
import { startHarness } from './serve';
import { startBusyLoad } from './busyLoad';
import { csvText } from '../csv';
import { mergeFieldTemplate } from '../mergefield';
import { groupedTemplate, groupedWorkbook } from '../merge-grouped';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../e2e/support/chromium';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; elementCount?: number; beginData?: unknown };
}

const ROWS = Number(process.env.PROFILE_ROWS ?? 10_000);
const OVER_MS = Number(process.env.PROFILE_MS ?? 40);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'v8.execute',
  'toplevel',
].join(',');

/** A one-line label for an event: which function, how many elements, which event type. */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  if (e.name === 'FunctionCall')
    return `FunctionCall ${d.functionName || '?'} ${d.url ?? ''}:${d.lineNumber ?? ''}`;
  if (e.name === 'EventDispatch') return `EventDispatch ${d.type}`;
  if (e.name === 'UpdateLayoutTree' || e.name === 'RecalculateStyles')
    return `${e.name} elements=${d.elementCount ?? e.args?.elementCount ?? '?'}`;
  if (e.name === 'Layout') {
    const b = e.args?.beginData as { dirtyObjects?: number; totalObjects?: number } | undefined;
    return `Layout dirty=${b?.dirtyObjects ?? '?'} total=${b?.totalObjects ?? '?'}`;
  }
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame') return `${e.name}`;
  return e.name;
}

function printTasks(step: string, events: TraceEvent[]) {
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const mainTid = complete.find((e) => e.name === 'UpdateLayoutTree' || e.name === 'Layout')?.tid;
  const onMain = complete.filter((e) => e.tid === mainTid).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter(
    (e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask',
  );
  const long = tasks.filter((t) => t.dur! / 1000 > OVER_MS);
  console.log(
    `\n### ${step}: ${long.length} task(s) over ${OVER_MS} ms (load ${loadavg()[0].toFixed(1)})`,
  );
  for (const task of long) {
    console.log(`  task ${(task.dur! / 1000).toFixed(0)} ms`);
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! > 2000,
    );
    // Depth by containment, shown for the events over 2 ms.
    const stack: TraceEvent[] = [];
    for (const e of inside) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur! <= e.ts)
        stack.pop();
      if (stack.length < 6)
        console.log(`    ${'  '.repeat(stack.length)}${(e.dur! / 1000).toFixed(1)} ms ${label(e)}`);
      stack.push(e);
    }
  }
}

async function traced(
  page: Page,
  browser: import('@playwright/test').Browser,
  step: string,
  run: () => Promise<unknown>,
) {
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  await run();
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  printTasks(step, parsed.traceEvents);
}

const harness = await startHarness();
const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
const stop = startBusyLoad(Number(process.env.PROFILE_BUSY ?? 2));
try {
  const templatePath = harness.addFile('bench_template.docx', benchTemplate());
  const workbookPath = harness.addFile(`bench_${ROWS}.xlsx`, benchWorkbook(ROWS));
  const context = await benchContext(browser);
  const page = await context.newPage();
  await page.goto(`${harness.baseUrl}/harness/`);
  const idle = () =>
    page.waitForFunction(
      () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
      undefined,
      {
        timeout: 900_000,
        polling: 'raf',
      },
    );
  const counter = (text: string) =>
    page.waitForFunction(
      (t) => (document.querySelector('.gen-counter')?.textContent ?? '').startsWith(t),
      text,
      {
        polling: 'raf',
        timeout: 900_000,
      },
    );
  const click = (name: string) =>
    page.getByRole('button', { name, exact: true }).click({ timeout: 900_000 });
  const download = async (act: () => Promise<unknown>) => {
    const d = page.waitForEvent('download', { timeout: 900_000 });
    await act();
    await d;
    await page.waitForTimeout(300);
  };
  if (process.env.PROFILE_FLOW === 'inputs') {
    // The paths of inputs-browser.ts: a `;` CSV export with a title, and lines grouped by customer.
    const csv = harness.addFile(`tagihan_${ROWS}.csv`, new TextEncoder().encode(csvText(ROWS)));
    const mergeFields = harness.addFile('mailmerge.docx', new Uint8Array(mergeFieldTemplate()));
    await page.getByLabel('DOCX Template').setInputFiles(mergeFields);
    await idle();
    await traced(page, browser, "load a ';' CSV", async () => {
      await page.getByLabel(/^Excel Data/).setInputFiles(csv);
      await counter(`Selected: ${ROWS} / ${ROWS} rows`);
      await idle();
      await page.waitForTimeout(300);
    });
    const customers = ROWS / 5;
    await page.goto(`${harness.baseUrl}/harness/`);
    await page
      .getByLabel('DOCX Template')
      .setInputFiles(harness.addFile('grouped.docx', new Uint8Array(groupedTemplate())));
    await idle();
    await page
      .getByLabel(/^Excel Data/)
      .setInputFiles(
        harness.addFile('lines.xlsx', new Uint8Array(groupedWorkbook(ROWS, customers))),
      );
    await counter(`Selected: ${ROWS} / ${ROWS} rows`);
    await idle();
    await page.getByRole('combobox', { name: 'Group rows by' }).selectOption('Pelanggan');
    await idle();
    await traced(page, browser, 'Generate grouped', () =>
      download(() =>
        page
          .getByRole('button', { name: `Generate Merged Document (${customers} sections)` })
          .evaluate((b: HTMLButtonElement) => b.click()),
      ),
    );
  } else await stepsFlow();
  async function stepsFlow() {
    await page.getByLabel('DOCX Template').setInputFiles(templatePath);
    await idle();
    await traced(page, browser, 'load the workbook', async () => {
      await page.getByLabel('Excel Data').setInputFiles(workbookPath);
      await counter(`Selected: ${ROWS} / ${ROWS} rows`);
      await page.waitForTimeout(300);
    });
    await traced(page, browser, 'Select None', async () => {
      await click('Select None');
      await counter(`Selected: 0 / ${ROWS} rows`);
      await page.waitForTimeout(300);
    });
    await traced(page, browser, 'Select All', async () => {
      await click('Select All');
      await counter(`Selected: ${ROWS} / ${ROWS} rows`);
      await page.waitForTimeout(300);
    });
    await click('Auto-Map Similar Names');
    await traced(page, browser, 'Preview Row', async () => {
      await click('Preview Row');
      await page.waitForSelector('.gen-row-preview h2');
      await page.waitForTimeout(300);
    });
    await traced(page, browser, 'Export XLSX', () => download(() => click('Export XLSX')));
    await idle();
    await traced(page, browser, 'Generate merged', () =>
      download(() => click(`Generate Merged Document (${ROWS} sections)`)),
    );
    await idle();
    await page
      .getByRole('combobox', { name: 'Output', exact: true })
      .selectOption({ label: 'One file per row (.zip)' });
    await traced(page, browser, 'Generate zip', () =>
      download(() => click(`Generate ${ROWS} Files (.zip)`)),
    );
  }
} finally {
  stop();
  await browser.close();
  await harness.close();
}
