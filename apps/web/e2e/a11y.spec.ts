import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';

/** Every page a visitor can open without signing in. */
const PUBLIC_PAGES = [
  '/',
  '/grail-machine',
  '/grail-machine/fairness',
  '/store',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/privacy-policy',
  '/terms-of-service',
  '/sell-cards',
  '/no-such-page',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => {
        localStorage.setItem('theme', t);
        sessionStorage.setItem('signupPromptDismissed', 'true');
      }, theme);
    });

    for (const path of PUBLIC_PAGES) {
      test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
          timeout: COLD_PAGE_TIMEOUT_MS,
        });
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('axe finds no serious or critical violation on a product page', async ({
      page,
      request,
    }) => {
      const answer = await request.get('/api/products/store-items?limit=1');
      test.skip(!answer.ok(), 'the store API is not there yet');
      const { products } = (await answer.json()) as { products: { _id: string }[] };
      await page.goto(`/product/${products[0]!._id}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: COLD_PAGE_TIMEOUT_MS,
      });
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('axe finds no serious or critical violation with the sign-up prompt open', async ({
      page,
    }) => {
      await page.addInitScript(() => sessionStorage.removeItem('signupPromptDismissed'));
      await page.goto('/privacy-policy');
      await expect(page.getByRole('dialog', { name: 'Join Our Community!' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
