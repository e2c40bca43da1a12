import { expect, test, type Browser } from '@playwright/test';
import { contrastAxe, wcagAxe } from './support/axe';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { toast } from './support/toast';
import { COLLECTOR_ADDRESS, COLLECTOR_PASSWORD, signInStaff, signUpBuyer } from './support/users';
import { csrfOf, topUp } from './support/wallet';

/*
 * The vault as staff see it: a collector's box in the shipping queue, packing started (the
 * collector can no longer cancel), its packing slip printed, marked shipped; the custody report
 * and the collector's vault in the user view.
 */

const ADMIN_EMAIL = 'vault-staff-admin@example.com';
const ADMIN_PASSWORD = 'Vault-staff-admin-e2e-2026!';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Name, FMV and store price of the cards the collector buys into their vault. */
const CARDS = [
  ['E2E Vault Griffey', 120, 99],
  ['E2E Vault Jeter', 80, 70],
  ['E2E Vault Ripken', 40, 35],
  ['E2E Vault Puckett', 30, 25],
] as const;

let server: RunningServer;
const fixtures = {
  collectorId: '',
  collectorEmail: '',
  collectorName: '',
  /** Griffey and Jeter: packed and shipped in the first test. */
  firstBox: '',
  /** Ripken alone: still requested for the phone checks. */
  secondBox: '',
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
  const staff = await browser.newContext({ baseURL: server.baseURL });
  expect((await signInStaff(staff.request, ADMIN_EMAIL, ADMIN_PASSWORD)).status()).toBe(200);
  const csv = [
    'name,player,year,set,number,sport,team,grader,grade,cert,FMV,store price,image URLs',
    ...CARDS.map(
      ([name, fmv, price], i) =>
        `${name},Player ${i},1989,Upper Deck,${i + 1},Baseball,Team,PSA,10,8123456${i},${fmv},${price},`,
    ),
  ].join('\n');
  const imported = await staff.request.post('/api/admin/inventory/import', {
    data: { csv, dryRun: false },
    headers: { 'x-csrf-token': await csrfOf(staff.request) },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await staff.close();

  // A collector buys the four cards into their vault, then asks for two boxes.
  const context = await browser.newContext({ baseURL: server.baseURL });
  const { request } = context;
  fixtures.collectorEmail = (await signUpBuyer(request)).email;
  const me = (await (await request.get('/api/auth/current')).json()).user as {
    _id: string;
    username: string;
  };
  fixtures.collectorId = me._id;
  fixtures.collectorName = me.username;
  await topUp(request, 1000);
  const headers = { 'x-csrf-token': await csrfOf(request) };
  const store = await request.get('/api/products/store-items?limit=24');
  const { products } = (await store.json()) as { products: { _id: string; name: string }[] };
  const order = await request.post('/api/orders', {
    data: {
      items: products.filter((p) => p.name.startsWith('E2E Vault')).map((p) => p._id),
      delivery: 'vault',
    },
    headers: { ...headers, 'idempotency-key': `vault-staff-order-${Date.now()}` },
  });
  expect(order.status(), await order.text()).toBe(201);
  const vault = await request.get('/api/vault?limit=24');
  const { holdings } = (await vault.json()) as {
    holdings: { _id: string; card: { name: string } }[];
  };
  const holdingOf = (name: string) => holdings.find((h) => h.card.name === name)!._id;
  const ship = async (names: string[], key: string) => {
    const res = await request.post('/api/vault/shipments', {
      data: { holdingIds: names.map(holdingOf), shippingAddress: COLLECTOR_ADDRESS },
      headers: { ...headers, 'idempotency-key': `vault-staff-${key}-${Date.now()}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { shipment: { _id: string } }).shipment._id;
  };
  fixtures.firstBox = await ship(['E2E Vault Griffey', 'E2E Vault Jeter'], 'first');
  fixtures.secondBox = await ship(['E2E Vault Ripken'], 'second');
  await context.close();
});
test.afterAll(async () => server?.stop());

async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: 900 },
  });
  await context.addInitScript(() => {
    sessionStorage.setItem('signupPromptDismissed', 'true');
    // Printing opens no dialog in a test: count the calls instead.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const page = await context.newPage();
  expect((await signInStaff(page.request, ADMIN_EMAIL, ADMIN_PASSWORD)).status()).toBe(200);
  return page;
}

const boxRef = (id: string) => `Vault box ${id.slice(0, 8)}`;

test('staff pack a vault box, print its slip, ship it, and see custody and the collector’s vault', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await staffPage(browser, 1280);
  await page.goto('/admin/shipping');
  const box = page.getByTestId('vault-box').filter({ hasText: boxRef(fixtures.firstBox) });
  await expect(box).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(box).toContainText('Requested');
  await expect(box).toContainText('E2E Vault Griffey');
  await expect(box).toContainText('E2E Vault Jeter');
  await expect(box.getByText('Insured value').locator('xpath=..')).toContainText('$200.00');
  await expect(box.getByText('Fee paid').locator('xpath=..')).toContainText('$6.00');
  await expect(box).toContainText('The collector can cancel this box until you start packing it.');

  await box.getByRole('button', { name: 'Start packing' }).click();
  await expect(
    toast(
      page,
      `${boxRef(fixtures.firstBox)} is being packed: the collector can no longer cancel it.`,
    ),
  ).toBeVisible();
  await expect(box).toContainText('Being packed');
  await expect(box).toContainText('Being packed: the collector can no longer cancel it.');
  await expect(box.getByRole('button', { name: 'Start packing' })).toHaveCount(0);
  // From now on the collector's cancel is refused.
  const collector = await browser.newContext({ baseURL: server.baseURL });
  const login = await collector.request.post('/api/auth/login', {
    data: { email: fixtures.collectorEmail, password: COLLECTOR_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const cancel = await collector.request.post(`/api/vault/shipments/${fixtures.firstBox}/cancel`, {
    headers: { 'x-csrf-token': await csrfOf(collector.request) },
  });
  expect(cancel.status(), await cancel.text()).toBe(409);
  await collector.close();

  await box.getByRole('link', { name: 'Packing slip' }).click();
  const slip = page.getByTestId('packing-slip');
  await expect(
    slip.getByRole('heading', { name: `Packing slip · ${boxRef(fixtures.firstBox)}` }),
  ).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(slip).toContainText(COLLECTOR_ADDRESS.line1);
  await expect(slip).toContainText('$200.00');
  await expect(slip.getByRole('heading', { name: '2 cards' })).toBeVisible();
  await expect(slip.getByRole('table', { name: 'Cards in the box' })).toContainText(
    'E2E Vault Griffey',
  );
  await page.getByRole('button', { name: 'Print packing slip' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/slip-1280.png`, fullPage: true });

  await page.getByRole('link', { name: 'Shipping' }).first().click();
  const again = page.getByTestId('vault-box').filter({ hasText: boxRef(fixtures.firstBox) });
  await again.getByLabel('Tracking number').fill('9400111899223');
  await again.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, `${boxRef(fixtures.firstBox)} marked shipped.`)).toBeVisible();
  await expect(again).toHaveCount(0);
  await expect(
    page.getByTestId('vault-box').filter({ hasText: boxRef(fixtures.secondBox) }),
  ).toContainText('Requested');

  // Custody: the collector's two cards still held (Ripken requested, Puckett in the vault).
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Custody' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Custody' })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  const owners = page.getByRole('table', { name: 'Cards by owner' });
  const row = owners.getByRole('row').filter({ hasText: fixtures.collectorName });
  await expect(row).toContainText('$70.00');
  const byState = page.getByRole('table', { name: 'Cards by state' });
  await expect(byState.getByRole('row').filter({ hasText: 'Shipping requested' })).toContainText(
    '$40.00',
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/custody-1280.png`, fullPage: true });

  await row.getByRole('link', { name: fixtures.collectorName }).click();
  const vault = page.getByRole('region', { name: 'Vault' });
  await expect(vault.getByTestId('staff-holding')).toHaveCount(2, {
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(
    vault.getByTestId('staff-holding').filter({ hasText: 'E2E Vault Puckett' }),
  ).toContainText('In vault');
  await vault.getByLabel('State').selectOption('shipped');
  await expect(vault.getByTestId('staff-holding')).toHaveCount(2);
  await expect(vault.getByTestId('staff-holding').first()).toContainText('Shipped');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-vault-1280.png`, fullPage: true });
});

