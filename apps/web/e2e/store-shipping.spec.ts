import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { signUpBuyer } from './support/users';

const SCHEDULE =
  'Shipping: $5.00 for the first card, $1.00 for each additional card, free from $250.00 of insured value. Storage in the vault is free.';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('price filters apply as you type, like the search, and the count follows', async ({
  page,
}) => {
  await page.goto('/store');
  const count = page.getByTestId('store-count');
  await expect(count).toHaveText(/^\d+ cards?$/, { timeout: COLD_PAGE_TIMEOUT_MS });
  const all = Number((await count.innerText()).split(' ')[0]);
  const prices = async () =>
    (await page.getByTestId('store-price').allInnerTexts()).map((p) =>
      Number(p.replace(/[$,]/g, '')),
    );

  // Typed, never left: the field keeps the focus the whole time.
  const min = page.getByLabel('Min price ($)');
  await min.pressSequentially('100');
  await expect(page).toHaveURL(/minPrice=100(&|$)/);
  await expect(min).toBeFocused();
  await expect.poll(async () => Number((await count.innerText()).split(' ')[0])).toBeLessThan(all);
  expect((await prices()).every((p) => p >= 100)).toBe(true);

  const max = page.getByLabel('Max price ($)');
  await max.pressSequentially('500');
  await expect(page).toHaveURL(/maxPrice=500(&|$)/);
  await expect(max).toBeFocused();
  await expect.poll(async () => (await prices()).every((p) => p >= 100 && p <= 500)).toBe(true);

  // Emptied as you type: the filter goes.
  await min.fill('');
  await expect(page).not.toHaveURL(/minPrice=/);
});

test('the shipping schedule is stated on the product page, in the cart and at checkout', async ({
  page,
}) => {
  await page.goto('/store');
  const first = page.getByTestId('store-item').first();
  await expect(first).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await first.click();
  await expect(page.getByTestId('product-shipping')).toHaveText(SCHEDULE);
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await page.goto('/cart');
  // One card: the first card's fee, or free when its FMV reaches the free-shipping threshold.
  await expect(page.getByTestId('cart-shipping')).toHaveText(/^(Free|\$5\.00)$/);
  await expect(page.getByTestId('cart-schedule')).toHaveText(SCHEDULE);
  await signUpBuyer(page.request);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  const shipping = page.getByTestId('checkout-shipping');
  await expect(shipping).toHaveText(/^(Free|\$5\.00)$/, { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(page.getByTestId('checkout-schedule')).toHaveText(SCHEDULE);
  await page.getByRole('radio', { name: /Keep in my vault/ }).check();
  await expect(shipping).toHaveText('Free (vault)');
  await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeHidden();
});
