import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import { mailLink } from './support/mail';
import { fillProfile } from './support/profile';
import { COLLECTOR_PASSWORD, signUpBuyer } from './support/users';

/*
 * The pack dialog says what a limit would refuse before offering a top-up, and a refusal links
 * to what applies: the Limits tab for a limit, the profile for an incomplete profile.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

/** The page's CSRF token, for the API writes a test makes as the collector. */
async function csrf(page: Page) {
  return (await (await page.request.get('/api/auth/current')).json()).csrfToken as string;
}

async function openPackDialog(page: Page) {
  await page.goto('/grail-machine');
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a Pack' });
  await expect(dialog).toContainText('$499.99', { timeout: COLD_PAGE_TIMEOUT_MS });
  return dialog;
}

test('a spending limit below the pack is said at once: no top-up, no profile link, a link to the limits', async ({
  page,
}) => {
  await signUpBuyer(page.request);
  const set = await page.request.put('/api/limits/spending', {
    data: { '24h': 100 },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(set.status()).toBe(200);

  const dialog = await openPackDialog(page);
  await expect(
    dialog.getByText('This would pass your spending limit: $100.00 is left.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Add \$/ })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Pay $499.99 and open' })).toBeDisabled();
  await dialog.getByRole('link', { name: 'See your limits' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=limits$/);
});

test('a top-up a deposit limit would refuse is not offered', async ({ page }) => {
  await signUpBuyer(page.request);
  const set = await page.request.put('/api/limits/deposit', {
    data: { '24h': 50 },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(set.status()).toBe(200);

  const dialog = await openPackDialog(page);
  await expect(dialog.getByText(/You need \$499\.99 more for this pack\./)).toBeVisible();
  await expect(
    dialog.getByText(/A top-up of \$499\.99 would pass your deposit limit\./),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Add \$/ })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'See your limits' })).toBeVisible();
});

test.describe('in the collector’s own time zone', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a time-out names its end in local time and how far off it is', async ({ page }) => {
    await signUpBuyer(page.request);
    const out = await page.request.post('/api/limits/time-out', {
      data: { period: '24h' },
      headers: { 'x-csrf-token': await csrf(page) },
    });
    const until = new Date((await out.json()).timeOutUntil as string);
    const local = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(until);

    const dialog = await openPackDialog(page);
    await expect(
      dialog.getByText(`You are on a time-out until ${local} (in 24 hours): purchases are paused.`),
    ).toBeVisible();
    await expect(dialog).not.toContainText('UTC');
    await expect(dialog.getByRole('button', { name: /^Add \$/ })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'See your limits' })).toBeVisible();
  });
});

test('a refusal for an incomplete profile links to the profile, which leads back to the pack', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Signed up and verified, the profile not yet completed.
  const tag = randomBytes(4).toString('hex');
  const email = `incomplete-${tag}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    data: { email, username: `incomplete_${tag}`, password: COLLECTOR_PASSWORD, acceptTerms: true },
  });
  expect(registered.status()).toBe(201);
  const verify = await mailLink(page.request, email, /\/auth\/callback\?token=/);
  const verified = await page.request.post('/api/auth/verify-email', {
    data: { token: verify.searchParams.get('token') },
    headers: { 'x-csrf-token': (await registered.json()).csrfToken },
  });
  expect(verified.status()).toBe(200);

  const dialog = await openPackDialog(page);
  await dialog.getByRole('button', { name: 'Add $499.99' }).click();
  await expect(dialog.getByText(/^Please complete your profile/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'See your limits' })).toHaveCount(0);
  await dialog.getByRole('link', { name: 'Complete your profile' }).click();
  await expect(page).toHaveURL(/\/complete-profile\?redirectTo=%2Fgrail-machine$/);

  await fillProfile(page);
  await expect(page).toHaveURL(/\/grail-machine$/);
});
