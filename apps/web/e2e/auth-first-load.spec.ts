import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';

/** A visitor's sign-in, sign-up and sell pages, the heading each shows first and its code's chunk. */
const PAGES = [
  ['/login', 'Sign in', 'LoginPage'],
  ['/register', 'Create your account', 'RegisterPage'],
  ['/sell-cards', 'Sell Your Graded Cards', 'SellCardsPage'],
] as const;

for (const [theme, width] of [
  ['light', 390],
  ['dark', 1280],
] as const) {
  test(`sign-in, sign-up and sell pages start their code from the HTML, each script once (${theme}, ${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      colorScheme: theme,
      viewport: { width, height: 900 },
    });
    await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    const page = await context.newPage();
    for (const [path, title, chunk] of PAGES) {
      const scripts: string[] = [];
      const onRequest = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', onRequest);
      // The HTML starts the page's code with the app's, and the app then uses what it preloaded.
      const html = await (await page.goto(path))!.text();
      expect(html, path).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-`),
      );
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
        timeout: COLD_PAGE_TIMEOUT_MS,
      });
      await page.waitForLoadState('networkidle');
      expect(scripts.length, path).toBe(new Set(scripts).size);
      page.off('request', onRequest);
    }
    await context.close();
  });
}

test('the fields work by keyboard: focus, show the password, submit', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused({ timeout: COLD_PAGE_TIMEOUT_MS });
  await page.keyboard.type('casey@example.com');
  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password');
  await expect(password).toBeFocused();
  await page.keyboard.type('secret words');
  await page.keyboard.press('Tab');
  const show = page.getByRole('button', { name: 'Show password' });
  await expect(show).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
  await password.press('Enter');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
