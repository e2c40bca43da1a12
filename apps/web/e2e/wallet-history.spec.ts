import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { signUpBuyer } from './support/users';
import { csrfOf, topUp } from './support/wallet';

/*
 * The wallet's history lists every movement with the balance after it and filters by kind;
 * the sell-card payouts have a tab named for what they are, which points to the wallet.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('the wallet history filters by kind and shows the balance after each movement; Payouts points to it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { request } = page;
  await signUpBuyer(request);
  // A $300 top-up, then one store card bought.
  await topUp(request, 300);
  const headers = { 'x-csrf-token': await csrfOf(request) };
  const { products } = (await (
    await request.get('/api/products/store-items?limit=50&sort=storePrice&order=asc')
  ).json()) as { products: { _id: string; storePrice: number }[] };
  const card = products.find((p) => p.storePrice <= 300)!;
  const ordered = await request.post('/api/orders', {
    // Kept in the vault: the order's debit is the card's price alone, with no shipping fee.
    data: { items: [card._id], delivery: 'vault' },
    headers: { ...headers, 'idempotency-key': `wallet-${randomBytes(6).toString('hex')}` },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const after = Math.round((300 - card.storePrice) * 100) / 100;
  const usd = (n: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

  await page.goto('/dashboard?tab=wallet');
  const history = page.getByRole('table', { name: 'Wallet history' });
  await expect(history.getByRole('row')).toHaveCount(3, { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(history.getByRole('columnheader', { name: 'Balance after' })).toBeVisible();
  const rows = history.getByRole('row');
  await expect(rows.nth(1)).toContainText('Store order');
  await expect(rows.nth(1)).toContainText(usd(after));
  await expect(rows.nth(2)).toContainText('Top-up');
  await expect(rows.nth(2)).toContainText('$300.00');

  const show = page.getByLabel('Show');
  await show.selectOption({ label: 'Purchases' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('Store order');
  await expect(history).not.toContainText('Top-up');
  await show.selectOption({ label: 'Top-ups' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('Top-up');
  await show.selectOption({ label: 'Sell-backs' });
  await expect(page.getByText('No movements of this kind yet.')).toBeVisible();

  // Sell-card payouts are a tab of their own, which says where purchases are.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Payouts' })
    .click();
  await expect(page.getByText(/^No payouts yet\./)).toBeVisible();
  await page.getByRole('link', { name: 'wallet history' }).click();
  await expect(page).toHaveURL(/tab=wallet/);
  await expect(page.getByRole('table', { name: 'Wallet history' })).toBeVisible();
});
