// The Pengiriman screen reached without a period (from the menu or a bookmark): it asks for one,
// and choosing a month shows that period's deliveries (docs/delivery.md).
import { expect, signInAs, test } from './support/fixtures';

test('Pengiriman without a period asks for one, and a chosen month shows its deliveries', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/deliveries');
  await expect(page.getByText('Choose a period to see its e-mail deliveries.')).toBeVisible();
  await page.getByLabel('Period').fill('2024-03');
  await expect(page).toHaveURL(/\/deliveries\?period=2024-03$/);
  await expect(page.getByRole('heading', { name: 'Pengiriman Maret 2024' })).toBeVisible();
  await expect(page.getByText('Choose a period to see its e-mail deliveries.')).toBeHidden();
});
