// E-mail delivery in the browser (issue 32): a server of its own sends a 50-invoice job to a real
// SMTP server in the test process; the Pengiriman screen shows the progress and the failed row,
// the user resends it once its mailbox works, and the dashboard's delivered step rises.
import { expect, test } from '@playwright/test';
import { handOverJob, signInOn, startMailingNode } from '../support/deliveryJob';
import { stopNode, type Node } from '../support/serverProcess';
import type { SmtpSink } from '../support/smtpSink';

const PERIOD = '2025-09';
let node: Node | undefined;
let sink: SmtpSink | undefined;

test.beforeAll(async () => {
  ({ node, sink } = await startMailingNode('e2e-delivery'));
});
test.afterAll(async () => {
  await stopNode(node);
  await sink?.close();
});

test('50 invoices are mailed, a bounced one resent, and the delivered step rises', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const addresses = Array.from({ length: 50 }, (_, i) =>
    i === 16 ? 'bounce@example.com' : `c${i + 1}@example.com`,
  );
  const { status } = await handOverJob(node!, PERIOD, addresses, 1000);
  expect(status).toBe(201);

  await signInOn(page, node!);

  await page.goto(`${node!.url}/dashboard?period=${PERIOD}`);
  await page.getByRole('link', { name: 'Pengiriman', exact: true }).click();
  await expect(page).toHaveURL(/\/deliveries\?period=2025-09/);
  await expect(page.getByText('Sent 49 of 50').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Failed: 1')).toBeVisible();
  await expect(page.getByText('49 of 1000 invoices delivered')).toBeVisible();

  await page.getByRole('button', { name: 'Show recipients' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Failed (1)' });
  const row = page.getByRole('row', { name: /INV-2025-0017/ });
  await expect(row).toContainText('bounce@example.com');
  await expect(row).toContainText('550');
  await row.getByRole('button', { name: 'Resend INV-2025-0017' }).click();
  await expect(page.getByText('1 e-mail queued again.')).toBeVisible();
  await expect(page.getByText('Sent 50 of 50').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('50 of 1000 invoices delivered')).toBeVisible();
  expect(sink!.received).toHaveLength(50);

  await page.goto(`${node!.url}/dashboard?period=${PERIOD}`);
  // The node runs from source (tsx): its first dashboard answer may take a while on a busy machine.
  await expect(
    page.getByRole('button', { name: /Pengiriman Tagihan: 5%, 50 dari 1\.000 unit/ }),
  ).toBeVisible({ timeout: 30_000 });
});
