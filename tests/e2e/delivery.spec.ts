// E-mail delivery in the browser (issue 32): a server of its own sends a 50-invoice job to a real
// SMTP server in the test process; the Pengiriman screen shows the progress and the failed row,
// the user resends it once its mailbox works, and the dashboard's delivered step rises.
import { expect, test } from '@playwright/test';
import { summaryBody } from '../api/business.support';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  JWT_SECRET,
  startNode,
  stopNode,
  type Node,
} from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

const PERIOD = '2025-09';
let node: Node | undefined;
let sink: SmtpSink | undefined;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  node = await startNode('e2e-delivery', {
    SMTP_URL: sink.url,
    MAIL_RATE: '0',
    MAIL_FROM: 'Billing <billing@example.com>',
    JWT_SECRET,
  });
});
test.afterAll(async () => {
  await stopNode(node);
  await sink?.close();
});

test('50 invoices are mailed, a bounced one resent, and the delivered step rises', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const login = await call(node!, 'POST', '/api/v1/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const token = login.body.data.tokens.access_token;
  const created = await call(
    node!,
    'POST',
    '/api/v1/invoice-summaries',
    summaryBody(PERIOD, { number_of_total_transaction: 1000, number_of_delivered_invoice: 0 }),
    token,
  );
  expect(created.status).toBe(201);
  const addresses = Array.from({ length: 50 }, (_, i) =>
    i === 16 ? 'bounce@example.com' : `c${i + 1}@example.com`,
  );
  const rows = rowsFor(addresses);
  const pdf = await mergedPdf(rows.map((r) => ({ key: r.key, customer: r.to })));
  const res = await fetch(`${node!.url}/api/v1/deliveries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: jobForm({ period: PERIOD, recipients: rows }, pdf),
  });
  expect(res.status).toBe(201);

  await page.goto(`${node!.url}/signin`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');

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
  await expect(page.getByText('Sent 50 of 50').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('50 of 1000 invoices delivered')).toBeVisible();
  expect(sink!.received).toHaveLength(50);

  await page.goto(`${node!.url}/dashboard?period=${PERIOD}`);
  await expect(
    page.getByRole('button', { name: /Pengiriman Tagihan: 5%, 50 dari 1\.000 unit/ }),
  ).toBeVisible();
});
