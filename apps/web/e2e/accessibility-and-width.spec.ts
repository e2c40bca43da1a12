import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { contrastAxe, wcagAxe } from './support/axe';
import { policyRefusals } from './support/csp';
import { settled } from './support/settled';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer } from './support/server';
import { COLLECTOR_PASSWORD, signInStaff, signUpBuyer } from './support/users';
import { csrfOf, topUp } from './support/wallet';

/*
 * Every page, for each role, in both themes and at both widths, in one visit: axe looks for
 * serious or critical violations (every WCAG A/AA rule in the light theme; the dark one changes
 * only colours, so contrast alone there), the footer's toggle switches the theme in place for the
 * other check, and no page may be wider than the screen at 1280 or 390 px. The next page loads in
 * the theme the toggle left, so each load also proves the saved theme applies. `axe: false` marks
 * a page only measured for width. This file's name sorts first, so its long tests start first.
 */
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const WIDTHS = [1280, 390] as const;

interface Visit {
  path: string;
  axe: boolean;
}
const visits = (paths: string[], widthOnly: string[] = []): Visit[] =>
  paths.map((path) => ({ path, axe: !widthOnly.includes(path) }));

/** Every page a visitor can open without signing in, and a pull's page as anyone sees it. */
const VISITOR_PAGES = visits(
  [
    '/',
    '/grail-machine',
    '/grail-machine/fairness',
    '/store',
    '/product/:product',
    '/pulls/:pull',
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
  ],
  ['/totp-setup'],
);

/**
 * A signed-in collector's pages (on the suite's server, with a top-up, a pull and an order so
 * the tables have rows); `:product` is a card on sale, `:pull` their pull. In two halves, the
 * shop's and the dashboard's, so that the two workers share them.
 */
const COLLECTOR_SHOP_PAGES = visits(
  [
    '/',
    '/store',
    '/product/:product',
    '/grail-machine',
    '/grail-machine/fairness',
    '/pulls/:pull',
    '/grail-reveal?pull=:pull',
    '/cart',
    '/checkout?buy=:product',
    '/complete-profile',
    '/sell-cards',
  ],
  ['/grail-reveal?pull=:pull', '/complete-profile'],
);
const COLLECTOR_DASHBOARD_PAGES = visits([
  '/dashboard',
  '/dashboard/vault',
  '/dashboard?tab=orders',
  '/dashboard?tab=pulls',
  '/dashboard?tab=submissions',
  '/dashboard?tab=payments',
  '/dashboard?tab=wallet',
  '/dashboard?tab=limits',
  '/dashboard?tab=settings',
]);

/**
 * After each sweep a card goes into the cart: the header then shows its count beside the
 * account links, and the cart and checkout list it. These are measured for width only.
 */
const CART_PAGES = ['/', '/cart', '/checkout'];

/** The staff console's sections, on a server with every flag on; `:collector` is an account. */
const STAFF_PAGES = visits(
  [
    '/admin',
    '/admin/inventory',
    '/admin/shipping',
    '/admin/users',
    '/admin/users/:collector',
    '/admin/submissions',
    '/admin/withdrawals',
    '/admin/breaks',
    '/admin/analytics',
    '/admin/site',
    '/admin/audit',
    '/dashboard?tab=wallet',
  ],
  ['/dashboard?tab=wallet'],
);

/**
 * Pages behind a flag (every flag is off on the suite's server): breaks, for a visitor and a spot
 * holder, and the holder's settings with the Discord card.
 */
const FLAGGED_VISITOR_PAGES = visits([
  '/breaks',
  '/breaks/:break',
  '/breaks/:pickBreak',
  '/breaks/:break/reveal',
  '/break-pack-reveal?break=:break',
]);
const FLAGGED_COLLECTOR_PAGES = visits([
  '/breaks',
  '/breaks/:break',
  '/dashboard?tab=breaks',
  '/dashboard?tab=settings',
]);

const ADMIN_EMAIL = 'sweep-admin@example.com';
const ADMIN_PASSWORD = 'Sweep-admin-e2e-2026!';

// Two workers share the sweeps; each prepares its own collector and, when it needs one, its
// own server with every flag on.
test.describe.configure({ mode: 'parallel' });

const fixtures: Record<string, string> = {};
const collector = { email: '', password: COLLECTOR_PASSWORD };
const breaksCollector = { email: '', password: COLLECTOR_PASSWORD };
let flagsServer: Promise<RunningServer> | undefined;