test('the vault screens at 390 px: no sideways scroll, no serious axe finding in either theme', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await staffPage(browser, 390);
  const screens = [
    ['/admin/shipping', () => page.getByTestId('vault-box').first()],
    [`/admin/shipping/${fixtures.secondBox}/slip`, () => page.getByTestId('packing-slip')],
    ['/admin/custody', () => page.getByRole('table', { name: 'Cards by owner' })],
    [`/admin/users/${fixtures.collectorId}`, () => page.getByTestId('staff-holding').first()],
  ] as const;
  for (const theme of ['light', 'dark'] as const) {
    await page.request.put('/api/theme', {
      data: { theme },
      headers: { 'x-csrf-token': await csrfOf(page.request) },
    });
    for (const [path, ready] of screens) {
      await page.goto(path);
      await expect(ready()).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
      await page.waitForLoadState('networkidle');
      const { scrollWidth, width } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      expect(scrollWidth, `${path} is wider than the screen`).toBeLessThanOrEqual(width);
      const results = await (theme === 'light' ? wcagAxe(page) : contrastAxe(page)).analyze();
      expect(
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${path} in ${theme}`,
      ).toEqual([]);
      if (SHOTS) {
        const name = path.replace(/\/[0-9a-f-]{36}/g, '').replace(/\W+/g, '-');
        await page.screenshot({ path: `${SHOTS}/${name}-390-${theme}.png`, fullPage: true });
      }
    }
  }
});
