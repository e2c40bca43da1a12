import { expect, test, type Browser } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';

/** The public pages a visitor lands on (docs/performance.md); `{id}` is a demo product. */
const PAGES = [
  '/',
  '/store',
  '/product/{id}',
  '/grail-machine',
  '/grail-machine/fairness',
  '/login',
  '/register',
  '/sell-cards',
];

/** Loads `path` in a fresh context (a first visit) and lists what failed or was asked. */
async function firstVisit(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const tab = await context.newPage();
  const failing: string[] = [];
  const asked: string[] = [];
  const errors: string[] = [];
  const answered: string[] = [];
  tab.on('response', (response) => {
    if (response.status() >= 400) failing.push(`${response.status()} ${response.url()}`);
    answered.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  tab.on('request', (request) =>
    asked.push(`${request.method()} ${new URL(request.url()).pathname}`),
  );
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await tab.goto(path);
  await expect(tab.locator('h1').first()).toBeVisible({ timeout: COLD_PAGE_TIMEOUT_MS });
  await tab.waitForLoadState('networkidle');
  await context.close();
  return { failing, asked, answered, errors };
}

/**
 * SPEC's auth warm-up runs for a visitor too: one current-user call, answered 200 (no user, an
 * anonymous CSRF token), and no session reset besides.
 */
function expectWarmUp(visit: { asked: string[]; answered: string[] }) {
  expect(visit.asked).toContain('GET /api/auth/current');
  expect(visit.answered).toContain('200 /api/auth/current');
  expect(visit.asked).not.toContain('POST /api/auth/session/reset');
}

for (const path of PAGES) {
  test(`a visitor's first load of ${path} makes no failing request and logs no error`, async ({
    browser,
    baseURL,
    request,
  }) => {
    let target = path;
    if (path.includes('{id}')) {
      const res = await request.get('/api/products/store-items?limit=1');
      const { products } = (await res.json()) as { products: { _id: string }[] };
      target = path.replace('{id}', products[0]!._id);
    }
    const visit = await firstVisit(browser, baseURL!, target);
    expect(visit.failing).toEqual([]);
    expect(visit.errors).toEqual([]);
    expectWarmUp(visit);
  });
}

test.describe('with the breaks flag on', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ BREAKS_ENABLED: 'true' });
  });
  test.afterAll(async () => server?.stop());

  test("a visitor's first load of /breaks makes no failing request and logs no error", async ({
    browser,
  }) => {
    const visit = await firstVisit(browser, server.baseURL, '/breaks');
    expect(visit.failing).toEqual([]);
    expect(visit.errors).toEqual([]);
    expectWarmUp(visit);
  });
});

test('a signed-in collector is still recognised on a fresh load', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const tab = await context.newPage();
  const email = `speed-${Date.now()}@example.com`;
  const registered = await context.request.post('/api/auth/register', {
    data: {
      email,
      username: `speed_${Date.now().toString(36)}`,
      password: 'Grail-machine-speed-pw-2026!',
      acceptTerms: true,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const hint = (await context.cookies()).find((c) => c.name === 'signed-in');
  expect(hint?.httpOnly).toBe(false);
  const current = tab.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/current');
  await tab.goto('/store');
  expect((await current).status()).toBe(200);
  await context.close();
});
