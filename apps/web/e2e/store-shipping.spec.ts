import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { signUpBuyer } from './support/users';

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

test('shipping is stated on the product page, in the cart and at checkout', async ({ page }) => {
  await page.goto('/store');
  const first = page.getByTestId('store-item').first();
  await expect(first).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await first.click();
  await expect(page.getByTestId('product-shipping')).toHaveText('Free');
  await expect(page.getByText('Shipping: Free')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-shipping')).toHaveText('Free');
  await signUpBuyer(page.request);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('Free', {
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
});
