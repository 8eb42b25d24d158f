// Pictures per row (issue 34) in headless Chromium, through the generator screen against the
// production worker bundle (the harness of merge-browser.ts): 10,000 invoices with a QRIS each,
// as one merged document and as one file per row (and 1,000), with the longest main-thread task from the
// click on Generate to the download. The harness has no server: the one answer the screen asks
// for, the stored company settings with the static QRIS, is given by the page's route.
// Figures, not pass/fail (goal: no task over 50 ms).
//   node --import tsx tests/bench/pictures-browser.ts
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { benchContext } from './harness/context';
import { startHarness } from './harness/serve';
import { generateThroughScreen, type ScreenOutput } from './harness/generateScreen';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { picturesTemplate, picturesWorkbook } from './pictures';
import { STATIC_QRIS } from '../support/qris';

/** Rows per run (BENCH_PICTURE_ROWS, as the Node side: 1,000 and 10,000). */
const SIZES = (process.env.BENCH_PICTURE_ROWS ?? '1000,10000').split(',').map(Number);

export async function runPicturesBrowserBench(): Promise<string[]> {
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const plainTemplate = harness.addFile(
      'plain_template.docx',
      new Uint8Array(picturesTemplate(false)),
    );
    const template = harness.addFile('qris_template.docx', new Uint8Array(picturesTemplate(true)));
    const context = await benchContext(browser);
    await context.route('**/api/v1/company-settings', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            sellerNpwp: '',
            sellerNitku: '',
            sellerName: '',
            qrisStatic: STATIC_QRIS,
            version: 1,
          },
        },
      }),
    );
    const out: string[] = [];
    const screen = async (path: string, workbook: string, rows: number, output: ScreenOutput) => {
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/harness/`);
      const figure = await generateThroughScreen(page, path, workbook, rows, output);
      await page.close();
      return figure;
    };
    for (const ROWS of SIZES) {
      const workbook = harness.addFile(
        `tagihan_${ROWS}.xlsx`,
        new Uint8Array(picturesWorkbook(ROWS)),
      );
      for (const output of ['merged', 'zip'] as ScreenOutput[]) {
        // The same screen without images first: on a shared machine a task's length is wall time.
        const plain = await screen(plainTemplate, workbook, ROWS, output);
        const figure = await screen(template, workbook, ROWS, output);
        const name = output === 'zip' ? 'one file per row' : 'merged document';
        out.push(
          `screen, ${name}, ${ROWS.toLocaleString('en-US')} rows with a QRIS each: click to download ${(figure.totalMs / 1000).toFixed(1)} s (without images ${(plain.totalMs / 1000).toFixed(1)} s), longest main-thread task ${figure.longest.toFixed(0)} ms, without images ${plain.longest.toFixed(0)} ms (goal ≤ 50 ms: ${figure.longest <= 50 ? 'meets' : 'MISSES'}); ratio ${(figure.totalMs / plain.totalMs).toFixed(2)} (goal ≤ 2), load ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        );
      }
    }
    return out;
  } finally {
    await browser.close();
    await harness.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = await runPicturesBrowserBench();
  console.log(lines.join('\n'));
}
