// Feedback where the eye is (issue 16): a form's outcome appears beside its buttons with the
// focus on it and an error does not vanish unseen; notices never cover the page's own controls
// and go once they no longer apply; a fixed field loses its message; the Name field of the user
// modals; no pill outline across the user filters; mixed text isolated in RTL; 'Reconnecting…'
// while the client retries. At 390, 1000 and 1366 px where the layout matters.
import type { Locator, Page } from '@playwright/test';
import { apiLogin, createUserViaApi, expect, signInAs, test } from './support/fixtures';
import { seedSummary } from './support/seed';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1000, height: 800 },
  { width: 1366, height: 900 },
];

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`feedback-${name}.png`) });

async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return (
      r.top >= 0 &&
      r.left >= 0 &&
      r.bottom <= window.innerHeight &&
      r.right <= document.documentElement.clientWidth
    );
  });
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await seedSummary(
    request,
    {
      invoice_period: '2030-07',
      number_of_active_customer: 1000,
      number_of_total_transaction: 1000,
      number_of_usage_transaction: 950,
    },
    { allowTaken: true },
  );
});

for (const size of WIDTHS) {
  test(`create bill at ${size.width} px: the refusal shows beside Simpan with the focus, and stays`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.clock.install();
    await signInAs(page);
    await page.goto('/create-progress-bill');
    await page.getByLabel('Periode tagihan').fill('2030-07');
    await page.getByLabel('Jumlah pelanggan aktif').fill('10');
    await page.getByLabel('Jumlah transaksi', { exact: true }).fill('20');
    await page.getByLabel('URL Data Transaksi (Draft Tagihan)').fill('https://drive.example.com/x');
    const save = page.getByRole('button', { name: 'Simpan' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'Invoice summary untuk periode 2030-07 sudah ada.' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeFocused();
    expect(await inViewport(refusal), 'the refusal is on screen').toBe(true);
    expect(await inViewport(save), 'Simpan is still on screen beside it').toBe(true);
    await shot(page, `create-refused-${size.width}`);
    // Not gone unseen after 5 s: it stays until the form is sent again.
    await page.clock.fastForward(8000);
    await expect(refusal).toBeVisible();
  });
}

test('sign-in: a field message goes once the field is valid, and the refusal takes the focus', async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await expect(page.getByText('Password is required')).toHaveCount(0);
  // Still wrong fields keep theirs until fixed.
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
  await expect(page.getByText('Email is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'Invalid email or password. Please try again.' });
  await expect(refusal).toBeFocused();
});

test("'Sign In Required' is gone once sign-in lands on the intended page", async ({ page }) => {
  await page.goto('/user-management');
  await expect(page).toHaveURL(/\/signin$/);
  const notice = page.getByRole('region', { name: 'Notifications' }).getByText('Sign In Required');
  await expect(notice).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Admin12345');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manajemen User' })).toBeVisible();
  // Checked at once (the notice's own 3 s would otherwise still be running).
  expect(await notice.count()).toBe(0);
});

for (const size of WIDTHS) {
  test(`notices at ${size.width} px never cover the dashboard's period title or its buttons`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAs(page);
    await page.goto('/dashboard?period=2030-07');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Layanan Voice: Juli 2030' }),
    ).toBeVisible();
    // A signed-in user opening /signin comes back with 'Already Signed In'.
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/dashboard/);
    const notice = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('status')
      .filter({ hasText: 'Already Signed In' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const noticeBox = (await notice.boundingBox())!;
    const controls = [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('button', { name: /^Bulan sebelumnya/ }),
      page.getByRole('button', { name: /^Bulan berikutnya/ }),
      page.getByRole('button', { name: /^User menu for/ }),
    ];
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(overlaps(noticeBox, box), `the notice covers ${await control.textContent()}`).toBe(
        false,
      );
    }
    await shot(page, `notice-${size.width}`);
  });
}

test('users: the Name field of Add and Edit, and no pill outline around the filter row', async ({
  page,
  request,
}) => {
  const { accessToken } = await apiLogin(request);
  await createUserViaApi(request, accessToken, {
    name: 'Rina',
    email: 'rina.name@example.com',
    password: 'Rina12345',
  });
  await page.setViewportSize(WIDTHS[2]);
  await signInAs(page);
  await page.goto('/user-management');

  // Focusing a filter outlines that filter only, not the whole row.
  const filters = page.getByRole('form', { name: 'Filter users' });
  await page.getByLabel('Search users').focus();
  expect(await filters.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');
  await page.getByLabel('Filter by role').focus();
  expect(await filters.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');

  // Edit: the name is pre-filled, and a new one shows in the list.
  const row = page.getByRole('row').filter({ hasText: 'rina.name@example.com' });
  await row.getByRole('button', { name: 'Edit rina.name@example.com' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Rina');
  await edit.getByLabel('Name', { exact: true }).fill('Rina Kartika');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: 'Rina Kartika', exact: true })).toBeVisible();

  // Add: the typed name is the new account's name.
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('Name', { exact: true }).fill('Hendra Gunawan');
  await add.getByLabel('Email').fill('hendra@example.com');
  await add.getByLabel('Username').fill('hendra');
  await add.getByLabel('Password', { exact: true }).fill('Hendra123');
  await add.getByLabel('Confirm Password').fill('Hendra123');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add).toBeHidden();
  const added = page.getByRole('row').filter({ hasText: 'hendra@example.com' });
  await expect(added.getByRole('cell', { name: 'Hendra Gunawan', exact: true })).toBeVisible();
});

test("right-to-left: 'x dari y unit' and 'n periode terakhir' keep their order", async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS[2]);
  await signInAs(page);
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
  await page.goto('/dashboard?period=2030-07');
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
  const phrase = page.getByText('950 dari 1.000 unit', { exact: true }).first();
  await expect(phrase).toBeVisible();
  // Read left to right as drawn: the first number is left of 'unit'.
  const order = await phrase.evaluate((el) => {
    const range = document.createRange();
    const text = el.textContent ?? '';
    const node = [...el.childNodes].find(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('950'),
    );
    const unitNode = [...el.childNodes]
      .reverse()
      .find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('unit'));
    if (!node || !unitNode) return { text, ok: false };
    range.setStart(node, node.textContent!.indexOf('950'));
    range.setEnd(node, node.textContent!.indexOf('950') + 3);
    const first = range.getBoundingClientRect().left;
    range.setStart(unitNode, unitNode.textContent!.indexOf('unit'));
    range.setEnd(unitNode, unitNode.textContent!.indexOf('unit') + 4);
    const unit = range.getBoundingClientRect().left;
    return { text, ok: first < unit };
  });
  expect(order.ok, `drawn order of '${order.text}'`).toBe(true);
  await expect(
    page.getByRole('button', { name: /^\d+ periode terakhir$/ }).locator('bdi'),
  ).toHaveAttribute('dir', 'ltr');
});

test("'Reconnecting…' shows while the client retries and goes when the server answers", async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS[2]);
  await signInAs(page);
  await page.goto('/dashboard?period=2030-07');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Layanan Voice: Juli 2030' }),
  ).toBeVisible();
  let failing = true;
  await page.route(/\/api\/v1\/invoice-summaries/, (route) =>
    failing ? route.abort('connectionrefused') : route.continue(),
  );
  await page.getByRole('button', { name: /^Bulan berikutnya/ }).click();
  const status = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await expect(status).toBeVisible();
  failing = false;
  await expect(status).toHaveCount(0, { timeout: 15_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Layanan Voice: Agustus 2030' }),
  ).toBeVisible();
});
