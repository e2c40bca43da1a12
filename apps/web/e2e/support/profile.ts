import type { Page } from '@playwright/test';

/** Fills and saves the complete-profile form (an adult in Portland, OR). */
export async function fillProfile(page: Page) {
  await page.getByLabel('Display name').fill('Casey Collector');
  await page.getByLabel('Full name').fill('Casey Collector');
  await page.getByLabel(/^Address/).fill('1 Card Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State / region').fill('OR');
  await page.getByLabel('Postal code').fill('97201');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('option', { name: 'United States' }).click();
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
}
