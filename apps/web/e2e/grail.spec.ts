import { expect, test, type Browser } from '@playwright/test';
import { policyRefusals } from './support/csp';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';
import { topUp } from './support/wallet';

const ADMIN_EMAIL = 'grail-admin@example.com';
const ADMIN_PASSWORD = 'Grail-admin-e2e-2026!';

// A server of our own: the demo live case, and an admin created at start.
let server: RunningServer;
test.beforeAll(async () => {
  // A first start with demo data draws and encodes the card art: give it time on a busy machine.
  test.setTimeout(240_000);
  server = await startServer({ DEMO_DATA: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
});
test.afterAll(async () => server?.stop());

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  return context.newPage();
}

test('a collector tops up, buys a pack, sees the reveal and claims it; the admin ships it; it shows in My Pulls', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  // The dialogs' scroll lock and the toasts add styles the policy allows only with the nonce.
  const refused = policyRefusals(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpBuyer(page.request);

  // The live demo case with its price, odds and commitments.
  await page.goto('/grail-machine');
  await expect(page.getByRole('heading', { name: 'Launch Case: Modern Grails' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Odds by tier' })).toContainText('Grail');
  await expect(page.getByText('Server seed hash (SHA-256)')).toBeVisible();

  // An empty wallet: the confirmation offers a sandbox top-up of the shortfall.
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a Pack' });
  await expect(dialog).toContainText('$499.99');
  await expect(dialog).toContainText('85% of its FMV within 72 hours');
  await expect(dialog.getByText('You need $499.99 more for this pack.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add $499.99' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await page.getByRole('button', { name: /^Confirm payment of/ }).click();
  await expect(page).toHaveURL(/\/grail-machine/);

  // Funded: buy, and the pack opens on the reveal page.
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  await expect(dialog.getByText('$499.99').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay $499.99 and open' }).click();
  await expect(page).toHaveURL(/\/grail-reveal\?pull=/);
  await expect(page.getByRole('heading', { name: 'Your pull!' })).toBeVisible();
  await expect(page.getByText(/^pull #\d+ of 64$/)).toBeVisible();
  const cardName = (await page.getByRole('heading', { level: 2 }).first().innerText()).trim();
  await expect(page.getByRole('button', { name: /^Sell back for \$[\d,]+\.\d{2}$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy another pack' })).toBeVisible();

  // Shipping follows the fee schedule: the dialog says the fee, paid from the wallet ($5 added).
  await topUp(page.request, 5);
  await page.getByRole('button', { name: 'Claim & Ship' }).click();
  await expect(page.getByRole('dialog').getByTestId('claim-fee')).toContainText(
    /^Shipping: (\$5\.00, paid from your wallet|free for this card)\./,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Ship it here' }).click();
  await expect(page.getByText(/Claimed! We ship it by/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sell back/ })).toHaveCount(0);

  const revealUrl = page.url();

  // The admin marks the shipment sent (shipments due, with the 48-hour deadline).
  const admin = await newPage(browser);
  const login = await signInStaff(admin.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Shipments due' })).toBeVisible();
  const due = admin.getByTestId('shipment-due').filter({ hasText: cardName });
  await expect(due).toBeVisible();
  await due.getByLabel('Carrier').fill('UPS');
  await due.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await due.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(due).toHaveCount(0);

  // The collector sees it shipped, on the pull and in the dashboard's My Pulls.
  await page.goto(revealUrl);
  await expect(page.getByText('Shipped with UPS, tracking 1Z999AA10123456784.')).toBeVisible();
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Pulls' })
    .click();
  const row = page.getByTestId('pull-row').filter({ hasText: cardName });
  await expect(row).toContainText('Shipped');
  await expect(row).toContainText('1Z999AA10123456784');
  expect(refused).toEqual([]);
});

test('the fairness page verifies the live case contents in the browser', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/grail-machine/fairness');
  await expect(page.getByRole('heading', { name: 'Provably Fair', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Verify in my browser' }).click();
  await expect(page.getByText('Verified').first()).toBeVisible();
  await expect(page.getByText('Mismatch', { exact: true })).toHaveCount(0);
});

for (const [theme, width] of [
  ['light', 390],
  ['dark', 1280],
] as const) {
  test(`the Grail Machine's pages draw their tables, checklist and buy dialog (${theme}, ${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      colorScheme: theme,
      viewport: { width, height: 900 },
    });
    await context.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
    const page = await context.newPage();

    await page.goto('/grail-machine/fairness');
    await expect(page.getByRole('button', { name: 'Verify in my browser' })).toBeVisible();
    await page.goto('/grail-machine');
    await expect(page.getByRole('table', { name: 'Odds by tier' })).toBeVisible();
    const checklist = page.getByRole('region', { name: 'Case checklist' });
    await checklist.scrollIntoViewIfNeeded();
    await expect(checklist.getByTestId('checklist-card').first()).toBeVisible();
    await page.getByTestId('recent-pulls').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');

    await page.getByRole('button', { name: /^Buy a Pack/ }).click();
    await expect(page.getByRole('dialog', { name: 'Buy a Pack' })).toBeVisible();
    await context.close();
  });
}
