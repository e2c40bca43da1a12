import { expect, test, type Page } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { signUpBuyer } from './support/users';

const ADMIN_EMAIL = 'auth-trust-admin@example.com';
const ADMIN_PASSWORD = 'Auth-trust-admin-e2e-2026!';

/** Runs the sign-in check and answers its four fields as shown. */
async function signInCheck(page: Page) {
  await page.getByRole('button', { name: 'Check the connection to sign-in' }).click();
  const fields = page.getByRole('definition');
  await expect(fields).toHaveCount(4);
  const terms = await page.getByRole('term').allInnerTexts();
  const values = await fields.allInnerTexts();
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
}

test.describe('staff', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
  });
  test.afterAll(async () => server?.stop());

  test('staff land on /admin, which requires two-factor; once on, the console and the staff user view with its sign-in check', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: server.baseURL });
    await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL, { timeout: COLD_PAGE_TIMEOUT_MS });
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-factor authentication required' }),
    ).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
    const refused = await page.request.get('/api/admin/users');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).reason).toBe('two_factor_required');
    await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
    await expect(page).toHaveURL(/\/totp-setup$/);

    // The set-up page asks for the key itself; a second set-up call here would race it and
    // replace the key it shows. The authenticator app's part: a code from the key on the page.
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const { TOTP, Secret } = await import('otpauth');
    await page.getByLabel('Code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
    await page.getByRole('link', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await expect(page.getByRole('heading', { name: 'Sign-in check' })).toBeVisible();
    expect(await signInCheck(page)).toEqual({
      Healthy: 'Yes',
      Status: '200',
      'Valid session': 'Yes',
      'Last error': 'None',
    });
    await context.close();
  });
});

test('the sign-in page offers the sign-in check under "Having trouble signing in?"', async ({
  page,
}) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
  await page.goto('/login');
  await page.getByText('Having trouble signing in?').click({ timeout: COLD_PAGE_TIMEOUT_MS });
  expect(await signInCheck(page)).toEqual({
    Healthy: 'Yes',
    Status: '200',
    'Valid session': 'No',
    'Last error': 'None',
  });
});

test('a sign-out link that does not come from our pages asks to confirm; the confirmation signs out', async ({
  page,
}) => {
  await signUpBuyer(page.request);
  const signedIn = await page.request.get('/api/auth/current');
  expect((await signedIn.json()).user).not.toBeNull();
  // Typed in the address bar (Sec-Fetch-Site: none): not provably our page.
  await page.goto('/api/auth/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out?' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/current')).json()).user).not.toBeNull();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  const after = await page.request.get('/api/auth/current');
  expect(after.status()).toBe(200);
  expect((await after.json()).user).toBeNull();
});
