import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { COLLECTOR_PASSWORD, signInStaff, signUpBuyer } from './support/users';

const ADMIN_EMAIL = 'overflow-admin@example.com';
const ADMIN_PASSWORD = 'Overflow-admin-e2e-2026!';
const WIDTHS = [1280, 390] as const;
const THEMES = ['light', 'dark'] as const;

/** Every page a visitor can open; `:product` is a card on sale. */
const VISITOR_ROUTES = [
  '/',
  '/grail-machine',
  '/grail-machine/fairness',
  '/store',
  '/product/:product',
  '/cart',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/totp-setup',
  '/privacy-policy',
  '/terms-of-service',
  '/sell-cards',
  '/no-such-page',
];

/** A collector with a top-up, a pull and an order, so the tables have rows. */
const COLLECTOR_ROUTES = [
  '/',
  '/store',
  '/product/:product',
  '/cart',
  '/checkout',
  '/complete-profile',
  '/grail-reveal?pull=:pull',
  '/sell-cards',
  '/dashboard',
  '/dashboard?tab=orders',
  '/dashboard?tab=pulls',
  '/dashboard?tab=submissions',
  '/dashboard?tab=payments',
  '/dashboard?tab=wallet',
  '/dashboard?tab=settings',
];

const ADMIN_ROUTES = ['/admin', '/admin/submissions', '/dashboard?tab=wallet'];

let adminServer: RunningServer | undefined;
const fixtures = { product: '', pull: '', collectorEmail: '' };

const csrfOf = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '';

// Two workers share the combinations; each prepares its own collector.
test.describe.configure({ mode: 'parallel' });

// Visitors and collectors use the shared test server and its demo data: a collector with a
// top-up, a pull and an order, so the wallet, orders and pulls have rows.
test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const { request } = context;
  const { email } = await signUpBuyer(request);
  fixtures.collectorEmail = email;
  const headers = { 'x-csrf-token': await csrfOf(request) };

  const store = await request.get('/api/products/store-items?limit=8');
  const { products } = (await store.json()) as { products: { _id: string }[] };
  fixtures.product = products[0]!._id;

  const topUp = await request.post('/api/wallet/top-ups', { data: { amount: 2000 }, headers });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const checkoutId = ((await topUp.json()) as { checkoutUrl: string }).checkoutUrl
    .split('/')
    .pop()!;
  const paid = await request.post(`/api/payments/sandbox/${checkoutId}/confirm`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);

  const { caseId } = (await (await request.get('/api/grail-cases/active')).json()) as {
    caseId: string;
  };
  const pack = await request.post(`/api/grail-cases/${caseId}/packs`, {
    data: {},
    headers: { ...headers, 'idempotency-key': `overflow-${Date.now()}` },
  });
  expect(pack.status(), await pack.text()).toBe(201);
  fixtures.pull = ((await pack.json()) as { pull: { _id: string } }).pull._id;

  // Another worker (or spec) may buy the same card at the same moment: the next one will do.
  let ordered = 0;
  for (const product of products.slice(1)) {
    const order = await request.post('/api/orders', {
      data: { items: [product._id] },
      headers: { ...headers, 'idempotency-key': `overflow-order-${product._id}` },
    });
    if (order.status() === 201) ordered += 1;
    else expect(order.status(), await order.text()).toBe(409);
    if (ordered) break;
  }
  expect(ordered).toBe(1);
  await context.close();
});
// A worker may come back to this file after closing it: it then starts a new server.
test.afterAll(async () => {
  await adminServer?.stop();
  adminServer = undefined;
});

async function pageFor(
  browser: Browser,
  baseURL: string,
  theme: (typeof THEMES)[number],
  as?: 'collector' | 'admin',
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  // A card in the cart: the header then shows its count beside the account links.
  await context.addInitScript(
    ({ t, product }) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('grail-cart', JSON.stringify([product]));
      sessionStorage.setItem('signupPromptDismissed', 'true');
    },
    { t: theme, product: fixtures.product },
  );
  const page = await context.newPage();
  if (as) {
    const credentials =
      as === 'admin'
        ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }
        : { email: fixtures.collectorEmail, password: COLLECTOR_PASSWORD };
    const login =
      as === 'admin'
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

/** Scrolls to the end so sections that load near the screen (the home page's X feed) are there. */
async function loadWholePage(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

/** The elements that reach past the right edge, to name the offender when the page is too wide. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const tooWide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, tooWide };
  });

async function checkRoutes(page: Page, routes: string[]) {
  const failures: string[] = [];
  for (const route of routes) {
    const path = route.replace(':product', fixtures.product).replace(':pull', fixtures.pull);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(path);
    await loadWholePage(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const seen = await measure(page);
      if (seen.scrollWidth > seen.width) {
        failures.push(
          `${route} at ${width}px is ${seen.scrollWidth}px wide: ${seen.tooWide.join(', ')}`,
        );
      }
    }
  }
  expect(failures).toEqual([]);
}

/** A server of its own for staff, with an administrator created at start (no demo data: faster). */
async function staffServer(): Promise<string> {
  adminServer ??= await startServer({ DEMO_DATA: 'false', ADMIN_EMAIL, ADMIN_PASSWORD });
  return adminServer.baseURL;
}

for (const theme of THEMES) {
  test(`no page is wider than the screen for a visitor with a card in the cart (${theme})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const page = await pageFor(browser, baseURL!, theme);
    await checkRoutes(page, VISITOR_ROUTES);
    await page.setViewportSize({ width: 390, height: 900 });
    await expect(page.getByRole('link', { name: 'Cart, 1 card' })).toBeInViewport();
    // The header's last link (the sign-up one) is whole on screen, not cut off at the edge.
    await expect(page.getByRole('banner').getByRole('link').last()).toBeInViewport({ ratio: 1 });
  });

  test(`no page is wider than the screen for a collector (${theme})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await checkRoutes(await pageFor(browser, baseURL!, theme, 'collector'), COLLECTOR_ROUTES);
  });

  test(`no page is wider than the screen for staff (${theme})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await pageFor(browser, await staffServer(), theme, 'admin');
    await checkRoutes(page, ADMIN_ROUTES);
    // Staff reach the console from the navigation.
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
}