// A collector with a top-up, a pull and an order on the suite's server and its demo data.
test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const { request } = context;
  collector.email = (await signUpBuyer(request)).email;
  await topUp(request, 2000);
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
  // Another worker (or spec) may buy the same card at the same moment: the next one will do.
  let ordered = false;
  for (const product of products.slice(4)) {
    const order = await request.post('/api/orders', {
      data: { items: [product._id] },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    ordered = order.status() === 201;
    if (!ordered) expect(order.status(), await order.text()).toBe(409);
    if (ordered) break;
  }
  expect(ordered).toBe(true);
  await context.close();
});
// A worker may come back to this file after closing it: it then starts a new server.
test.afterAll(async () => {
  await (await flagsServer?.catch(() => undefined))?.stop();
  flagsServer = undefined;
});

/**
 * This worker's server with every flag on, staff, two breaks on sale (teams drawn at random, and
 * teams picked at their own prices) and a collector holding a spot.
 */
async function flagsServerURL(browser: Browser): Promise<string> {
  flagsServer ??= startServer({
    BREAKS_ENABLED: 'true',
    ADVANCED_ANALYTICS: 'true',
    DISCORD_INTEGRATION: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  }).then(async (server) => {
    await prepareFlagsServer(browser, server.baseURL);
    return server;
  });
  return (await flagsServer).baseURL;
}

async function prepareFlagsServer(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
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
  const pick = await request.post('/api/admin/breaks', {
    headers: { 'x-csrf-token': await csrfOf(request) },
    data: {
      title: 'A11y: Pick your team',
      sport: 'Football',
      format: 'pick_team',
      spotPrice: 15,
      boxes: 1,
      packsPerBox: 8,
      teams: [{ name: 'Buffalo Bills', price: 30 }, { name: 'Detroit Lions' }],
      salesDeadline: inHours(2),
      scheduledAt: inHours(3),
    },
  });
  expect(pick.status(), await pick.text()).toBe(201);
  fixtures.pickBreak = ((await pick.json()) as { break: { _id: string } }).break._id;
  const pickOpened = await request.post(`/api/admin/breaks/${fixtures.pickBreak}/open`, {
    headers: { 'x-csrf-token': await csrfOf(request) },
  });
  expect(pickOpened.status(), await pickOpened.text()).toBe(200);
  await context.close();

  const holder = await browser.newContext({ baseURL });
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
}

/** What the security policy refused on each sweep's page (nothing may be). */
const refusalsOf = new WeakMap<Page, string[]>();

/** A page at 1280 px in `theme`, signed in as `as` (their saved theme set to it) or not. */
async function pageAs(
  browser: Browser,
  baseURL: string,
  theme: Theme,
  as?: 'staff' | { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  // The first load takes this theme; later ones keep what the toggle saved.
  await context.addInitScript((t) => {
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', t);
    sessionStorage.setItem('signupPromptDismissed', 'true');
  }, theme);
  const page = await context.newPage();
  refusalsOf.set(page, policyRefusals(page));
  if (as) {
    const login =
      as === 'staff'
        ? await signInStaff(page.request, ADMIN_EMAIL, ADMIN_PASSWORD)
        : await page.request.post('/api/auth/login', { data: as });
    expect(login.status(), await login.text()).toBe(200);
    // The saved theme is the server's: it wins over local storage on load.
    await page.request.put('/api/theme', {
      data: { theme },
      headers: { 'x-csrf-token': await csrfOf(page.request) },
    });
  }
  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('grail-cart'));
  expect(await themeOf(page)).toBe(theme);
  return page;
}

