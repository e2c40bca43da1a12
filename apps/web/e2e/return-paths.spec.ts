import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { mailLink } from './support/mail';
import { fillProfile } from './support/profile';
import { COLLECTOR_PASSWORD, signUpBuyer } from './support/users';

/*
 * Every way in returns you where you were (SPEC): the header's links, the sell-cards teaser, the
 * sign-up prompt, the verification e-mail; and the legal pages stay public by both names.
 */

const dismissPrompt = (page: Page) =>
  page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));

async function signInHere(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(COLLECTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A collector who exists, signed in nowhere: made through the API, then its cookies dropped. */
async function existingCollector(page: Page) {
  const { email } = await signUpBuyer(page.request);
  await page.context().clearCookies();
  return email;
}

test('the header’s sign-in link brings a collector back to the store page they were on', async ({
  page,
}) => {
  await dismissPrompt(page);
  const email = await existingCollector(page);
  await page.goto('/store?sport=Basketball');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstore%3Fsport%3DBasketball$/);
  await signInHere(page, email);
  await expect(page).toHaveURL(/\/store\?sport=Basketball$/);
});

test('the sell-cards teaser’s Sign In comes back to /sell-cards', async ({ page }) => {
  await dismissPrompt(page);
  const email = await existingCollector(page);
  await page.goto('/sell-cards');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await signInHere(page, email);
  await expect(page).toHaveURL(/\/sell-cards$/);
  await expect(page.getByText('Account Required')).toHaveCount(0);
});

test('a return path to another site is never followed', async ({ page }) => {
  await dismissPrompt(page);
  const email = await existingCollector(page);
  await page.goto('/login?redirectTo=%2F%2Fevil.example%2Fx');
  await signInHere(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the sign-up prompt’s Sign Up Now carries the page it opened on', async ({ page }) => {
  await page.goto('/store');
  const prompt = page.getByRole('dialog', { name: 'Join Our Community!' });
  await expect(prompt).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await prompt.getByRole('button', { name: 'Sign Up Now' }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fstore$/);
});

test('a visitor with a cart who signs up from the header gets back to the cart from the verification e-mail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await dismissPrompt(page);
  await page.goto('/store');
  const first = page.getByTestId('store-item').first();
  await expect(first).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await first.click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart (1)' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  await page.getByRole('link', { name: 'Register' }).click();
  const tag = randomBytes(4).toString('hex');
  const email = `cart-${tag}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(`cart_${tag}`);
  await page.getByLabel('Password', { exact: true }).fill(COLLECTOR_PASSWORD);
  await page.getByLabel('Confirm password').fill(COLLECTOR_PASSWORD);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/complete-profile\?redirectTo=%2Fcart$/);

  // The e-mail is opened later (another tab, after closing this one): it still leads back.
  const verify = await mailLink(page.request, email, /\/auth\/callback\?token=/);
  expect(verify.searchParams.get('returnTo')).toBe('/cart');
  await fillProfile(page);
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto(verify.pathname + verify.search);
  await expect(page.getByText('Your email is verified. Thank you!')).toBeVisible();
  await page.getByRole('link', { name: 'Continue where you were' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});

test('a collector whose session ended elsewhere stays on the legal pages (both names)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await dismissPrompt(page);
  const email = await existingCollector(page);
  const other = await browser.newContext({ baseURL });
  const signedIn = await other.request.post('/api/auth/login', {
    data: { email, password: COLLECTOR_PASSWORD },
  });
  const { csrfToken } = await signedIn.json();

  for (const [path, heading] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ] as const) {
    // Signed in on this tab, on the legal page.
    await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
    await signInHere(page, email);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

    // Another device signs this one out; then the theme is switched (a write that answers 401).
    const { sessions } = await (await other.request.get('/api/users/me/sessions')).json();
    for (const s of (sessions as { _id: string; current: boolean }[]).filter((s) => !s.current)) {
      await other.request.delete(`/api/users/me/sessions/${s._id}`, {
        headers: { 'x-csrf-token': csrfToken },
      });
    }
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: /^(Dark|Light) Mode$/ })
      .click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await other.close();
});
