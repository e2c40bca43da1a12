import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { signUpBuyer } from './support/users';

test('browse, filter, add to cart, top up in the sandbox, buy, and find the order', async ({
  page,
}) => {
  // A visitor browses and filters the store; the filters live in the URL.
  await page.goto('/store');
  await expect(page.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByTestId('store-item').first()).toBeVisible();
  await page.getByLabel('Sport').selectOption('Basketball');
  await expect(page).toHaveURL(/sport=Basketball/);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=storePrice&order=asc/);
  const first = page.getByTestId('store-item').first();
  await expect(first).toBeVisible();
  // The list follows the URL once its answer is in.
  let prices: string[] = [];
  await expect(async () => {
    prices = await page.getByTestId('store-price').allInnerTexts();
    const values = prices.map((p) => Number(p.replace(/[$,]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  }).toPass();
  expect(prices.every((p) => /^\$[\d,]+\.\d{2}$/.test(p))).toBe(true);

  // The product page, added to the visitor's cart (local storage).
  const name = (await first.getByRole('heading').innerText()).trim();
  await first.click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Grail Machine`);
  await expect(page.getByRole('table', { name: 'Card details' })).toContainText('Basketball');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  const price = (await page.getByTestId('product-price').innerText()).trim();

  // Signing up merges the visitor's cart into the account's.
  await signUpBuyer(page.request);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(name);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('grail-cart'))).toBeNull();
  await page.getByRole('link', { name: 'Checkout' }).click();

  // An empty wallet: top up the shortfall on the sandbox's hosted page.
  // Ship now (the default) adds the published fee schedule's charge to the card's price.
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Ship now/ })).toBeChecked();
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^(\$5\.00|Free)$/);
  const shipping = (await page.getByTestId('checkout-shipping').innerText()).trim();
  const dollars = (text: string) => (text === 'Free' ? 0 : Number(text.replace(/[$,]/g, '')));
  const total = `$${(dollars(price) + dollars(shipping)).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('shortfall')).toContainText(`Add ${total} to your wallet`);
  await page.getByRole('button', { name: /to wallet$/ }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await expect(page.getByText('Test mode').first()).toBeVisible();
  await page.getByRole('button', { name: /^Confirm payment of/ }).click();

  // Back at checkout with the funds: place the order.
  await expect(page).toHaveURL(/\/checkout\?topUp=success/);
  await expect(page.getByText('Funds added to your wallet.')).toBeVisible();
  await page.getByRole('button', { name: `Place order · ${total}` }).click();

  await expect(page).toHaveURL(/\/order-success\?orderId=/);
  await expect(page.getByText('Ships within 48 hours')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toContainText(name);
  await expect(page.getByTestId('order-summary')).toContainText(price);

  // The order in the dashboard, and the card is sold.
  await page.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('order-row').first()).toContainText(name);
  const orders = await page.request.get('/api/orders');
  expect((await orders.json()).total).toBe(1);
});

for (const [theme, width] of [
  ['light', 390],
  ['dark', 1280],
] as const) {
  test(`the store's lists open and pick from the keyboard (${theme}, ${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      colorScheme: theme,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    await page.goto('/store');
    await expect(page.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await expect(page.getByTestId('store-item').first().getByRole('img')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // A list is the browser's own: the arrow keys change the choice, which goes into the URL.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('createdAt:desc');
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=storePrice&order=asc/);
    await expect(sort).toHaveValue('storePrice:asc');
    await expect(sort).toBeFocused();
    await context.close();
  });
}
