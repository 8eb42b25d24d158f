// A server without SMTP_URL writes a job's mails to the outbox (docs/delivery.md): Pengiriman
// says so and never says they were sent, and the delivered count stays where it was. A node of
// its own, unthrottled, so that no other spec's job is sent before this one.
import { expect, test } from '@playwright/test';
import { handOverJob, signInOn } from '../support/deliveryJob';
import { JWT_SECRET, startNode, stopNode, type Node } from '../support/serverProcess';

const PERIOD = '2025-10';
let node: Node | undefined;

test.beforeAll(async () => {
  node = await startNode('e2e-delivery-outbox', { MAIL_RATE: '0', JWT_SECRET });
});
test.afterAll(() => stopNode(node));

test('a job written to the outbox says so, not Sent, and delivers nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const { status } = await handOverJob(
    node!,
    PERIOD,
    ['a@example.com', 'b@example.com', 'c@example.com'],
    1000,
  );
  expect(status).toBe(201);

  await signInOn(page, node!);
  await page.goto(`${node!.url}/deliveries?period=${PERIOD}`);

  await expect(page.getByText('Written to outbox 3 of 3, none sent')).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.getByRole('progressbar', { name: 'Written to outbox 3 of 3, none sent' }),
  ).toBeVisible();
  await expect(page.getByText('Written to outbox: 3')).toBeVisible();
  await expect(page.getByText('0 of 1000 invoices delivered')).toBeVisible();
  await expect(page.getByText(/^Sent \d+ of/)).toHaveCount(0);
});
