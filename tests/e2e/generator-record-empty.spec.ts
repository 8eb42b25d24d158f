// Recording a run in the pipeline (RecordRun) on a new installation: with no period created yet
// there is nothing to choose, so the page says where to start instead of offering an empty list
// and a button "Record in progress for" naming nothing. A node of its own: the shared e2e
// server has periods.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInOn } from '../support/deliveryJob';
import { JWT_SECRET, startNode, stopNode, type Node } from '../support/serverProcess';

const FIXTURES = path.resolve('tests/fixtures');
let node: Node | undefined;

test.beforeAll(async () => {
  node = await startNode('e2e-record-empty', { JWT_SECRET });
});
test.afterAll(() => stopNode(node));

test('after a merge with no period yet, the page says to create one first', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOn(page, node!);
  await page.goto(`${node!.url}/invoice-document-generator`);
  await page
    .getByLabel('DOCX Template')
    .setInputFiles(path.join(FIXTURES, 'tagihan_template.docx'));
  await expect(page.getByLabel('Excel Data')).toBeEnabled({ timeout: 60_000 });
  await page.getByLabel('Excel Data').setInputFiles(path.join(FIXTURES, 'pelanggan_50.xlsx'));
  await expect(page.getByText(/^Selected: (\d+) \/ \1 rows$/)).toBeVisible({ timeout: 60_000 });
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Generate Merged Document/ }).click();
  await downloaded;

  const record = page.getByRole('region', { name: 'Record in progress' });
  await expect(
    record.getByText(
      'No period to record this run in yet: create it in Buat Progres Tagihan first.',
    ),
  ).toBeVisible();
  await expect(record.getByRole('combobox')).toHaveCount(0);
  await expect(record.getByRole('button')).toHaveCount(0);
});
