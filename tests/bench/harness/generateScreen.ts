// The generator screen generating as a user would (choose the files, Select All, Auto-Map, pick
// the output, Generate, the download), with the main thread's long tasks recorded meanwhile.
import type { Page } from '@playwright/test';

export type ScreenOutput = 'merged' | 'zip';

const OUTPUT_LABEL = { zip: 'One file per row (.zip)' } as const;

export async function generateThroughScreen(
  page: Page,
  templatePath: string,
  workbookPath: string,
  rows: number,
  output: ScreenOutput = 'merged',
) {
  const idle = () =>
    page.waitForFunction(() => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'));
  await page.getByLabel('DOCX Template').setInputFiles(templatePath);
  await idle();
  await page.getByLabel('Excel Data').setInputFiles(workbookPath);
  await page.getByText(`Selected: ${rows} / ${rows} rows`).waitFor({ timeout: 300_000 });
  await page.getByRole('button', { name: 'Select All' }).click();
  await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
  if (output === 'zip')
    await page
      .getByRole('combobox', { name: 'Output', exact: true })
      .selectOption({ label: OUTPUT_LABEL.zip });
  const generate = page.getByRole('button', {
    name:
      output === 'zip'
        ? `Generate ${rows} Files (.zip)`
        : `Generate Merged Document (${rows} sections)`,
  });
  await generate.waitFor();
  const start = await page.evaluate(() => performance.now());
  const download = page.waitForEvent('download', { timeout: 900_000 });
  await generate.click();
  // Nothing polls the page while it generates: Playwright's text queries run on the page's main
  // thread (a 96 ms task of its own over this page), so the wait is for the download, the last
  // thing the screen does, and the success text is checked after the measured window.
  await download;
  const end = await page.evaluate(() => performance.now());
  await page
    .getByText(
      output === 'zip'
        ? new RegExp(`^Successfully generated ${rows} files in Invoices_`)
        : new RegExp(`^Successfully generated merged document with ${rows} sections`),
    )
    .waitFor({ timeout: 60_000 });
  return page.evaluate(
    ({ start, end }) => {
      const tasks = window.__longtasks.filter((t) => t.start >= start && t.start <= end);
      return {
        totalMs: end - start,
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        count: tasks.length,
        over50: tasks.filter((t) => t.duration > 50).length,
      };
    },
    { start, end },
  );
}
