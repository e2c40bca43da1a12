import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';

/**
 * What a new collector meets first (issue 30): the reveal keeps the card hidden until it turns,
 * an old pull's page shows the card at once, the dashboard's and the console's sections all fit,
 * the shell's theme toggle on a phone, the sign-up banner keeps the page readable, and a detail
 * page that answers 404 says so.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
// The suite's own server (playwright.config.ts) and its demo case.
const BASE = `http://127.0.0.1:${process.env.E2E_PORT}`;
const WIDTHS = [1280, 390] as const;
const THEMES = ['light', 'dark'] as const;

const fixtures = { pulls: [] as string[], cardNames: [] as string[], grades: [] as string[] };
let collectorContext: BrowserContext;
let collector: APIRequestContext;
let staffServer: RunningServer | undefined;

const STAFF_EMAIL = 'newcomer-admin@example.com';
const STAFF_PASSWORD = 'Newcomer-admin-e2e-2026!';

const csrfOf = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '';

// A collector on the suite's server with two pulls bought through the API (so never "just
// opened" in a browser) and money left for one more pack bought on screen.
test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  collectorContext = await browser.newContext({ baseURL });
  collector = collectorContext.request;
  await signUpBuyer(collector);
  const headers = { 'x-csrf-token': await csrfOf(collector) };
  const live = (await (await collector.get('/api/grail-cases/active')).json()) as {
    caseId: string;
    packPrice: number;
  };
  const topUp = await collector.post('/api/wallet/top-ups', {
    data: { amount: Math.ceil(live.packPrice * 4) },
    headers,
  });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const checkoutId = ((await topUp.json()) as { checkoutUrl: string }).checkoutUrl
    .split('/')
    .pop()!;
  const paid = await collector.post(`/api/payments/sandbox/${checkoutId}/confirm`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
  for (let i = 0; i < 2; i++) {
    const pack = await collector.post(`/api/grail-cases/${live.caseId}/packs`, {
      data: {},
      headers: { ...headers, 'idempotency-key': `newcomer-${i}-${Date.now()}` },
    });
    expect(pack.status(), await pack.text()).toBe(201);
    const { pull } = (await pack.json()) as {
      pull: { _id: string; card: { name: string; grade: string } };
    };
    fixtures.pulls.push(pull._id);
    fixtures.cardNames.push(pull.card.name);
    fixtures.grades.push(pull.card.grade);
  }
});
test.afterAll(async () => {
  await collectorContext?.close();
  await staffServer?.stop();
  staffServer = undefined;
});

async function collectorPage(
  browser: Browser,
  options: {
    width?: number;
    theme?: (typeof THEMES)[number];
    /** The suite asks for reduced motion; the reveal's own tests need its motion. */
    motion?: boolean;
  } = {},
) {
  const context = await browser.newContext({
    baseURL: BASE,
    storageState: await collector.storageState(),
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.motion ? { reducedMotion: 'no-preference' as const } : {}),
  });
  const theme = options.theme ?? 'light';
  await context.addInitScript((t) => {
    localStorage.setItem('theme', t);
    sessionStorage.setItem('signupPromptDismissed', 'true');
  }, theme);
  const page = await context.newPage();
  // The saved theme is the server's: it wins over local storage on load.
  await page.request.put('/api/theme', {
    data: { theme },
    headers: { 'x-csrf-token': await csrfOf(page.request) },
  });
  return page;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('the reveal keeps the card hidden, to the eye and to assistive technology, until it turns', async ({
  browser,
}) => {
  const page = await collectorPage(browser, { motion: true });
  await page.goto(`/grail-machine`);
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a Pack' });
  await dialog.getByRole('button', { name: /^Pay \$[\d,.]+ and open$/ }).click();
  await expect(page).toHaveURL(/\/grail-reveal\?pull=/);
  const pullId = new URL(page.url()).searchParams.get('pull')!;
  const { pull } = (await (await collector.get(`/api/pulls/${pullId}`)).json()) as {
    pull: { card: { name: string; grade: string } };
  };
  const reveal = page.getByTestId('pack-reveal');
  await reveal.waitFor();
  // Watches from now for the turn, in the page (it lasts 0.8 s): the moment it starts, its
  // animations are held 300 ms in, and what the card's face shows then is read.
  const turnWatch = page.evaluate(
    () =>
      new Promise<{ stage: string | undefined; faceVisible: boolean }>((resolve) => {
        const look = () => {
          const stage = document
            .querySelector('[data-testid="pack-reveal"]')
            ?.getAttribute('data-stage');
          if (stage !== 'flip' && stage !== 'result') return requestAnimationFrame(look);
          const face = document.querySelector('[data-testid="card-face"]');
          for (const animation of document.getAnimations()) {
            animation.pause();
            animation.currentTime = 300;
          }
          resolve({
            stage,
            faceVisible: face !== null && getComputedStyle(face).visibility !== 'hidden',
          });
        };
        look();
      }),
  );

  // Each stage before the turn, read as it shows: no card face drawn, nothing of the card named
  // (a reading counts only if the stage had not moved on by its end).
  const stageNow = () => reveal.getAttribute('data-stage');
  for (const stage of ['facedown', 'buildup'] as const) {
    if (stage === 'buildup') await expect(reveal).toHaveAttribute('data-stage', /buildup|flip/);
    const faceVisible = await page.evaluate(() => {
      const face = document.querySelector('[data-testid="card-face"]');
      return face ? face.checkVisibility({ opacityProperty: true }) : false;
    });
    const tree = await reveal.ariaSnapshot();
    const after = await stageNow();
    if (after !== 'facedown' && after !== 'buildup') continue;
    expect(faceVisible, `card face at ${after}`).toBe(false);
    expect(tree).not.toContain(pull.card.name);
    expect(tree).not.toContain(pull.card.grade);
  }
  // Before the turn is halfway (edge-on) only the back may show: read once the turn starts.
  expect(await turnWatch).toEqual({ stage: 'flip', faceVisible: false });
  await page.evaluate(() => document.getAnimations().forEach((a) => a.play()));
  await expect(reveal).toHaveAttribute('data-stage', 'result', { timeout: 4000 });
  await expect(page.getByTestId('card-face')).toBeVisible();
  await expect(page.getByRole('heading', { name: pull.card.name })).toBeVisible();
  await page.context().close();
});