async function seriousViolations(page: Page, theme: Theme) {
  const results = await (theme === 'light' ? wcagAxe(page) : contrastAxe(page)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

const otherTheme = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

/** The theme the page shows, from the root element's class. */
const themeOf = async (page: Page): Promise<Theme> =>
  (await page.evaluate(() => document.documentElement.classList.contains('dark')))
    ? 'dark'
    : 'light';

/**
 * Switches the theme with the footer's toggle, as a person would, and waits for the colour
 * transitions to end so axe reads the final colours.
 */
async function toggleTheme(page: Page, to: Theme) {
  const label = to === 'dark' ? 'Dark Mode' : 'Light Mode';
  const wanted = new RegExp(`\\b${to}\\b`);
  // A click can land elsewhere when the page moves under it (the Grail Machine's top grails
  // change batch): the button names the mode it switches to, so it is clicked again only while
  // the page is still in the other theme.
  await expect(async () => {
    if (!wanted.test((await page.locator('html').getAttribute('class')) ?? ''))
      await page.getByRole('contentinfo').getByRole('button', { name: label }).click();
    await expect(page.locator('html')).toHaveClass(wanted, { timeout: 2_000 });
  }, `${to} theme on ${page.url()}`).toPass({ timeout: 20_000 });
  await movedIntoPlace(page);
}

/**
 * Resolves when what is still moving has ended (a colour changing with the theme, a card fading
 * in): axe reads colours as they are at that instant, and half-way they fail contrast. Endless
 * animations (a spinner) are left alone.
 */
const movedIntoPlace = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** Before axe: what loads later or moves on these pages is brought in, or caught moving. */
async function settle(page: Page, path: string) {
  await movedIntoPlace(page);
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
}

/** The elements that reach past the right edge, to name the offender when the page is too wide. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const tooWide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      // getAttribute: an SVG element's className is an SVGAnimatedString, not its classes.
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, tooWide };
  });

/**
 * Visits each page once: axe at 1280 px in the theme it loads in, again in the other after the
 * toggle, then the width at 1280 and 390 px; then, with a card in the cart, the CART_PAGES for
 * width. Answers what failed.
 */
async function sweep(page: Page, pages: Visit[]) {
  const found: unknown[] = [];
  let theme = await themeOf(page);
  const cart = visits(CART_PAGES, CART_PAGES);
  for (const [i, { path: template, axe }] of [...pages, ...cart].entries()) {
    if (i === pages.length) {
      await page.evaluate(
        (product) => localStorage.setItem('grail-cart', JSON.stringify([product])),
        fixtures.product,
      );
    }
    const path = template.replace(/:(\w+)/g, (_, key: string) => fixtures[key] ?? `:${key}`);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(path);
    if (axe) {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: COLD_PAGE_TIMEOUT_MS,
      });
    }
    await settled(page);
    if (axe) {
      // The page loads in the theme the last toggle saved.
      expect(await themeOf(page), template).toBe(theme);
      for (const [step, checked] of [theme, otherTheme(theme)].entries()) {
        if (step === 1) await toggleTheme(page, checked);
        await settle(page, template);
        for (const v of await seriousViolations(page, checked)) {
          found.push({ path: template, theme: checked, ...v });
        }
      }
      theme = otherTheme(theme);
    }
    // Sections that load near the screen (the home page's X feed) are there when measured.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settled(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const seen = await measure(page);
      if (seen.scrollWidth > seen.width) {
        found.push(
          `${template} at ${width}px is ${seen.scrollWidth}px wide: ${seen.tooWide.join(', ')}`,
        );
      }
    }
    found.push(...(refusalsOf.get(page)?.splice(0) ?? []));
  }
  return found;
}

test('every page of a visitor: axe in both themes and width', async ({ browser, baseURL }) => {
  // Each page is loaded to network idle and analysed twice: most of the time is axe's.
  test.setTimeout(300_000);
  const page = await pageAs(browser, baseURL!, 'light');
  expect(await sweep(page, VISITOR_PAGES)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.getByRole('link', { name: 'Cart, 1 card' })).toBeInViewport();
  // The header's last link (the sign-up one) is whole on screen, not cut off at the edge.
  await expect(page.getByRole('banner').getByRole('link').last()).toBeInViewport({ ratio: 1 });
  await page.context().close();
});

for (const [half, pages, theme] of [
  ['the shop', COLLECTOR_SHOP_PAGES, 'dark'],
  ['the dashboard', COLLECTOR_DASHBOARD_PAGES, 'light'],
] as const) {
  test(`every page of a collector, ${half}: axe in both themes and width`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    // The server's saved theme is what the first load shows.
    const page = await pageAs(browser, baseURL!, theme, collector);
    expect(await sweep(page, pages)).toEqual([]);
    await page.context().close();
  });
}

test('the staff console: axe in both themes and width', async ({ browser }) => {
  test.setTimeout(300_000);
  const baseURL = await flagsServerURL(browser);
  const staff = await pageAs(browser, baseURL, 'light', 'staff');
  const found = await sweep(staff, STAFF_PAGES);
  // Staff reach the console from the navigation.
  await staff.setViewportSize({ width: WIDTHS[0], height: 900 });
  await staff.goto('/');
  const nav = staff.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await staff.context().close();
  expect(found).toEqual([]);
});

test('the flagged pages of a visitor and a spot holder: axe in both themes and width', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const baseURL = await flagsServerURL(browser);
  const visitor = await pageAs(browser, baseURL, 'dark');
  const found = await sweep(visitor, FLAGGED_VISITOR_PAGES);
  await visitor.context().close();
  const holder = await pageAs(browser, baseURL, 'light', breaksCollector);
  found.push(...(await sweep(holder, FLAGGED_COLLECTOR_PAGES)));
  await holder.context().close();
  expect(found).toEqual([]);
});

test('axe finds no serious or critical violation with the sign-up prompt open, in both themes', async ({
  browser,
  baseURL,
}) => {
  for (const theme of THEMES) {
    const page = await pageAs(browser, baseURL!, theme);
    await page.addInitScript(() => sessionStorage.removeItem('signupPromptDismissed'));
    await page.goto('/privacy-policy');
    await expect(page.getByRole('dialog', { name: 'Join Our Community!' })).toBeVisible();
    expect(await seriousViolations(page, theme)).toEqual([]);
    await page.context().close();
  }
});
