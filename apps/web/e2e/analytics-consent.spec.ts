import { expect, test, type Browser, type Page } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';

const MEASUREMENT_ID = 'G-E2ETEST123';

// Analytics on, with a measurement id (the shared test server runs with every flag off).
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    ADVANCED_ANALYTICS: 'true',
    ANALYTICS_MEASUREMENT_ID: MEASUREMENT_ID,
  });
});
test.afterAll(async () => server?.stop());

/**
 * A page whose requests to Google are intercepted (answered with an empty script, never sent)
 * and recorded, so the test sees exactly when gtag.js would have loaded.
 */
async function watchedPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const google: string[] = [];
  await context.route(/googletagmanager\.com|google-analytics\.com/, async (route) => {
    google.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return { page: await context.newPage(), google };
}

const pageViews = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => (args[2] as { page_path: string }).page_path),
  );

test('nothing from Google loads before Accept; Reject is remembered and loads nothing', async ({
  browser,
}) => {
  const { page, google } = await watchedPage(browser, server.baseURL);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Analytics cookies' });
  await expect(banner).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  expect(google).toEqual([]);
  expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');

  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await page.getByRole('link', { name: 'Store' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
  expect(google).toEqual([]);
});

test('Accept loads gtag.js (allowed by the CSP) and sends a page view per route change', async ({
  browser,
}) => {
  const { page, google } = await watchedPage(browser, server.baseURL);
  const blocked: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
  });
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Analytics cookies' });
  await expect(banner).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  expect(google).toEqual([]);

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  await expect
    .poll(() => google.some((u) => u.includes(`gtag/js?id=${MEASUREMENT_ID}`)))
    .toBe(true);
  await expect.poll(() => pageViews(page)).toEqual(['/']);

  await page.getByRole('link', { name: 'Store' }).first().click();
  await expect(page).toHaveURL(/\/store/);
  await expect.poll(() => pageViews(page)).toEqual(['/', '/store']);
  expect(blocked).toEqual([]);

  // Remembered: the next visit loads gtag.js at once, with no banner.
  await page.reload();
  await expect.poll(() => pageViews(page)).toEqual(['/store']);
  await expect(page.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
});

test('with ADVANCED_ANALYTICS off there is no banner and nothing loads', async ({
  browser,
  baseURL,
}) => {
  const { page, google } = await watchedPage(browser, baseURL!);
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Store' })
    .first()
    .waitFor({ timeout: COLD_PAGE_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
  expect(google).toEqual([]);
  expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
});
