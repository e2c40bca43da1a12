import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { contrastAxe, wcagAxe } from './axe';
import { signUpBuyer } from './users';
import { csrfOf, topUp } from './wallet';

/* The marketplace specs' helpers (market.spec, trades.spec): wallets, vaults, and the page checks. */

export const balanceOf = async (request: APIRequestContext) =>
  ((await (await request.get('/api/wallet')).json()) as { balance: number }).balance;

export type Held = { _id: string; state: string; card: { _id: string; name: string } };
export const vaultOf = async (request: APIRequestContext) =>
  ((await (await request.get('/api/vault')).json()) as { holdings: Held[] }).holdings;

/** Buys these store cards into the signed-in collector's vault. */
export async function buyIntoVault(request: APIRequestContext, ids: string[]) {
  const order = await request.post('/api/orders', {
    data: { items: ids, delivery: 'vault' },
    headers: { 'x-csrf-token': await csrfOf(request), 'idempotency-key': randomUUID() },
  });
  expect(order.status(), await order.text()).toBe(201);
}

export const cents = (dollars: number) => Math.round(dollars * 100);

/** Serious or critical axe violations of the page as shown (every rule light, contrast dark). */
async function seriousViolations(page: Page, theme: 'light' | 'dark') {
  const results = await (theme === 'light' ? wcagAxe(page) : contrastAxe(page)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Resolves when colour transitions and fades have ended, so axe reads the final colours. */
const movedIntoPlace = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** Switches the theme with the footer's toggle, as a person would. */
async function toggleTheme(page: Page, to: 'light' | 'dark') {
  const label = to === 'dark' ? 'Dark Mode' : 'Light Mode';
  const wanted = new RegExp(`\\b${to}\\b`);
  await expect(async () => {
    if (!wanted.test((await page.locator('html').getAttribute('class')) ?? ''))
      await page.getByRole('contentinfo').getByRole('button', { name: label }).click();
    await expect(page.locator('html')).toHaveClass(wanted, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await movedIntoPlace(page);
}

/** Axe in both themes, and nothing wider than a 390 px screen. */
export async function checkPage(page: Page) {
  await page.waitForLoadState('networkidle');
  await movedIntoPlace(page);
  expect(await seriousViolations(page, 'light'), page.url()).toEqual([]);
  await toggleTheme(page, 'dark');
  expect(await seriousViolations(page, 'dark'), page.url()).toEqual([]);
  await toggleTheme(page, 'light');
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than a 390 px screen`).toBeLessThanOrEqual(width);
  await page.setViewportSize(viewport);
}

/** A signed-in collector with `money` dollars in their wallet. */
export async function signedInCollector(page: Page, money: number) {
  const who = await signUpBuyer(page.request);
  await topUp(page.request, money);
  return who;
}
