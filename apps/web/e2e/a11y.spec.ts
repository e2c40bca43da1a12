import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { wcagAxe } from './support/axe';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { COLLECTOR_PASSWORD, signInStaff, signUpBuyer } from './support/users';

/** Every page a visitor can open without signing in. */
const PUBLIC_PAGES = [
  '/',
  '/grail-machine',
  '/grail-machine/fairness',
  '/store',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/privacy-policy',
  '/terms-of-service',
  '/sell-cards',
  '/cart',
  '/no-such-page',
];

/**
 * The pages issue 19 changed, as a signed-in collector sees them (on the suite's server, with a
 * pull and an order so the tables have rows); `:product` is a card on sale, `:pull` their pull.
 */
const COLLECTOR_PAGES = [
  '/',
  '/store',
  '/product/:product',
  '/grail-machine',
  '/grail-machine/fairness',
  '/pulls/:pull',
  '/cart',
  '/checkout?buy=:product',
  '/sell-cards',
  '/dashboard',
  '/dashboard?tab=orders',
  '/dashboard?tab=pulls',
  '/dashboard?tab=submissions',
  '/dashboard?tab=payments',
  '/dashboard?tab=wallet',
  '/dashboard?tab=limits',
  '/dashboard?tab=settings',
];

/** The staff console's sections, on a server with every flag on; `:collector` is an account. */
const STAFF_PAGES = [
  '/admin',
  '/admin/inventory',
  '/admin/shipping',
  '/admin/users',
  '/admin/users/:collector',
  '/admin/submissions',
  '/admin/breaks',
  '/admin/analytics',
  '/admin/site',
  '/admin/audit',
];

/** A pull's public page, as anyone it is shared with sees it. */
const VISITOR_DATA_PAGES = ['/pulls/:pull'];

/**
 * Pages behind a flag (every flag is off on the suite's server): breaks, for a visitor and a spot
 * holder, and the holder's settings with the Discord card.
 */
const FLAGGED_VISITOR_PAGES = ['/breaks', '/breaks/:break'];
const FLAGGED_COLLECTOR_PAGES = [
  '/breaks',
  '/breaks/:break',
  '/dashboard?tab=breaks',
  '/dashboard?tab=settings',
];

const ADMIN_EMAIL = 'a11y-admin@example.com';
const ADMIN_PASSWORD = 'A11y-admin-e2e-2026!';

