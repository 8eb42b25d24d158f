// Pengiriman names every recipient of a large job (issue 32): the list shows 500 at a time with
// the count of all, and Next / Previous reach every row, the last one included; the counts by
// status cover the whole job. The e2e server has no SMTP_URL: its mails go to the outbox.
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import { API_ROOT, apiLogin, expect, signInAs, test } from './support/fixtures';

const PERIOD = '2038-04';
const RUN = Date.now().toString(36).toUpperCase();
const TOTAL = 1203;

test('a job of 1,203 recipients is listed whole, 500 at a time', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { accessToken } = await apiLogin(request);
  const seeded = await request.post(`${API_ROOT}/invoice-summaries`, {
    data: {
      invoice_period: PERIOD,
      number_of_active_customer: 10,
      number_of_total_transaction: 5000,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft',
    },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect([201, 409]).toContain(seeded.status());
  const rows = rowsFor(
    Array.from({ length: TOTAL }, (_, i) => `c${i + 1}@example.com`),
    `INV-${RUN}-`,
  );
  const pdf = await mergedPdf(rows.map((r) => ({ key: r.key, customer: r.to })));
  const res = await fetch(`${API_ROOT}/deliveries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: jobForm({ period: PERIOD, recipients: rows }, pdf),
  });
  expect(res.status).toBe(201);

  await signInAs(page);
  await page.goto(`/deliveries?period=${PERIOD}`);
  await page.getByRole('button', { name: 'Show recipients' }).first().click();
  await expect(page.getByText('Recipients 1–500 of 1,203')).toBeVisible();
  const last = `INV-${RUN}-${String(TOTAL).padStart(4, '0')}`;
  await expect(page.getByRole('row', { name: new RegExp(last) })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Previous recipients' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next recipients' }).click();
  await expect(page.getByText('Recipients 501–1,000 of 1,203')).toBeVisible();
  await page.getByRole('button', { name: 'Next recipients' }).click();
  await expect(page.getByText('Recipients 1,001–1,203 of 1,203')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(last) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next recipients' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous recipients' }).click();
  await expect(page.getByText('Recipients 501–1,000 of 1,203')).toBeVisible();
});
