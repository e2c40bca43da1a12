import { expect, test, type Browser, type Page } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';
import { csrfOf, topUp } from './support/wallet';

const ADMIN_EMAIL = 'console2-admin@example.com';
const ADMIN_PASSWORD = 'Console2-admin-e2e-2026!';
const SHOTS = process.env.E2E_SHOTS_DIR;

let server: RunningServer;
const fixtures = { collectorEmail: '', collectorName: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startServer({
    ADVANCED_ANALYTICS: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  });
  // Staff put one card on sale (no demo data: a cold start with it is slow on a busy machine).
  const staff = await browser.newContext({ baseURL: server.baseURL });
  const login = await signInStaff(staff.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  const csv = [
    'name,player,year,set,number,sport,team,grader,grade,cert,FMV,store price,image URLs',
    'E2E Griffey Rookie,Ken Griffey Jr.,1989,Upper Deck,1,Baseball,Seattle Mariners,PSA,10,81234567,120,99,',
  ].join('\n');
  const imported = await staff.request.post('/api/admin/inventory/import', {
    data: { csv, dryRun: false },
    headers: { 'x-csrf-token': await csrfOf(staff.request) },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).imported, await imported.text()).toBe(1);
  await staff.close();

  // A collector tops up and buys it: one order owed, with its 48-hour clock.
  const context = await browser.newContext({ baseURL: server.baseURL });
  const { request } = context;
  const { email } = await signUpBuyer(request);
  fixtures.collectorEmail = email;
  fixtures.collectorName = (await (await request.get('/api/auth/current')).json()).user.username;
  await topUp(request, 2000);
  const headers = { 'x-csrf-token': await csrfOf(request) };
  const store = await request.get('/api/products/store-items?limit=1');
  const { products } = (await store.json()) as { products: { _id: string }[] };
  const order = await request.post('/api/orders', {
    data: { items: [products[0]!._id] },
    headers: { ...headers, 'idempotency-key': `console2-${Date.now()}` },
  });
  expect(order.status(), await order.text()).toBe(201);
  await context.close();
});
test.afterAll(async () => server?.stop());

async function staffPage(browser: Browser, width: number, theme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: 900 },
  });
  await context.addInitScript((t) => {
    localStorage.setItem('theme', t);
    sessionStorage.setItem('signupPromptDismissed', 'true');
    // Printing opens no dialog in a test: count the calls instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  }, theme);
  const page = await context.newPage();
  const login = await signInStaff(page.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  await page.request.put('/api/theme', {
    data: { theme },
    headers: { 'x-csrf-token': await csrfOf(page.request) },
  });
  return page;
}

async function noOverflow(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  expect(scrollWidth, `${name} is wider than the screen`).toBeLessThanOrEqual(width);
}

test('shipping: the order’s vault box is due, its packing slip prints, and marking it shipped clears it', async ({
  browser,
}) => {
  const page = await staffPage(browser, 390);
  await page.goto('/admin/shipping');
  // A store order shipped at once leaves as a box of the collector's vault.
  const item = page.getByTestId('vault-box').filter({ hasText: fixtures.collectorName });
  await expect(item).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(item).toContainText('E2E Griffey Rookie');
  await expect(item).toContainText('Requested');
  await expect(item).toContainText(/Due in 4[78] h/);
  await expect(page.getByTestId('shipping-compliance')).toContainText(
    'Nothing shipped in the last 30 days.',
  );
  await noOverflow(page, 'shipping-390');

  await item.getByRole('link', { name: 'Packing slip' }).click();
  await expect(page.getByTestId('packing-slip')).toContainText(fixtures.collectorName, {
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await page.getByRole('button', { name: 'Print packing slip' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.goBack();

  await item.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await item.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(item).toBeHidden();
  await expect(page.getByTestId('shipping-compliance')).toContainText('100%');
});

test('users: find the collector, credit the wallet with a reason, see it in the ledger', async ({
  browser,
}) => {
  const page = await staffPage(browser, 390, 'dark');
  await page.goto('/admin/users');
  await page.getByLabel('E-mail or username').fill(fixtures.collectorEmail);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: fixtures.collectorName }).click();
  await expect(page.getByRole('heading', { name: fixtures.collectorName })).toBeVisible();
  const wallet = page.getByRole('region', { name: 'Wallet' });
  await wallet.getByLabel('Amount (USD, negative to take)').fill('5');
  await wallet.getByLabel('Reason').fill('Goodwill for a slow delivery');
  await wallet.getByRole('button', { name: 'Adjust wallet' }).click();
  await expect(wallet.getByRole('table', { name: 'Ledger' })).toContainText(
    'Goodwill for a slow delivery',
  );
  await noOverflow(page, 'user-detail-390-dark');
});

test('analytics: the charts and their tables for the last 30 days', async ({ browser }) => {
  const page = await staffPage(browser, 1280);
  await page.goto('/admin/analytics');
  const revenue = page.getByRole('region', { name: 'Revenue per day' });
  await expect(revenue).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(revenue.locator('svg').first()).toBeVisible();
  await revenue.getByText('Table view').click();
  const today = new Date().toISOString().slice(0, 10);
  const row = revenue.getByRole('row').filter({ hasText: today });
  await expect(row).toContainText('$2,000.00');
  await noOverflow(page, 'analytics-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await noOverflow(page, 'analytics-390');
});
