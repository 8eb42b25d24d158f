import { expect, test } from './support/fixtures';

test('the built app is served with its title, stylesheet and script', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    // The page and its assets; API answers (401 for a guest, say) are the feature specs' business.
    const isApi = new URL(response.url()).pathname.startsWith('/api/');
    if (response.status() >= 400 && !isApi) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page).toHaveTitle(/Dashboard Invoice/);
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(failed).toEqual([]);
});
