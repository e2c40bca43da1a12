import { expect, test, type Browser } from '@playwright/test';
import { contrastAxe, wcagAxe } from './support/axe';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer, visitorPage } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';
import { toast } from './support/toast';
import { csrfOf, topUp } from './support/wallet';

/*
 * Withdrawals: the wallet in its two parts (cash and store credit), a card top-up held for 7
 * days, a withdrawal to a saved PayPal address, staff paying it by hand, the collector seeing it
 * paid.
 */

const ADMIN_EMAIL = 'withdrawals-admin@example.com';
const ADMIN_PASSWORD = 'Withdrawals-admin-e2e-2026!';

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
});
test.afterAll(async () => server?.stop());

const newPage = (browser: Browser) => visitorPage(browser, server);

test('fund, see cash and store credit, withdraw to PayPal, staff pay it, the collector sees it paid', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await newPage(browser);
  const { request } = page;
  const { email } = await signUpBuyer(request);
  // A $50 card top-up: cash, withdrawable only once its 7-day dispute window ends.
  await topUp(request, 50);

  // Staff credit $40 of cash (a sale paid by hand) and $15 of goodwill as store credit.
  const staff = await newPage(browser);
  expect((await signInStaff(staff.request, ADMIN_EMAIL, ADMIN_PASSWORD)).status()).toBe(200);
  const staffHeaders = { 'x-csrf-token': await csrfOf(staff.request) };
  const found = await staff.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const userId = ((await found.json()) as { users: { _id: string }[] }).users[0]!._id;
  for (const [key, data] of [
    ['cash', { amount: 40, reason: 'Sale paid by hand' }],
    ['credit', { amount: 15, reason: 'Goodwill', storeCredit: true }],
  ] as const) {
    const adjusted = await staff.request.post(`/api/admin/users/${userId}/wallet-adjustments`, {
      data,
      headers: { ...staffHeaders, 'idempotency-key': `withdrawals-e2e-${key}-${Date.now()}` },
    });
    expect(adjusted.status(), await adjusted.text()).toBe(200);
  }

  // The wallet shows its parts: the top-up is held, store credit is never withdrawable.
  await page.goto('/dashboard?tab=wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$105.00', {
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByTestId('wallet-cash')).toHaveText('$90.00');
  await expect(page.getByTestId('wallet-store-credit')).toHaveText('$15.00');
  await expect(page.getByTestId('wallet-withdrawable')).toHaveText('$40.00');
  await expect(page.getByText(/More becomes withdrawable on/)).toBeVisible();
  await expect(page.getByText('No withdrawals yet.')).toBeVisible();

  // Withdraw: a PayPal address is saved first, then $25 of the $40 is sent to it.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw cash' });
  await expect(dialog).toContainText('Paid within 2 business days, with no fee.');
  await dialog.getByLabel('PayPal email').fill('casey.paypal@example.com');
  await dialog.getByRole('button', { name: 'Save payout method' }).click();
  const amount = dialog.getByLabel('Amount');
  await expect(amount).toHaveValue('40.00');
  await amount.fill('9');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('must be at least $10');
  await amount.fill('25');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(page, 'Withdrawal of $25.00 requested.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-cash')).toHaveText('$65.00');
  await expect(page.getByTestId('wallet-withdrawable')).toHaveText('$15.00');
  const pending = page.getByTestId('withdrawal-pending');
  await expect(pending).toContainText('c•••@example.com');
  await expect(pending).toContainText('$25.00');

  // Staff see it in the queue, reveal the address (logged), and pay it by hand.
  await staff.goto('/admin/withdrawals');
  await expect(staff.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  const item = staff.getByTestId('staff-withdrawal').filter({ hasText: email });
  await expect(item).toContainText('$25.00');
  await item.getByRole('button', { name: 'Show full details (logged)' }).click();
  await expect(item).toContainText('PayPal casey.paypal@example.com');
  await item.getByRole('button', { name: 'Mark paid' }).click();
  const payDialog = staff.getByRole('dialog', { name: 'Mark $25.00 paid' });
  await payDialog.getByLabel('Payment reference').fill('PP-7F3K9Q');
  await payDialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(toast(staff, 'Withdrawal of $25.00 marked paid.')).toBeVisible();
  await expect(staff.getByTestId('staff-withdrawal').filter({ hasText: email })).toHaveCount(0);

  // The collector sees it paid, with the reference.
  await page.reload();
  const paid = page.getByTestId('withdrawal-paid');
  await expect(paid).toContainText('Reference PP-7F3K9Q', { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(page.getByTestId('withdrawal-pending')).toHaveCount(0);
});

test('the Withdraw dialog works by keyboard at 390 px, with no serious axe finding in either theme', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser, server, { width: 390, height: 844 });
  await signUpBuyer(page.request);
  // Cash that is withdrawable at once comes from staff here; a top-up alone would be held.
  const staff = await newPage(browser);
  expect((await signInStaff(staff.request, ADMIN_EMAIL, ADMIN_PASSWORD)).status()).toBe(200);
  const me = (await (await page.request.get('/api/auth/current')).json()).user as { email: string };
  const found = await staff.request.get(`/api/admin/users?q=${encodeURIComponent(me.email)}`);
  const userId = ((await found.json()) as { users: { _id: string }[] }).users[0]!._id;
  const adjusted = await staff.request.post(`/api/admin/users/${userId}/wallet-adjustments`, {
    data: { amount: 30, reason: 'Sale paid by hand' },
    headers: {
      'x-csrf-token': await csrfOf(staff.request),
      'idempotency-key': `withdrawals-e2e-narrow-${Date.now()}`,
    },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(200);

  for (const theme of ['light', 'dark'] as const) {
    await page.request.put('/api/theme', {
      data: { theme },
      headers: { 'x-csrf-token': await csrfOf(page.request) },
    });
    await page.goto('/dashboard?tab=wallet');
    const withdraw = page.getByRole('button', { name: 'Withdraw' });
    await expect(withdraw).toBeEnabled({ timeout: COLD_PAGE_TIMEOUT_MS });
    await withdraw.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Withdraw cash' });
    await expect(dialog.getByLabel('PayPal email')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const results = await (theme === 'light' ? wcagAxe(page) : contrastAxe(page)).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(withdraw).toBeFocused();
  }
  await page.context().close();
});
