import { expect, test, type Browser, type Page } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { startServer, type RunningServer, visitorPage } from './support/server';
import { signInStaff, signUpBuyer } from './support/users';

const ADMIN_EMAIL = 'sell-admin@example.com';
const ADMIN_PASSWORD = 'Grail-sell-admin-e2e-2026!';

/** A 10x14 PNG: a real image the pipeline re-encodes, small enough to inline. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAOCAIAAACZwRr8AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWPQ8q3CgxhGpX0HWbAAAJRfg82OSmO/AAAAAElFTkSuQmCC',
  'base64',
);

// A server of our own, with an administrator created at start.
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ DEMO_DATA: 'false', ADMIN_EMAIL, ADMIN_PASSWORD });
});
test.afterAll(async () => server?.stop());

const newPage = (browser: Browser) => visitorPage(browser, server);

async function describeCard(
  page: Page,
  n: number,
  card: {
    grader: string;
    cert: string;
    year: string;
    set: string;
    player: string;
    num: string;
    grade: string;
    asking: string;
  },
) {
  const label = `card ${n}`;
  if (card.grader !== 'PSA') {
    await page
      .getByRole('group', { name: `Card ${n}` })
      .getByRole('combobox', { name: /Grader/ })
      .click();
    await page.getByRole('option', { name: card.grader, exact: true }).click();
  }
  await page.getByLabel(`Cert number of ${label}`).fill(card.cert);
  await page.getByLabel(`Year of ${label}`).fill(card.year);
  await page.getByLabel(`Set of ${label}`).fill(card.set);
  await page.getByLabel(`Player of ${label}`).fill(card.player);
  await page.getByLabel(`Card number of ${label}`).fill(card.num);
  await page.getByLabel(`Grade of ${label}`).fill(card.grade);
  await page.getByLabel(`Asking price of ${label}`).fill(card.asking);
  for (const side of ['Front', 'Back']) {
    await page
      .getByLabel(`${side} photo of ${label}`)
      .setInputFiles({ name: `${side.toLowerCase()}.png`, mimeType: 'image/png', buffer: PHOTO });
    await expect(page.getByRole('img', { name: `${side} of ${label}` })).toBeVisible();
  }
}

test('a collector sells two slabs: offer, accept, receipt, verification and a store-credit payout', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  await signUpBuyer(page.request);

  // The sell form: two cards with photos, a bad cert first.
  await page.goto('/sell-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell Your Graded Cards' })).toBeVisible(
    {
      timeout: COLD_PAGE_TIMEOUT_MS,
    },
  );
  await expect(page.getByText('Account Required')).toHaveCount(0);
  await describeCard(page, 1, {
    grader: 'PSA',
    cert: '12345',
    year: '2018',
    set: 'Panini Prizm',
    player: 'Luka Doncic',
    num: '280',
    grade: 'GEM MT 10',
    asking: '350',
  });
  await page.getByRole('button', { name: 'Continue to payout' }).click();
  await expect(page.getByText('A PSA cert number is 7 to 10 digits.').first()).toBeVisible();
  await page.getByLabel('Cert number of card 1').fill('81234567');
  await page.getByRole('button', { name: 'Add another card' }).click();
  await describeCard(page, 2, {
    grader: 'BGS',
    cert: '0012345678',
    year: '2003',
    set: 'Topps Chrome',
    player: 'LeBron James',
    num: '111',
    grade: '9.5',
    asking: '200',
  });
  await page.getByRole('button', { name: 'Continue to payout' }).click();
  await expect(page.getByRole('radio', { name: /Store credit \(\+10% bonus\)/ })).toBeChecked();
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Submit 2 cards' }).click();

  await expect(page).toHaveURL(/\/dashboard\/submissions\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Submission S-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.innerText()).replace('Submission ', '');
  const detailUrl = page.url();
  await expect(page.getByTestId('submission-status').first()).toHaveText('Submitted');
  await expect(page.getByTestId('submission-card')).toHaveCount(2);
  await expect(
    page.getByRole('link', {
      name: 'Verify PSA cert 81234567 on psacard.com (opens in a new tab)',
    }),
  ).toHaveAttribute('href', 'https://www.psacard.com/cert/81234567');

  // Staff make an offer from the queue.
  const admin = await newPage(browser);
  const login = await signInStaff(admin.request, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  await admin.goto('/admin/submissions');
  await expect(admin.getByRole('heading', { level: 1, name: 'Submissions' })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  await admin.getByTestId('queue-row').filter({ hasText: number }).click();
  const review = admin.getByTestId('submission-review');
  await expect(review.getByRole('heading', { name: number })).toBeVisible();
  await review.getByLabel('Offer for card 1').fill('300');
  await review.getByLabel('Note for card 1').fill('Sharp corners');
  await review.getByLabel('Offer for card 2').fill('150');
  await review.getByRole('button', { name: 'Send offer' }).click();
  await expect(review.getByTestId('submission-status')).toHaveText('Offer ready');

  // The collector accepts and adds the tracking number.
  await page.goto(detailUrl);
  await expect(page.getByTestId('offer-total')).toHaveText('$450.00');
  await expect(page.getByText('$495.00 as store credit, with your 10% bonus')).toBeVisible();
  await page.getByRole('button', { name: 'Accept offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept $450.00?' });
  await dialog.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page.getByTestId('submission-status').first()).toHaveText('Awaiting your shipment');
  const shipping = page.getByTestId('shipping-panel');
  await expect(shipping).toContainText('Grail Machine Receiving');
  await expect(shipping.getByRole('button', { name: 'Print packing slip' })).toBeVisible();
  await shipping.getByLabel('Carrier').fill('UPS');
  await shipping.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await shipping.getByRole('button', { name: 'Save tracking number' }).click();
  await expect(page.getByTestId('timeline')).toContainText(
    'Shipped with UPS, tracking 1Z999AA10123456784.',
  );
  const payoutPanel = page.getByTestId('payout-panel');
  await expect(payoutPanel.getByRole('button', { name: 'Change payout' })).toBeVisible();

  // Staff receive, verify and pay in store credit.
  await admin.reload();
  await expect(review.getByText('Inbound: UPS 1Z999AA10123456784')).toBeVisible();
  await review.getByRole('button', { name: 'Mark received' }).click();
  await expect(review.getByTestId('submission-status')).toHaveText('Received');
  await review.getByRole('button', { name: 'Verify: cards match' }).click();
  await expect(review.getByTestId('submission-status')).toHaveText('Verified');

  // Verified: the payout is fixed, the collector can no longer change it.
  await page.reload();
  await expect(page.getByTestId('submission-status').first()).toHaveText('Verified');
  await expect(payoutPanel).toContainText(
    'Your cards are verified, so this is how you will be paid.',
  );
  await expect(payoutPanel.getByRole('button', { name: 'Change payout' })).toHaveCount(0);

  // Pay carries the method the dialog showed, so a changed one is refused rather than paid.
  await review.getByRole('button', { name: 'Pay' }).click();
  const payRequest = admin.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/pay`));
  await admin
    .getByRole('dialog', { name: 'Pay $495.00' })
    .getByRole('button', { name: 'Credit $495.00' })
    .click();
  expect((await payRequest).postDataJSON()).toMatchObject({
    method: 'store_credit',
    reference: null,
  });
  await expect(review.getByTestId('submission-status')).toHaveText('Paid');

  // The collector sees the credit in the wallet (a payout), the timeline and the payouts.
  await page.goto('/dashboard?tab=wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$495.00');
  await expect(
    page.getByRole('table', { name: 'Wallet history' }).getByText('Payout', { exact: true }),
  ).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByTestId('submission-status').first()).toHaveText('Paid');
  const timeline = page.getByTestId('timeline');
  for (const step of [
    'Submitted',
    'Offer ready',
    'Offer accepted',
    'Awaiting your shipment',
    'Received',
    'Verified',
    'Paid',
  ]) {
    await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByTestId('payout-panel')).toContainText('$495.00');
  await page.goto('/dashboard?tab=payments');
  await expect(page.getByTestId('payment-row').first()).toContainText(number);
  await expect(page.getByTestId('payment-row').first()).toContainText('$495.00');
  await page.goto('/dashboard?tab=submissions');
  await expect(page.getByTestId('submission-row').filter({ hasText: number })).toContainText(
    'Paid',
  );
});

test("a visitor gets the 'Account Required' page at /sell-cards", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/sell-cards');
  await expect(page).toHaveURL(/\/sell-cards$/);
  await expect(page.getByText('Account Required', { exact: true })).toBeVisible({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
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
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/register?redirectTo=%2Fsell-cards',
  );
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Fsell-cards',
  );
  await expect(page.getByLabel('Cert number of card 1')).toHaveCount(0);
});