test("an old pull's page shows the card at once, every time, and says 'Opening your pack' at most once while one plays", async ({
  browser,
}) => {
  const page = await collectorPage(browser);
  // Records whether the words ever appear, from the first paint on, in every tab.
  await page.context().addInitScript(() => {
    const seen = { opening: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const count = (document.body?.innerText.match(/Opening your pack/g) ?? []).length;
      seen.opening = Math.max(seen.opening, count);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`/dashboard?tab=pulls`);
  await page
    .getByTestId('pull-row')
    .filter({ hasText: fixtures.cardNames[0]! })
    .first()
    .getByRole('link', { name: /^View/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`pull=${fixtures.pulls[0]}`));
  await expect(page.getByTestId('pack-reveal')).toHaveAttribute('data-stage', 'result');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pull!' })).toBeVisible();
  await expect(page.getByTestId('card-face')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { seen: { opening: number } }).seen),
  ).toEqual({ opening: 0 });
  // Again, straight from its address in another tab: the card, no show.
  const again = await page.context().newPage();
  await again.goto(`/grail-reveal?pull=${fixtures.pulls[1]}`);
  await expect(again.getByTestId('pack-reveal')).toHaveAttribute('data-stage', 'result');
  expect(
    await again.evaluate(() => (window as unknown as { seen: { opening: number } }).seen),
  ).toEqual({ opening: 0 });
  await page.context().close();
});

test('a pack just bought plays its reveal once, centred at 1280 px, naming the wait once', async ({
  browser,
}) => {
  const page = await collectorPage(browser, { motion: true });
  await page.goto(`/grail-machine`);
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  await page
    .getByRole('dialog', { name: 'Buy a Pack' })
    .getByRole('button', { name: /^Pay \$[\d,.]+ and open$/ })
    .click();
  await expect(page).toHaveURL(/\/grail-reveal\?pull=/);
  const reveal = page.getByTestId('pack-reveal');
  await expect(reveal).toHaveAttribute('data-stage', /facedown|buildup/);
  await expect(page.getByText(/Opening your pack/)).toHaveCount(1);
  const centres = await page.evaluate(() => {
    const centre = (el: Element | null) => {
      const box = el!.getBoundingClientRect();
      return box.left + box.width / 2;
    };
    return {
      reveal: centre(document.querySelector('[data-testid="pack-reveal"]')),
      content: centre(document.querySelector('main h1')),
    };
  });
  expect(Math.abs(centres.reveal - centres.content)).toBeLessThan(4);
  await shoot(page, 'reveal-playing-1280-light');
  await page.keyboard.press('Enter');
  await expect(reveal).toHaveAttribute('data-stage', 'result');
  // Reloaded: it has played here, so the card shows at once.
  await page.reload();
  await expect(page.getByTestId('pack-reveal')).toHaveAttribute('data-stage', 'result');
  await page.context().close();
});

for (const theme of THEMES) {
  test(`the reveal and a pull's page look right at both widths (${theme})`, async ({ browser }) => {
    for (const width of WIDTHS) {
      const page = await collectorPage(browser, { width, theme });
      await page.goto(`/grail-reveal?pull=${fixtures.pulls[0]}`);
      await expect(page.getByRole('button', { name: 'Share this pull' })).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await shoot(page, `pull-${width}-${theme}`);
      await page.context().close();
    }
  });
}

const DASHBOARD_SECTIONS = [
  'Overview',
  'Orders',
  'My Pulls',
  'Submissions',
  'Payouts',
  'Wallet',
  'Limits',
  'Settings',
];

