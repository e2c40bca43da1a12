import { expect, test, type Page } from '@playwright/test';
import { startServer, visitorPage, type RunningServer } from './support/server';
import { contrastAxe, wcagAxe } from './support/axe';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { toast } from './support/toast';
import { signUpBuyer } from './support/users';
import { csrfOf, topUp } from './support/wallet';

/*
 * The vault: a collector buys a store card and keeps it in the vault, sees it there with its
 * value, ships it (the fee leaves the wallet, the box is listed), then cancels the box (the fee
 * comes back). The page passes axe in both themes and fits a 390 px screen. A server of its own
 * (with the demo catalogue): the card it buys is then no other spec's.
 */

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ DEMO_DATA: 'true' });
});
test.afterAll(async () => server?.stop());

const balanceOf = async (page: Page) =>
  ((await (await page.request.get('/api/wallet')).json()) as { balance: number }).balance;

async function seriousViolations(page: Page, theme: 'light' | 'dark') {
  const results = await (theme === 'light' ? wcagAxe(page) : contrastAxe(page)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const saved = await page.request.put('/api/theme', {
    data: { theme },
    headers: { 'x-csrf-token': await csrfOf(page.request) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(theme === 'dark');
}

test('buy into the vault, ship from it (fee debited), cancel (fee back); axe and 390 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser, server);
  await signUpBuyer(page.request);
  // The cheapest card insured under the free-shipping threshold: its box costs the first card's $5.
  const store = await page.request.get(
    '/api/products/store-items?sort=storePrice&order=asc&limit=50',
  );
  const products = (
    (await store.json()) as {
      products: { _id: string; name: string; storePrice: number; fmv: number }[];
    }
  ).products;
  const card = products.find((p) => p.fmv < 250);
  expect(card, 'a store card worth under $250').toBeTruthy();
  await topUp(page.request, Math.ceil(card!.storePrice) + 20);

  // Checkout: Keep in my vault costs no shipping and asks no address.
  await page.goto(`/checkout?buy=${card!._id}`);
  await page.getByRole('radio', { name: /Keep in my vault/ }).check({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByTestId('checkout-shipping')).toHaveText('Free (vault)');
  await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeHidden();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByTestId('order-vault')).toContainText(
    'Your cards are in your vault: ship them whenever you like.',
    { timeout: COLD_PAGE_TIMEOUT_MS },
  );

  // The vault, from the account menu.
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Vault' }).click();
  await expect(page).toHaveURL(/\/dashboard\/vault$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vault' })).toBeVisible();
  await expect(page.getByTestId('vault-cards')).toHaveText('1', { timeout: COLD_PAGE_TIMEOUT_MS });
  const holding = page.getByTestId('holding').filter({ hasText: card!.name });
  await expect(holding).toContainText('In vault');
  await expect(holding).toContainText('Store order');
  await expect(page.getByText('No shipments yet.', { exact: false })).toBeVisible();

  // Axe in both themes, the page as the collector sees it.
  expect(await seriousViolations(page, 'light')).toEqual([]);
  await setTheme(page, 'dark');
  await expect(page.getByTestId('holding')).toHaveCount(1);
  expect(await seriousViolations(page, 'dark')).toEqual([]);

  // Ship it: $5.00 leaves the wallet and the box is listed.
  const before = await balanceOf(page);
  await holding.getByRole('checkbox', { name: `Select ${card!.name}` }).check();
  await page.getByRole('button', { name: 'Ship 1 card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship 1 card' });
  await expect(dialog.getByTestId('ship-quote')).toContainText('Shipping fee$5.00');
  await expect(dialog).toContainText('Shipped within 48 hours of your request.');
  await expect(dialog.getByTestId('ship-address')).toContainText('1 Card Street');
  expect(await seriousViolations(page, 'dark')).toEqual([]);
  await dialog.getByRole('button', { name: 'Ship for $5.00' }).click();
  await expect(toast(page, 'Shipping requested: 1 card.')).toBeVisible();
  const box = page.getByTestId('vault-shipment');
  await expect(box).toContainText('Requested');
  await expect(box).toContainText('Fee$5.00');
  await expect(holding).toContainText('Shipping requested');
  expect(await balanceOf(page)).toBeCloseTo(before - 5, 2);

  // 390 px: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForLoadState('networkidle');
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, 'the vault is wider than a 390 px screen').toBeLessThanOrEqual(width);

  // Cancel it: the card is back in the vault and the fee back in the wallet.
  await box.getByRole('button', { name: 'Cancel shipment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this shipment?' });
  await confirm.getByRole('button', { name: 'Cancel shipment' }).click();
  await expect(toast(page, 'Shipment cancelled: $5.00 refunded to your wallet.')).toBeVisible();
  await expect(box).toContainText('Cancelled');
  await expect(holding).toContainText('In vault');
  expect(await balanceOf(page)).toBeCloseTo(before, 2);
});
