import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { toast } from './support/toast';

/** Registers a fresh account through the API; the page's context then holds its session cookie. */
async function signUp(page: Page) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const credentials = { email: `shell-${id}@example.com`, password: 'correct horse battery 9' };
  const answer = await page.request.post('/api/auth/register', {
    data: { ...credentials, username: `shell_${id}`, acceptTerms: true },
  });
  expect(answer.status()).toBe(201);
  return credentials;
}

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('signed in: Dashboard link, the My Account menu, and logout back to /', async ({ page }) => {
  await signUp(page);
  await page.goto('/sell-cards');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sell Your Graded Cards' }),
  ).toBeVisible();
  await expect(page.getByText('Account Required')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const signedInCsrf = await page.evaluate(() => sessionStorage.getItem('csrfToken'));
  expect(signedInCsrf).toBeTruthy();

  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  // The signed-in CSRF token is gone; the reset session gave the visitor an anonymous one.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('csrfToken')))
    .not.toBe(signedInCsrf);
  const after = await page.request.get('/api/auth/current');
  expect(after.status()).toBe(200);
  expect((await after.json()).user).toBeNull();
});

test('signed in: a toggle is saved to the server and the server theme wins on the next load', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUp(page);
  await page.goto('/privacy-policy');
  const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/theme'));
  await page.getByRole('contentinfo').getByRole('button', { name: 'Dark Mode' }).click();
  expect((await saved).postDataJSON()).toEqual({ theme: 'dark' });
  await expect
    .poll(async () => (await page.request.get('/api/theme')).json())
    .toEqual({
      theme: 'dark',
    });

  // Another browser with a light local theme: the session's server theme overrides it.
  const other = await browser.newContext({ baseURL, colorScheme: 'light' });
  await other.addCookies(await page.context().cookies());
  const otherPage = await other.newPage();
  await otherPage.addInitScript(() => {
    localStorage.setItem('theme', 'light');
    sessionStorage.setItem('signupPromptDismissed', 'true');
  });
  await otherPage.goto('/terms-of-service');
  await expect(
    otherPage.getByRole('contentinfo').getByRole('button', { name: 'Light Mode' }),
  ).toBeVisible();
  expect(await rootClass(otherPage)).toContain('dark');
  await other.close();
});

test("signed in: a refused save rolls the theme back with 'Could not save theme preference to server.'", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUp(page);
  await page.route('**/api/theme', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Database unavailable', error: 'Internal Server Error' }),
        })
      : route.continue(),
  );
  await page.goto('/privacy-policy');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Dark Mode' }).click();
  await expect(toast(page, 'Could not save theme preference to server.')).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('button', { name: 'Dark Mode' }),
  ).toBeVisible();
  expect(await rootClass(page)).toContain('light');
});

test('a visitor sent from a protected page to /login comes back to it after signing in', async ({
  page,
  baseURL,
}) => {
  const api = await apiRequest.newContext({ baseURL });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `back-${id}@example.com`;
  const password = 'correct horse battery 9';
  const created = await api.post('/api/auth/register', {
    data: { email, password, username: `back_${id}`, acceptTerms: true },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
});
