import { expect, test, type APIRequestContext } from '@playwright/test';
import { startServer, visitorPage, type RunningServer } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';
import { topUp } from './support/wallet';

const ADMIN_EMAIL = 'drop-admin@example.com';
const ADMIN_PASSWORD = 'Drop-admin-e2e-2026!';
/** The case opens this long after the spec schedules it: enough to join before. */
const OPENS_IN_MS = 45_000;

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({ DEMO_DATA: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
});
test.afterAll(async () => server?.stop());

/** Staff close the demo case and schedule a drop of three available cards, opening soon. */
async function scheduleDrop(request: APIRequestContext): Promise<string> {
  const login = await signInStaff(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const headers = { 'x-csrf-token': ((await login.json()) as { csrfToken: string }).csrfToken };
  const live = await (await request.get('/api/grail-cases/active')).json();
  await request.post(`/api/admin/grail-cases/${live.caseId}/close`, { headers });
  const created = await request.post('/api/admin/grail-cases', {
    headers,
    data: {
      name: 'Drop Night',
      packPrice: 10,
      activationTime: new Date(Date.now() + OPENS_IN_MS).toISOString(),
      tiers: [{ name: 'Any', minFmv: 0, maxFmv: null }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const caseId = (await created.json()).case.caseId as string;
  const available = (await (await request.get('/api/admin/grail-cases/available-cards')).json())
    .cards as { _id: string }[];
  const added = await request.post(`/api/admin/grail-cases/${caseId}/cards`, {
    headers,
    data: { cardIds: available.slice(0, 3).map((c) => c._id) },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const live2 = await request.post(`/api/admin/grail-cases/${caseId}/go-live`, { headers });
  expect(live2.status(), await live2.text()).toBeLessThan(300);
  return caseId;
}

test('a collector joins the waiting room, sees the seed hash, gets a place at opening and buys in turn', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const staff = await playwright.request.newContext({ baseURL: server.baseURL });
  await scheduleDrop(staff);

  const page = await visitorPage(browser, server);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpBuyer(page.request);
  await topUp(page.request, 100);
  await page.goto('/grail-machine');

  const room = page.getByRole('region', { name: 'Waiting room' });
  await expect(room.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(
    room.getByText('Revealed when the case opens and the order is drawn.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy a Pack/ })).toBeDisabled();
  await room.getByRole('button', { name: 'Join the waiting room' }).focus();
  await page.keyboard.press('Enter');
  await expect(room.getByText('Drawn when the case opens')).toBeVisible();
  await expect(room.getByText('1 collector has joined.', { exact: false })).toBeVisible();
  const entryId = await room.getByText(/^[0-9a-f-]{36}$/).textContent();
  await page.screenshot({ path: test.info().outputPath('joined-390.png'), fullPage: true });
  await room.screenshot({ path: test.info().outputPath('room-joined-390.png') });

  // A refresh keeps the entry.
  await page.reload();
  await expect(room.getByText(entryId!)).toBeVisible();

  // At opening the seed draws the order; the page hears it live and shows the place and turn.
  await expect(room.getByText('Number 1')).toBeVisible({ timeout: OPENS_IN_MS + 30_000 });
  await expect(room.getByText(/^It is your turn: buy before/)).toBeVisible();
  await expect(room.getByRole('link', { name: 'Check the order in your browser' })).toBeVisible();
  // The dark theme, as the header's switch saves it.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(room.getByText('Number 1')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admitted-dark.png'), fullPage: true });
  await room.screenshot({ path: test.info().outputPath('room-admitted-dark-390.png') });

  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  await page
    .getByRole('dialog', { name: 'Buy a Pack' })
    .getByRole('button', { name: /^Pay \$10\.00/ })
    .click();
  await expect(page).toHaveURL(/\/grail-reveal/);

  // The fairness page recomputes the order from the revealed seed.
  await room.page().goto('/grail-machine/fairness');
  const check = page.getByRole('region', { name: "The drop's queue" });
  await check.getByRole('button', { name: 'Check the queue order' }).click();
  await expect(check.getByText('Verified')).toHaveCount(2);
  await check.screenshot({ path: test.info().outputPath('fairness-check-dark.png') });
  await staff.dispose();
});