async function seriousViolations(page: Page) {
  const results = await wcagAxe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => {
        localStorage.setItem('theme', t);
        sessionStorage.setItem('signupPromptDismissed', 'true');
      }, theme);
    });

    for (const path of PUBLIC_PAGES) {
      test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
          timeout: COLD_PAGE_TIMEOUT_MS,
        });
        await page.waitForLoadState('networkidle');
        if (path === '/') {
          // The X feed loads as it nears the screen: bring it in so its posts are checked too.
          await page.getByRole('heading', { name: 'Latest from X' }).scrollIntoViewIfNeeded();
          await expect(page.getByTestId('x-post-text').first()).toBeVisible();
        }
        if (path === '/grail-machine') {
          // Checked while the top grails change batch: their names stay readable through it.
          await page.waitForFunction(
            () => {
              const grid = document.querySelector('[data-testid="featured-grid"]');
              return (
                grid !== null &&
                (grid.hasAttribute('data-fading') || Number(getComputedStyle(grid).opacity) < 1)
              );
            },
            null,
            { timeout: 10_000 },
          );
        }
        expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('axe finds no serious or critical violation on a product page', async ({
      page,
      request,
    }) => {
      const answer = await request.get('/api/products/store-items?limit=1');
      test.skip(!answer.ok(), 'the store API is not there yet');
      const { products } = (await answer.json()) as { products: { _id: string }[] };
      await page.goto(`/product/${products[0]!._id}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: COLD_PAGE_TIMEOUT_MS,
      });
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('axe finds no serious or critical violation with the sign-up prompt open', async ({
      page,
    }) => {
      await page.addInitScript(() => sessionStorage.removeItem('signupPromptDismissed'));
      await page.goto('/privacy-policy');
      await expect(page.getByRole('dialog', { name: 'Join Our Community!' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

const csrfOf = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '';

async function topUp(request: APIRequestContext, amount: number) {
  const headers = { 'x-csrf-token': await csrfOf(request) };
  const started = await request.post('/api/wallet/top-ups', { data: { amount }, headers });
  expect(started.status(), await started.text()).toBe(201);
  const checkoutId = ((await started.json()) as { checkoutUrl: string }).checkoutUrl
    .split('/')
    .pop()!;
  const paid = await request.post(`/api/payments/sandbox/${checkoutId}/confirm`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** A page in `theme`, signed in with these credentials (their saved theme set to it) or not. */
async function pageAs(
  browser: Browser,
  baseURL: string,
  theme: 'light' | 'dark',
  credentials?: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((t) => {
    localStorage.setItem('theme', t);
    sessionStorage.setItem('signupPromptDismissed', 'true');
  }, theme);
  const page = await context.newPage();
  if (credentials) {
    const login =
      credentials.email === ADMIN_EMAIL
        ? await signInStaff(page.request, credentials.email, credentials.password)
        : await page.request.post('/api/auth/login', { data: credentials });
    expect(login.status(), await login.text()).toBe(200);
    // The saved theme is the server's: it wins over local storage on load.
    await page.request.put('/api/theme', {
      data: { theme },
      headers: { 'x-csrf-token': await csrfOf(page.request) },
    });
  }
  return page;
}

/** Every serious or critical violation on these pages, named by page. */
async function violationsOn(page: Page, paths: string[], fill: Record<string, string>) {
  const found: { path: string; id: string; targets: string[] }[] = [];
  for (const template of paths) {
    const path = template.replace(/:(\w+)/g, (_, key: string) => fill[key] ?? `:${key}`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await page.waitForLoadState('networkidle');
    for (const v of await seriousViolations(page)) found.push({ path: template, ...v });
  }
  return found;
}

test.describe('signed in', () => {
  const fixtures: Record<string, string> = {};
  let flagsServer: RunningServer | undefined;
  let flagsServerReady: Promise<string> | undefined;
  const collector = { email: '', password: COLLECTOR_PASSWORD };
  const breaksCollector = { email: '', password: COLLECTOR_PASSWORD };

  // A collector with a pull and an order on the suite's server; the server with every flag on
  // starts meanwhile, and its page checks wait for it.
  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    flagsServerReady = startFlagsServer(browser);
    flagsServerReady.catch(() => undefined);
    const context = await browser.newContext({ baseURL });
    const { request } = context;
    collector.email = (await signUpBuyer(request)).email;
    await topUp(request, 600);
    const store = await request.get('/api/products/store-items?sort=storePrice&order=asc');
    const { products } = (await store.json()) as { products: { _id: string }[] };
    fixtures.product = products[3]!._id;
    const { caseId } = (await (await request.get('/api/grail-cases/active')).json()) as {
      caseId: string;
    };
    const headers = { 'x-csrf-token': await csrfOf(request) };
    const pack = await request.post(`/api/grail-cases/${caseId}/packs`, {
      data: {},
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(pack.status(), await pack.text()).toBe(201);
    fixtures.pull = ((await pack.json()) as { pull: { _id: string } }).pull._id;
    const order = await request.post('/api/orders', {
      data: { items: [products[4]!._id] },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect([201, 409], await order.text()).toContain(order.status());
    await context.close();
  });
  test.afterAll(async () => flagsServer?.stop());

  /** A server with every flag on, staff, a break on sale and a collector holding a spot. */
  async function startFlagsServer(browser: Browser) {
    flagsServer = await startServer({
      BREAKS_ENABLED: 'true',
      ADVANCED_ANALYTICS: 'true',
      DISCORD_INTEGRATION: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    const context = await browser.newContext({ baseURL: flagsServer.baseURL });
    const { request } = context;
    const login = await signInStaff(request, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(login.status(), await login.text()).toBe(200);
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const created = await request.post('/api/admin/breaks', {
      headers: { 'x-csrf-token': await csrfOf(request) },
      data: {
        title: 'A11y: One box of 2024 Topps Chrome',
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
    fixtures.break = ((await created.json()) as { break: { _id: string } }).break._id;
    const opened = await request.post(`/api/admin/breaks/${fixtures.break}/open`, {
      headers: { 'x-csrf-token': await csrfOf(request) },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    await context.close();

    const holder = await browser.newContext({ baseURL: flagsServer.baseURL });
    breaksCollector.email = (await signUpBuyer(holder.request)).email;
    await topUp(holder.request, 20);
    const spot = await holder.request.post(`/api/breaks/${fixtures.break}/spots`, {
      headers: { 'x-csrf-token': await csrfOf(holder.request), 'idempotency-key': randomUUID() },
      data: { quantity: 1 },
    });
    expect(spot.status(), await spot.text()).toBe(201);
    fixtures.collector = (
      (await (await holder.request.get('/api/auth/current')).json()) as { user: { _id: string } }
    ).user._id;
    await holder.close();
    return flagsServer.baseURL;
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on a pull's page and a collector's pages (${theme})`, async ({
      browser,
      baseURL,
    }) => {
      // Twenty-odd pages, each loaded to network idle and analysed: on a busy 2-core runner
      // that took more than three minutes.
      test.setTimeout(300_000);
      const visitor = await pageAs(browser, baseURL!, theme);
      const found = await violationsOn(visitor, VISITOR_DATA_PAGES, fixtures);
      await visitor.context().close();
      const page = await pageAs(browser, baseURL!, theme, collector);
      found.push(...(await violationsOn(page, COLLECTOR_PAGES, fixtures)));
      await page.context().close();
      expect(found).toEqual([]);
    });

    test(`axe finds no serious or critical violation on the staff console and flagged pages (${theme})`, async ({
      browser,
    }) => {
      // As above: most of the time is axe's analysis, which a busy runner slows most.
      test.setTimeout(360_000);
      const baseURL = await flagsServerReady!;
      const staff = await pageAs(browser, baseURL, theme, {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      const found = await violationsOn(staff, STAFF_PAGES, fixtures);
      await staff.context().close();
      const visitor = await pageAs(browser, baseURL, theme);
      found.push(...(await violationsOn(visitor, FLAGGED_VISITOR_PAGES, fixtures)));
      await visitor.context().close();
      const holder = await pageAs(browser, baseURL, theme, breaksCollector);
      found.push(...(await violationsOn(holder, FLAGGED_COLLECTOR_PAGES, fixtures)));
      await holder.context().close();
      expect(found).toEqual([]);
    });
  }
});
