import { expect, test } from '@playwright/test';
import { startServer, visitorPage, type RunningServer } from './support/server';
import { signUpBuyer } from './support/users';
import { topUp } from './support/wallet';

// A server of our own: the demo live case ($499.99 a pack, every card's FMV below $6,000).
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({ DEMO_DATA: 'true' });
});
test.afterAll(async () => server?.stop());

test('a collector sets an auto-sell rule in the buy dialog, buys 3 packs and sees them sold back in the summary', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser, server);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpBuyer(page.request);
  await topUp(page.request, 2_000);

  await page.goto('/grail-machine');
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a Pack' });
  const rule = dialog.getByTestId('auto-sell-rule');
  await expect(rule).toHaveText('Off: every pull goes to your vault.');
  await dialog.getByRole('button', { name: 'Set a rule' }).click();
  const field = dialog.getByLabel('FMV below');
  await field.fill('6000.001');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('must have at most 2 decimals')).toBeVisible();
  await field.fill('6000');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(rule).toHaveText('Sell back at once every pull whose FMV is below $6,000.00');
  await dialog.getByRole('radio', { name: /^3 packs/ }).check();
  await dialog.screenshot({ path: test.info().outputPath('dialog.png') });
  await dialog.getByRole('button', { name: 'Pay $1,499.97 and open' }).click();

  await expect(page).toHaveURL(/\/grail-reveal\?pulls=/);
  await page.getByRole('button', { name: 'Skip to summary' }).click();
  await expect(page.getByRole('heading', { name: 'Your 3 pulls' })).toBeVisible();
  await expect(page.getByTestId('auto-sold-total')).toHaveText(
    /^3 pulls were sold back automatically by your auto-sell rule: \$[\d,]+\.\d{2} is in your wallet\.$/,
  );
  await expect(page.getByText(/^Sold back automatically for \$[\d,]+\.\d{2}$/)).toHaveCount(3);
  // Nothing is left to decide: every pull was sold back.
  await expect(page.getByRole('listitem').getByRole('checkbox')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('summary.png'), fullPage: true });

  // The rule is remembered: the dialog shows it the next time, and a single pack follows it too.
  await page.goto('/grail-machine');
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  await expect(rule).toHaveText('Sell back at once every pull whose FMV is below $6,000.00');
  await dialog.getByRole('button', { name: 'Pay $499.99 and open' }).click();
  await expect(page).toHaveURL(/\/grail-reveal\?pull=/);
  await expect(
    page.getByText(
      /^Sold back automatically by your auto-sell rule: \$[\d,]+\.\d{2} is in your wallet\.$/,
    ),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reveal.png') });

  // Turned off right there in the dialog.
  await page.goto('/grail-machine');
  await page.getByRole('button', { name: /^Buy a Pack/ }).click();
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(rule).toHaveText('Off: every pull goes to your vault.');
});
