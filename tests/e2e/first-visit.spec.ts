// The first visit (issue 23): the auth pages link a stylesheet without the other screens' rules and
// load the whole one only when a signed-in page needs it. Cutting rules must never change how an
// auth page looks: every element's computed style is the same before and after the whole
// stylesheet is added, in light and dark mode, with the form's errors showing.
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';

/** Every computed property of every element, keyed by the element's position in the document. */
function computedStyles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const styles: Record<string, string> = {};
    const elements = [document.documentElement, ...document.querySelectorAll('body, body *')];
    elements.forEach((element, index) => {
      const style = getComputedStyle(element);
      const label = `${index}:${element.tagName.toLowerCase()}${element.className ? '.' + String(element.className).replaceAll(' ', '.') : ''}`;
      // Custom properties count through the properties that read them, which are all compared.
      for (const property of Array.from(style).filter((name) => !name.startsWith('--')))
        styles[`${label} ${property}`] = style.getPropertyValue(property);
    });
    return styles;
  });
}

/** Waits until no transition or animation is running (focus rings fade in). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
  );
}

async function addWholeStylesheet(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const href = document.querySelector<HTMLMetaElement>(
          'meta[name="full-stylesheet"]',
        )!.content;
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`${href} did not load`));
        document.head.append(link);
      }),
  );
}

async function expectSameLookWithWholeStylesheet(page: Page): Promise<void> {
  await settled(page);
  const before = await computedStyles(page);
  await addWholeStylesheet(page);
  await settled(page);
  const after = await computedStyles(page);
  const changed = Object.keys(after)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${before[key]} → ${after[key]}`);
  expect(changed, 'styles that only the whole stylesheet gives').toEqual([]);
}

const AUTH_PAGES = [
  { path: '/signin', submit: 'Sign In' },
  { path: '/signup', submit: 'Sign Up', strengthMeter: true },
  { path: '/forgot-password', submit: 'Send Reset Link' },
  { path: '/reset-password?token=not-a-real-token', submit: 'Reset Password' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const { path, submit, strengthMeter } of AUTH_PAGES) {
    test(`${path} (${colorScheme}) looks the same without the other screens' styles, errors showing`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      const button = page.getByRole('button', { name: submit, exact: true });
      await button.click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      if (strengthMeter) {
        // A typed password shows its strength.
        await page.getByLabel('Password', { exact: true }).fill('abc12');
        await expect(page.getByRole('progressbar')).toBeVisible();
      }
      await expectSameLookWithWholeStylesheet(page);
    });
  }
}

test('a refused sign-in (alert and notice showing) looks the same without the other screens’ styles', async ({
  page,
}) => {
  await signInAs(page, 'nobody@example.com', 'Wrong-password-1', { expectSuccess: false });
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectSameLookWithWholeStylesheet(page);
});

test('the sign-in page does not load the whole stylesheet; a signed-in page does before it shows', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const whole = await page.locator('meta[name="full-stylesheet"]').getAttribute('content');
  expect(whole).toMatch(/^\/assets\/full-[A-Z0-9]+\.css$/);
  expect(stylesheets).not.toContain(whole);

  await signInAs(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect(stylesheets).toContain(whole);
  // The signed-in layout is laid out by rules the sign-in page's stylesheet leaves out.
  expect(await page.locator('.app-layout').evaluate((el) => getComputedStyle(el).display)).toBe(
    'grid',
  );
});