for (const theme of THEMES) {
  test(`every dashboard section is in view at 1280 px and in a menu at 390 px (${theme})`, async ({
    browser,
  }) => {
    const page = await collectorPage(browser, { theme });
    await page.goto(`/dashboard?tab=wallet`);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of DASHBOARD_SECTIONS) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toBeInViewport();
    }
    await expect(nav.getByRole('link', { name: 'Wallet', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/tab=settings/);
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shoot(page, `dashboard-1280-${theme}`);

    await page.setViewportSize({ width: 390, height: 844 });
    const menu = nav.getByRole('button', { name: /Settings/ });
    await expect(menu).toBeInViewport();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeHidden();
    await menu.click();
    for (const name of DASHBOARD_SECTIONS) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shoot(page, `dashboard-menu-390-${theme}`);
    await nav.getByRole('link', { name: 'My Pulls', exact: true }).click();
    await expect(page).toHaveURL(/tab=pulls/);
    await expect(nav.getByRole('button', { name: /My Pulls/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await shoot(page, `dashboard-390-${theme}`);
    await page.context().close();
  });
}

const CONSOLE_SECTIONS = [
  'Overview',
  'Inventory',
  'Shipping',
  'Users',
  'Submissions',
  'Breaks',
  'Analytics',
  'Site',
  'Audit log',
];

test('every staff console section is in view at 1280 px and in a menu at 390 px', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  staffServer ??= await startServer({
    DEMO_DATA: 'false',
    BREAKS_ENABLED: 'true',
    ADVANCED_ANALYTICS: 'true',
    ADMIN_EMAIL: STAFF_EMAIL,
    ADMIN_PASSWORD: STAFF_PASSWORD,
  });
  for (const theme of THEMES) {
    const context = await browser.newContext({
      baseURL: staffServer.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    await signInStaff(page.request, STAFF_EMAIL, STAFF_PASSWORD);
    await page.request.put('/api/theme', {
      data: { theme },
      headers: { 'x-csrf-token': await csrfOf(page.request) },
    });
    await page.goto('/admin/audit');
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    for (const name of CONSOLE_SECTIONS) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
    }
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shoot(page, `console-1280-${theme}`);

    await page.setViewportSize({ width: 390, height: 844 });
    const menu = nav.getByRole('button', { name: /Audit log/ });
    await expect(menu).toBeInViewport();
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shoot(page, `console-menu-390-${theme}`);
    await nav.getByRole('link', { name: 'Inventory', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/inventory$/);
    await expect(nav.getByRole('button', { name: /Inventory/ })).toBeInViewport();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await context.close();
  }
});

test('at 390 px the menu holds the shell theme toggle, and it switches the theme', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/store`);
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('button', { name: 'Dark Mode' }).click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.className))
    .toContain('dark');
  await expect(drawer.getByRole('button', { name: 'Light Mode' })).toBeVisible();
  await shoot(page, 'menu-390-dark');
  await context.close();
});

test('on a phone the sign-up banner leaves the end of the page, X feed included, readable', async ({
  browser,
}) => {
  for (const theme of THEMES) {
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    await page.goto(`/`);
    const banner = page.getByRole('region', { name: 'Sign-up invitation' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    // The feed loads as it nears the screen.
    await page.getByRole('heading', { name: 'Latest from X' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('x-post-text').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const boxes = await page.evaluate(() => {
      const bannerBox = document
        .querySelector('[aria-label="Sign-up invitation"]')!
        .getBoundingClientRect();
      const texts = document.querySelectorAll('[data-testid="x-post-text"]');
      const feed = texts[texts.length - 1]!.closest('article') ?? texts[texts.length - 1]!;
      return {
        bannerTop: bannerBox.top,
        feedBottom: feed.getBoundingClientRect().bottom,
        footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom,
      };
    });
    expect(boxes.feedBottom).toBeLessThanOrEqual(boxes.bannerTop);
    expect(boxes.footerBottom).toBeLessThanOrEqual(boxes.bannerTop);
    await shoot(page, `banner-390-${theme}`);
    await context.close();
  }
});

test('a detail page that answers 404 shows the not-found page', async ({ browser }) => {
  const page = await collectorPage(browser);
  const missing = randomUUID();
  for (const path of [
    `/dashboard/submissions/${missing}`,
    `/grail-reveal?pull=${missing}`,
    `/order-success?orderId=${missing}`,
    `/pulls/${missing}`,
  ]) {
    await page.goto(`${path}`);
    await expect(
      page.getByRole('heading', { level: 1, name: '404 - Not Found' }),
      path,
    ).toBeVisible({ timeout: 15_000 });
  }
  await shoot(page, 'not-found-1280-light');
  await page.context().close();

  // Breaks are behind their flag: the staff server has it on.
  staffServer ??= await startServer({
    DEMO_DATA: 'false',
    BREAKS_ENABLED: 'true',
    ADVANCED_ANALYTICS: 'true',
    ADMIN_EMAIL: STAFF_EMAIL,
    ADMIN_PASSWORD: STAFF_PASSWORD,
  });
  const context = await browser.newContext({ baseURL: staffServer.baseURL });
  const visitor = await context.newPage();
  await visitor.goto(`/breaks/${missing}`);
  await expect(visitor.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
});
