// Screenshots of each step of the generator (harness page, real worker), for eyeballing the UI:
//   node --import tsx tests/bench/harness/screens.ts [outdir]
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { benchTemplate, benchWorkbook } from './documents';
import { startHarness } from './serve';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../e2e/support/chromium';

const outDir = path.resolve(process.argv[2] ?? 'bench-results/screens');
mkdirSync(outDir, { recursive: true });
const harness = await startHarness();
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  page.on('pageerror', (e) => console.error('pageerror:', e.message));
  const shot = (name: string) =>
    page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
  await page.goto(`${harness.baseUrl}/harness/`);
  await page.getByRole('heading', { name: 'Generate Tagihan Voice' }).waitFor();
  await shot('1-empty');

  await page
    .getByLabel('DOCX Template')
    .setInputFiles(path.resolve('tests/fixtures/tagihan_template.docx'));
  await page.getByText('tagihan_template.docx').waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
  );
  await page
    .getByLabel('Excel Data')
    .setInputFiles(path.resolve('tests/fixtures/pelanggan_50.xlsx'));
  await page
    .getByText('Selected: 51 / 51 rows')
    .waitFor()
    .catch(async (e) => {
      await shot('fail');
      throw e;
    });
  await shot('2-files-preview-mapping-unmapped');

  for (const n of [1, 2, 3])
    await page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }).check();
  await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
  await shot('3-selected-automapped');

  await page
    .getByLabel('DOCX Template')
    .setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await shot('4-error');

  const big = harness.addFile('bench_10000.xlsx', benchWorkbook(10_000));
  const template = harness.addFile('bench_template.docx', benchTemplate());
  await page.getByLabel('DOCX Template').setInputFiles(template);
  await page.waitForFunction(
    () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
  );
  await page.getByLabel('Excel Data').setInputFiles(big);
  await page.getByText('Selected: 10000 / 10000 rows').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Select All' }).click();
  await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
  await page
    .getByRole('region', { name: 'Data preview' })
    .evaluate((el) => el.scrollTo(0, 200_000));
  await page.waitForTimeout(200);
  await shot('5-mapped-scrolled');
  await page.getByRole('button', { name: /Generate Merged Document/ }).click();
  await page.getByText(/sections processed/).waitFor();
  await page.waitForTimeout(600);
  await shot('6-generating');
  await page.getByText(/Successfully generated/).waitFor({ timeout: 120_000 });
  await shot('7-success');
  await page.getByRole('button', { name: 'Reset' }).click();
  await shot('8-reset');
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await harness.close();
}
