import { expect, test, type Page } from '@playwright/test';

/** Registers a fresh collector in the page's cookie jar; returns the CSRF token for API writes. */
async function signUp(page: Page): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const answer = await page.request.post('/api/auth/register', {
    data: {
      email: `limits-${id}@example.com`,
      username: `limits_${id}`,
      password: 'correct horse battery 9',
      acceptTerms: true,
    },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()).csrfToken as string;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('signupPromptDismissed', 'true'));
});

test('the reality check appears after the chosen interval; Keep going, then Stop for today', async ({
  page,
}) => {
  const csrf = await signUp(page);
  const set = await page.request.put('/api/limits/reality-check', {
    data: { minutes: 30 },
    headers: { 'x-csrf-token': csrf },
  });
  expect(set.status()).toBe(200);
  // The page's clock moves only when the test moves it.
  await page.clock.install();
  await page.goto('/dashboard?tab=limits');
  await expect(page.getByLabel('Remind me every')).toContainText('30 minutes');

  const dialog = page.getByRole('dialog', { name: 'Reality check' });
  await page.clock.fastForward('29:00');
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward('01:05');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have been here for 30 minutes.');
  await expect(dialog.getByTestId('reality-check-net')).toContainText(
    'This session you spent $0.00 net',
  );
  await dialog.getByRole('button', { name: 'Keep going' }).click();
  await expect(dialog).toHaveCount(0);

  // The next reminder comes a full interval after the answer.
  await page.clock.fastForward('29:00');
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward('01:05');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have been here for 1 hour');
  await dialog.getByRole('button', { name: 'Stop for today' }).click();
  await expect(dialog).toHaveCount(0);
  const state = await (await page.request.get('/api/limits')).json();
  expect(state.timeOutUntil).not.toBeNull();
  expect(state.canPurchase).toBe(false);
});

test('Limits tab: a lower limit applies at once, a higher one says when; time-out asks first', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/dashboard?tab=limits');
  await expect(page.getByTestId('spent-30-days')).toHaveText('$0.00');
  const spending = page.getByRole('region', { name: 'Spending limits' });
  await spending.getByLabel('Per 24 hours').fill('50');
  await spending.getByRole('button', { name: 'Save spending limits' }).click();
  await expect(spending.getByTestId('limit-24h')).toHaveText('$50.00 of $50.00 left.');
  await spending.getByLabel('Per 24 hours').fill('80');
  await spending.getByRole('button', { name: 'Save spending limits' }).click();
  await expect(spending.getByTestId('limit-24h')).toContainText(
    '$50.00 of $50.00 left. Increase to $80.00 applies on',
  );

  await page.getByRole('button', { name: 'Start time-out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Take a 24 hours time-out?' });
  await expect(confirm).toContainText('This cannot be undone early.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await (await page.request.get('/api/limits')).json()).timeOutUntil).toBeNull();
  await page.getByRole('button', { name: 'Start time-out' }).click();
  await confirm.getByRole('button', { name: 'Start time-out' }).click();
  await expect(page.getByText(/Your time-out runs until/)).toBeVisible();

  await expect(
    page.getByRole('link', { name: 'National Council on Problem Gambling' }),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'terms', exact: true }),
  ).toHaveAttribute('href', '/terms');
});

test('Limits tab fits a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto('/dashboard?tab=limits');
  await expect(page.getByRole('heading', { name: 'Self-exclusion' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
