import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { signUpBuyer } from './support/users';

/* The words a new collector meets: the greeting, the tab titles, Discord when it is not offered. */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('a brand-new account is welcomed, not welcomed back', async ({ page }) => {
  await signUpBuyer(page.request);
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome, Casey Collector.')).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
});

test('privacy, terms and an unknown page each have their own tab title', async ({ page }) => {
  for (const [path, title] of [
    ['/privacy-policy', 'Privacy Policy | Grail Machine'],
    ['/terms-of-service', 'Terms of Service | Grail Machine'],
    ['/no-such-page', 'Page not found | Grail Machine'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title, { timeout: COLD_PAGE_TIMEOUT_MS });
  }
});

test('/discord-grail-success with Discord off says it is not offered and links home', async ({
  page,
}) => {
  await signUpBuyer(page.request);
  await page.goto('/discord-grail-success');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discord linking is not offered' }),
  ).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(page.getByText(/from the settings/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('with DISCORD_INTEGRATION on but no Discord keys on the server', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startServer({ DISCORD_INTEGRATION: 'true', DEMO_DATA: 'false' });
  });
  test.afterAll(async () => server?.stop());

  test('a collector’s settings have no Discord control, and the success page says it is not offered', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    const page = await context.newPage();
    await signUpBuyer(page.request);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByText('Where you are signed in')).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await expect(page.getByRole('heading', { name: 'Discord' })).toHaveCount(0);
    await expect(page.getByText(/Discord linking is not available/)).toHaveCount(0);

    await page.goto('/discord-grail-success');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discord linking is not offered' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toBeVisible();
    await context.close();
  });
});
