import { expect, test } from '@playwright/test';
import { startServer, visitorPage, type RunningServer } from './support/server';
import { signUpBuyer } from './support/users';
import { topUp } from './support/wallet';

// A server of our own: the demo live case ($499.99 a pack, 64 cards).
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({ DEMO_DATA: 'true' });
});
test.afterAll(async () => server?.stop());

test('a collector buys 3 packs at once, skips to the summary, sells one back and keeps the rest', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser, server);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpBuyer(page.request);
  await topUp(page.request, 1_500);

  // The value figures stand beside the price, the floor last.
  await page.goto('/grail-machine');
  await expect(page.getByText('Chance a pull beats the price').first()).toBeVisible();
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a Pack' });
  await expect(dialog.getByText('Median pull')).toBeVisible();
  await dialog.getByRole('radio', { name: /^3 packs/ }).check();
  await expect(dialog.getByText('Total for 3 packs')).toBeVisible();
  await dialog.screenshot({ path: test.info().outputPath('dialog.png') });
  await dialog.getByRole('button', { name: 'Pay $1,499.97 and open' }).click();

  await expect(page).toHaveURL(/\/grail-reveal\?pulls=/);
  await expect(page.getByRole('heading', { name: 'Pack 1 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Next pack' }).click();
  await expect(page.getByRole('heading', { name: 'Pack 2 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip to summary' }).click();
  await expect(page.getByRole('heading', { name: 'Your 3 pulls' })).toBeVisible();
  await expect(page.getByTestId('summary-totals')).toHaveText(
    /^Total FMV \$[\d,]+\.\d{2} against \$1,499\.97 paid$/,
  );

  const boxes = page.getByRole('listitem').getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await boxes.first().check();
  await page.getByRole('button', { name: /^Sell back 1 for \$/ }).click();
  await page
    .getByRole('dialog', { name: 'Sell back this card?' })
    .getByRole('button', { name: /^Sell back for/ })
    .click();
  await expect(page.getByText(/^Sold back for \$[\d,]+\.\d{2}$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Choose all' }).check();
  await page.getByRole('button', { name: 'Keep 2 in my vault' }).click();
  await expect(page.getByText('Kept in your vault', { exact: true })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('summary.png'), fullPage: true });

  // A reload shows the summary at once, the pulls as they are now.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your 3 pulls' })).toBeVisible();
  await expect(page.getByText(/^Sold back for/)).toBeVisible();
});
