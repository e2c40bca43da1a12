import { expect, test, type Page } from '@playwright/test';

/** Keeps the sign-up prompt away in tests about something else. */
async function dismissSignUpPrompt(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
}

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);
/** The page's background once its colour transitions (if any) have ended. */
const bodyBackground = (page: Page) =>
  page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    return getComputedStyle(document.body).backgroundColor;
  });

test.describe('routes', () => {
  test.beforeEach(async ({ page }) => dismissSignUpPrompt(page));

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible();
    await expect(
      page.getByText('Sorry, the page you are looking for does not exist.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a protected route sends a visitor to /login and remembers where they were', async ({
    page,
  }) => {
    await page.goto('/dashboard/submissions/abc');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fsubmissions%2Fabc$/);
    await page.goto('/complete-profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcomplete-profile$/);
  });

  test('/privacy and /terms redirect to the legal pages', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.goto('/terms');
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });

  test('the legal pages have 12 and 15 numbered sections with the age rules', async ({ page }) => {
    await page.goto('/privacy-policy');
    const privacy = page.getByTestId('legal-section');
    await expect(privacy).toHaveCount(12);
    await expect(privacy.nth(0).getByRole('heading', { level: 2 })).toHaveText('1. Who We Are');
    await expect(privacy.nth(11).getByRole('heading', { level: 2 })).toHaveText(/^12\. /);
    await expect(
      page.getByText('We do not serve users under 13 (age to be confirmed)'),
    ).toBeVisible();

    await page.goto('/terms-of-service');
    const terms = page.getByTestId('legal-section');
    await expect(terms).toHaveCount(15);
    await expect(terms.nth(14).getByRole('heading', { level: 2 })).toHaveText(/^15\. /);
    await expect(page.getByText('You must be 18 years of age or older')).toBeVisible();
  });

  test("/sell-cards shows a visitor the 'Account Required' page", async ({ page }) => {
    await page.goto('/sell-cards');
    await expect(page).toHaveURL(/\/sell-cards$/);
    await expect(page.getByText('Account Required')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sell Your Graded Cards' }),
    ).toBeVisible();
    for (const reason of [
      'Competitive offers',
      'Track submissions and payment history',
      'Secure, fast payment',
      'Exclusive buying programs',
    ]) {
      await expect(page.getByRole('heading', { name: reason })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/register\?redirectTo=%2Fsell-cards$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsell-cards$/);
  });

  test('breaks routes are the 404 page while BREAKS_ENABLED is off', async ({ page, request }) => {
    const config = await (await request.get('/api/config')).json();
    expect(config.flags.BREAKS_ENABLED).toBe(false);
    for (const path of ['/breaks', '/breaks/b1', '/breaks/b1/reveal', '/break-pack-reveal']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Breaks')).toHaveCount(0);
  });

  test("the app blocks with 'Loading Application...' while the auth warm-up runs", async ({
    page,
    baseURL,
  }) => {
    // Only a browser that was signed in asks the server (a visitor's answer is known without it).
    await page.context().addCookies([{ name: 'signed-in', value: '1', url: baseURL! }]);
    // Long enough that a busy runner still sees the warm-up before the answer arrives.
    await page.route('**/api/auth/current', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    await page.goto('/privacy-policy');
    await expect(page.getByText('Loading Application...')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Loading Application...')).toHaveCount(0);
  });

  test('the page paints its start-up screen from the HTML, before its code has loaded', async ({
    page,
  }) => {
    // The app's code never arrives; the HTML's inline theme script still runs.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    for (const [colorScheme, background] of [
      ['light', 'rgb(243, 245, 250)'],
      ['dark', 'rgb(10, 18, 38)'],
    ] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/login');
      const start = page.getByRole('status');
      await expect(start.getByText('Loading...')).toBeVisible();
      // Styled by the inlined stylesheet: the whole screen, in the theme's background.
      const box = await start.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(page.viewportSize()!.height);
      expect(await start.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(background);
    }
  });

  test('pages show Loading... while their code downloads', async ({ page }) => {
    await page.route(/\/assets\/PrivacyPolicyPage-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/privacy-policy');
    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('every page scrolls to the top on a route change', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByTestId('legal-section')).toHaveCount(15);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('shell', () => {
  test.beforeEach(async ({ page }) => dismissSignUpPrompt(page));

  test('the desktop sidebar has the links, the test-mode badge and the music player', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Grail Machine', 'Store', 'Marketplace', 'Sell Cards']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@grailmachine.example',
    );
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByTestId('test-mode-badge')).toHaveText('Test mode');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();

    const player = page.getByTestId('music-player');
    await expect(player).toContainText('Music by Grail Machine Studio');
    await player.getByRole('button', { name: 'Unmute music' }).click();
    await expect(player.getByRole('button', { name: 'Mute music' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await nav.getByRole('link', { name: 'Sell Cards' }).click();
    await expect(page).toHaveURL(/\/sell-cards$/);
  });

  test('the first Tab reaches a skip link that moves focus to the page content', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('the theme toggle sets the root class and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/privacy-policy');
    expect(await rootClass(page)).toContain('light');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Dark Mode' }).click();
    expect(await rootClass(page)).toContain('dark');
    expect(await rootClass(page)).not.toContain('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const darkBackground = await bodyBackground(page);

    await page.reload();
    expect(await rootClass(page)).toContain('dark');
    await expect(footer.getByRole('button', { name: 'Light Mode' })).toBeVisible();
    expect(await bodyBackground(page)).toBe(darkBackground);
    await footer.getByRole('button', { name: 'Light Mode' }).click();
    expect(await rootClass(page)).toContain('light');
    // The shell's (in the sidebar) and the footer's, as SPEC lists them, show the same mode.
    await expect(page.getByRole('button', { name: 'Dark Mode' })).toHaveCount(2);
  });

  test('the saved theme is on the root element before the app code runs (no flash)', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/privacy-policy');
    expect(await rootClass(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe('rgb(10, 18, 38)');
  });

  test('the system preference decides the first theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/terms-of-service');
    expect(await rootClass(page)).toContain('dark');
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Light Mode' }),
    ).toBeVisible();
  });

  test('at 390 px a Menu button opens the left drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/privacy-policy');
    await expect(page.getByRole('complementary')).toBeHidden();
    await expect(page.getByTestId('music-player')).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Grail Machine', exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Contact Support' })).toBeVisible();
    // The shell's theme toggle is in reach on a phone, not only at the foot of the page.
    await expect(drawer.getByRole('button', { name: /^(Light|Dark) Mode$/ })).toBeVisible();
    // It slides in from the left edge.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await drawer.getByRole('link', { name: 'Sell Cards' }).click();
    await expect(page).toHaveURL(/\/sell-cards$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('sign-up prompt', () => {
  test("opens 'Join Our Community!' after 2.5 s and not again once dismissed", async ({ page }) => {
    // Record when the 2500 ms timer is set and when the dialog appears, in the page's own time.
    await page.addInitScript(() => {
      const marks: { scheduledAt?: number; shownAt?: number } = {};
      (window as unknown as { signUpMarks: typeof marks }).signUpMarks = marks;
      const setTimeoutBefore = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
        if (delay === 2500) marks.scheduledAt = performance.now();
        return setTimeoutBefore(handler, delay, ...rest);
      }) as typeof window.setTimeout;
      new MutationObserver(() => {
        if (!marks.shownAt && document.querySelector('[aria-labelledby="signup-prompt-title"]')) {
          marks.shownAt = performance.now();
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/privacy-policy');
    const dialog = page.getByRole('dialog', { name: 'Join Our Community!' });
    await expect(dialog).toBeVisible();
    const marks = await page.evaluate(
      () =>
        (window as unknown as { signUpMarks: { scheduledAt: number; shownAt: number } })
          .signUpMarks,
    );
    expect(marks.shownAt - marks.scheduledAt).toBeGreaterThanOrEqual(2500);
    expect(marks.shownAt - marks.scheduledAt).toBeLessThan(4000);
    await expect(dialog.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('signupPromptDismissed'))).toBe('true');

    // The page's clock moves only when the test moves it: 4 s pass at once.
    await page.clock.install();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.clock.runFor(4000);
    await expect(dialog).toHaveCount(0);
  });

  test("'Sign Up Now' goes to /register", async ({ page }) => {
    await page.clock.install();
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.clock.runFor(2600);
    await page
      .getByRole('dialog', { name: 'Join Our Community!' })
      .getByRole('button', { name: 'Sign Up Now' })
      .click();
    // It comes back to the page it opened on.
    await expect(page).toHaveURL(/\/register\?redirectTo=%2Fterms-of-service$/);
    expect(await page.evaluate(() => sessionStorage.getItem('signupPromptDismissed'))).toBe('true');
  });

  test('touch devices get a bottom banner instead', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.clock.runFor(2600);
    const banner = page.getByRole('region', { name: 'Sign-up invitation' });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Join Our Community!' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);
    await context.close();
  });
});

test.describe('error screens', () => {
  test.beforeEach(async ({ page }) => dismissSignUpPrompt(page));

  test('a failed chunk says a new version is available, reloads once, then reports the failure', async ({
    page,
  }) => {
    await page.route(/\/assets\/TermsOfServicePage-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { name: 'A new version is available!' })).toBeVisible();
    await expect(
      page.getByText(
        "We've updated the application. Please refresh the page to get the latest version. If this issue persists, try clearing your browser cache.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toBeVisible();
    await expect(
      page.getByText(
        'There was an issue loading this part of the application. This can happen after an update. Please try refreshing.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();

    await page.unroute(/\/assets\/TermsOfServicePage-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });

  test("a page that throws shows 'Oops! Something went wrong' and clears on navigation", async ({
    page,
  }) => {
    await page.route(/\/assets\/PrivacyPolicyPage-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("Privacy page exploded");',
      }),
    );
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        'We apologize for the inconvenience. The application encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });
});
