import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';
import { topUp as topUpWallet } from './support/wallet';

const ADMIN_EMAIL = 'breaks-admin@example.com';
const ADMIN_PASSWORD = 'Breaks-admin-e2e-2026!';
const TITLE = 'E2E: One box of 2024 Topps Chrome';

// A server of our own with breaks on (the shared test server runs with every flag off), and staff.
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({ BREAKS_ENABLED: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
});
test.afterAll(async () => server?.stop());

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  return context.newPage();
}

/** The CSRF token of the session in this request context. */
async function csrfOf(request: APIRequestContext): Promise<string> {
  const current = await request.get('/api/auth/current');
  return (await current.json()).csrfToken as string;
}

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

test('a collector buys a spot, the break fills, staff run it; the collector sees the team draw, then a hit in the dashboard, and claims it', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // Staff put a two-team break on sale.
  const staff = await newPage(browser);
  const login = await signInStaff(staff.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  const staffCsrf = (await login.json()).csrfToken as string;
  const created = await staff.request.post('/api/admin/breaks', {
    headers: { 'x-csrf-token': staffCsrf },
    data: {
      title: TITLE,
      sport: 'Baseball',
      format: 'random_team',
      spotPrice: 20,
      boxes: 1,
      packsPerBox: 12,
      teams: [{ name: 'Chicago Cubs' }, { name: 'New York Mets' }],
      salesDeadline: inHours(2),
      scheduledAt: inHours(3),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const breakId = (await created.json()).break._id as string;
  const opened = await staff.request.post(`/api/admin/breaks/${breakId}/open`, {
    headers: { 'x-csrf-token': staffCsrf },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  // A collector finds it in the list and opens its page.
  const page = await newPage(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpBuyer(page.request);
  const me = (await (await page.request.get('/api/auth/current')).json()).user.username as string;
  await page.goto('/breaks');
  await expect(page.getByRole('heading', { name: 'Breaks', level: 1 })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Breaks');
  await page.getByTestId('break-card').filter({ hasText: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText('0 of 2 spots sold')).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();

  // The confirmation shows the price, the balance and the refund rule, and offers a top-up.
  await page.getByRole('button', { name: 'Buy 1 spot · $20.00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy spots' });
  await expect(dialog).toContainText('$20.00');
  await expect(dialog).toContainText('refunded in full');
  await expect(dialog.getByText('You need $20.00 more.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add $20.00' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await page.getByRole('button', { name: /^Confirm payment of/ }).click();
  await expect(page).toHaveURL(new RegExp(`/breaks/${breakId}`));
  await page.getByRole('button', { name: 'Buy 1 spot · $20.00' }).click();
  await expect(dialog.getByText('$20.00').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay $20.00' }).click();
  await expect(page.getByText('You bought 1 spot.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Spots' }).getByText('You')).toBeVisible();

  // Another collector takes the last spot: the break fills (the page hears it live).
  const other = await newPage(browser);
  await signUpBuyer(other.request);
  let otherCsrf = await csrfOf(other.request);
  const topUp = await other.request.post('/api/wallet/top-ups', {
    headers: { 'x-csrf-token': otherCsrf },
    data: { amount: 20 },
  });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const checkoutId = new URL((await topUp.json()).checkoutUrl, server.baseURL).pathname
    .split('/')
    .pop();
  otherCsrf = await csrfOf(other.request);
  const paid = await other.request.post(`/api/payments/sandbox/${checkoutId}/confirm`, {
    headers: { 'x-csrf-token': otherCsrf },
  });
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  const bought = await other.request.post(`/api/breaks/${breakId}/spots`, {
    headers: { 'x-csrf-token': otherCsrf, 'idempotency-key': randomUUID() },
    data: { quantity: 1 },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  await expect(page.getByText('Every spot needed is sold.')).toBeVisible();

  // The collector watches the team draw; staff start the break from their page.
  await page.getByRole('link', { name: 'Watch the team draw' }).click();
  await expect(page.getByRole('heading', { name: 'Team draw', level: 1 })).toBeVisible();
  await expect(page.getByText(/The teams are drawn here, live/)).toBeVisible();

  await staff.goto('/admin');
  await staff.getByRole('link', { name: 'Run breaks' }).click();
  await expect(staff.getByRole('heading', { name: 'Breaks', level: 1 })).toBeVisible();
  await staff.getByRole('list', { name: 'Breaks' }).getByText(TITLE).click();
  const editor = staff.getByTestId('break-editor');
  await expect(editor).toContainText(TITLE);
  await editor.getByRole('button', { name: 'Start break' }).click();
  await staff
    .getByRole('dialog', { name: 'Start the break now?' })
    .getByRole('button', { name: 'Start break' })
    .click();
  await expect(editor.getByRole('button', { name: 'End break' })).toBeVisible();

  // The draw plays live for the collector: the shuffle, then each spot's team.
  await expect(page.getByText('The teams are drawn.')).toBeVisible({ timeout: 30_000 });
  const detail = await (await page.request.get(`/api/breaks/${breakId}`)).json();
  const mySpot = detail.break.spots.find((s: { mine: boolean }) => s.mine);
  expect(mySpot.team).toMatch(/^(Chicago Cubs|New York Mets)$/);
  const assignment = page.getByTestId('spot-assignment').filter({ hasText: 'You' });
  await expect(assignment).toContainText(mySpot.team);

  // Anyone can recompute the draw in the browser.
  await page.goto(`/breaks/${breakId}`);
  await page.getByRole('button', { name: 'Verify in my browser' }).click();
  await expect(page.getByText('Teams: Verified')).toBeVisible();
  await expect(page.getByText('Seed: Verified')).toBeVisible();
  await expect(page.getByText(/Mismatch/)).toHaveCount(0);

  // Staff enter a hit of the collector's team as its pack is opened; it shows live.
  await page.goto(`/break-pack-reveal?break=${breakId}`);
  await expect(page.getByRole('heading', { name: 'Break pack reveal' })).toBeVisible();
  await expect(page.getByText('No hits yet.', { exact: false })).toBeVisible();
  await editor.getByRole('textbox', { name: 'Card', exact: true }).fill('E2E Rookie Auto');
  await editor.getByRole('combobox', { name: 'Team', exact: true }).fill(mySpot.team);
  await editor.getByLabel('Grade or parallel').fill('PSA 10');
  await editor.getByRole('button', { name: 'Add hit' }).click();
  await expect(editor.getByRole('table', { name: 'Hits' })).toContainText('E2E Rookie Auto');
  const liveHit = page.getByTestId('break-hit').filter({ hasText: 'E2E Rookie Auto' });
  await expect(liveHit).toContainText('Yours');

  // Staff end the break.
  await editor.getByRole('button', { name: 'End break' }).click();
  await staff
    .getByRole('dialog', { name: 'End the break?' })
    .getByRole('button', { name: 'End break' })
    .click();
  await expect(editor.getByRole('button', { name: 'End break' })).toHaveCount(0);
  await expect(editor).toContainText('Completed');

  // The hit waits in the collector's vault, valued at the price of its spot.
  await page.goto('/dashboard/vault');
  const held = page.getByTestId('holding').filter({ hasText: 'E2E Rookie Auto' });
  await expect(held).toContainText('Valued at its spot price');
  await expect(held.getByTestId('holding-fmv')).toHaveText('$20.00');

  // The collector finds the hit in the dashboard and claims it: one box from the vault, within
  // 48 hours, for the shipping fee from the wallet.
  await topUpWallet(page.request, 5);
  await page.goto('/dashboard?tab=breaks');
  const mine = page.getByTestId('my-break').filter({ hasText: TITLE });
  await expect(mine).toContainText('E2E Rookie Auto');
  await expect(mine).toContainText(`Spot ${mySpot.spotNumber}: ${mySpot.team}`);
  await mine.getByRole('button', { name: 'Claim & ship 1 hit for $5.00' }).click();
  await expect(mine.getByText(/Claimed: we ship your hits by/)).toBeVisible();
  await expect(mine).toContainText('Claimed');

  // It joins the staff's shipments due as a vault box, with its 48-hour clock.
  await staff.goto('/admin');
  const due = staff.getByTestId('shipment-due').filter({ hasText: 'E2E Rookie Auto' });
  await expect(due).toContainText('Vault box');
  await expect(due).toContainText(me);
});

for (const [theme, width] of [
  ['light', 390],
  ['dark', 1280],
] as const) {
  test(`the breaks list and its filters (${theme}, ${width} px)`, async ({ browser }) => {
    const staff = await newPage(browser);
    const login = await signInStaff(staff.request, ADMIN_EMAIL, ADMIN_PASSWORD);
    const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
    const created = await staff.request.post('/api/admin/breaks', {
      headers,
      data: {
        title: `E2E: styled at build time, ${theme}`,
        sport: 'Hockey',
        format: 'random_team',
        spotPrice: 12,
        boxes: 1,
        packsPerBox: 10,
        teams: [{ name: 'Boston Bruins' }, { name: 'Montreal Canadiens' }],
        salesDeadline: inHours(2),
        scheduledAt: inHours(3),
      },
    });
    const id = (await created.json()).break._id as string;
    await staff.request.post(`/api/admin/breaks/${id}/open`, { headers });

    const context = await browser.newContext({
      baseURL: server.baseURL,
      colorScheme: theme,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    await page.goto('/breaks');
    await expect(page.getByRole('heading', { name: 'Breaks', level: 1 })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    const card = page
      .getByTestId('break-card')
      .filter({ hasText: `styled at build time, ${theme}` });
    await expect(card).toContainText('0 of 2 spots sold');
    await expect(page.getByRole('combobox', { name: 'Sport' })).toHaveValue('');
    await expect(page.getByRole('link', { name: /in your dashboard$/ })).toBeVisible();

    // A filter narrows the list through the address, as a link to it would.
    await page.getByRole('combobox', { name: 'Sport' }).selectOption('Hockey');
    await expect(page).toHaveURL(/sport=Hockey/);
    await expect(card).toBeVisible();
    await page.getByRole('combobox', { name: 'Format' }).selectOption('pick_team');
    await expect(page.getByText('No breaks match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/breaks$/);
    await expect(card).toBeVisible();
    await context.close();
  });
}

test('with the flag off (the shared test server), breaks do not exist', async ({ page }) => {
  await page.goto('/breaks');
  await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Breaks')).toHaveCount(0);
  const api = await page.request.get('/api/breaks');
  expect(api.status()).toBe(404);
  expect((await api.json()).error).toBe('Not Found');
});

test('the demo data has a break on sale: a visitor finds it on /breaks with the flag on', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const demo = await startServer({ BREAKS_ENABLED: 'true', DEMO_DATA: 'true' }, 240_000);
  try {
    const context = await browser.newContext({ baseURL: demo.baseURL });
    const page = await context.newPage();
    await page.goto('/breaks');
    await expect(page.getByRole('heading', { name: 'Breaks', level: 1 })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    const title = 'Demo Break: Topps Chrome Baseball Hobby, 2 boxes';
    const card = page.getByTestId('break-card').filter({ hasText: title });
    await expect(card).toContainText('0 of 30 spots sold');
    await card.click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await context.close();
  } finally {
    await demo.stop();
  }
});
