import { expect, test } from '@playwright/test';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import {
  balanceOf,
  buyIntoVault,
  cents,
  checkPage,
  signedInCollector,
  vaultOf,
} from './support/market';
import { startServer, visitorPage, type RunningServer } from './support/server';
import { toast } from './support/toast';
import { csrfOf } from './support/wallet';

/*
 * A card-for-card trade with cash: collector A lists a card; collector B proposes a trade from the
 * listing's page giving one of B's vault cards and $5; A accepts on the vault's Trades tab; the
 * cards swap vaults and A's wallet gets the $5 less the 5% fee on cash. A server of its own (with
 * the demo catalogue): the cards it buys are then no other spec's.
 */

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ DEMO_DATA: 'true' });
});
test.afterAll(async () => server?.stop());

test('propose a trade from a listing, and the seller accepts it on the Trades tab', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await visitorPage(browser, server);
  const b = await visitorPage(browser, server);
  const aName = (await signedInCollector(a, 200)).username;
  const bName = (await signedInCollector(b, 200)).username;

  // One cheap store card each, in their vaults.
  const store = await a.request.get('/api/products/store-items?sort=storePrice&order=asc&limit=10');
  const [aCard, bCard] = (
    (await store.json()) as { products: { _id: string; name: string }[] }
  ).products.slice(0, 2) as [{ _id: string; name: string }, { _id: string; name: string }];
  expect(bCard).toBeDefined();
  await buyIntoVault(a.request, [aCard._id]);
  await buyIntoVault(b.request, [bCard._id]);

  // A lists theirs.
  const aHolding = (await vaultOf(a.request)).find((h) => h.card._id === aCard._id)!;
  const listed = await a.request.post('/api/market/listings', {
    data: { holdingId: aHolding._id, price: 40, acceptsOffers: false, minOffer: null },
    headers: { 'x-csrf-token': await csrfOf(a.request) },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const listingId = ((await listed.json()) as { _id: string })._id;

  // B proposes a trade from the listing's page: their card and $5 for A's card.
  const bBefore = await balanceOf(b.request);
  await b.goto(`/market/${listingId}`);
  await b.getByRole('button', { name: 'Propose a trade' }).click({ timeout: COLD_PAGE_TIMEOUT_MS });
  const propose = b.getByRole('dialog', { name: 'Propose a trade' });
  await expect(propose).toContainText(`To @${aName}, for ${aCard.name}`);
  // Nothing offered yet: the dialog says what is missing and sends nothing.
  await propose.getByRole('button', { name: 'Send proposal' }).click();
  await expect(propose.getByText('Offer at least one card or some cash.')).toBeVisible();
  await propose.getByRole('checkbox', { name: new RegExp(bCard.name) }).check();
  await propose.getByLabel('Cash you give ($)').fill('5');
  await expect(propose.getByTestId('trade-summary')).toContainText('+ $5.00 cash');
  await expect(propose).toContainText('7 days');
  await propose.getByRole('button', { name: 'Send proposal' }).click();
  await expect(
    toast(b, `Trade sent to @${aName}: see it on the Trades tab of your vault.`),
  ).toBeVisible();
  await expect(b.getByRole('link', { name: 'See your trades' })).toBeVisible();
  // B's card is held in the trade and the $5 held from B's wallet.
  expect((await vaultOf(b.request)).find((h) => h.card._id === bCard._id)?.state).toBe('in_trade');
  expect(cents(await balanceOf(b.request))).toBe(cents(bBefore) - 500);

  // B sees it on their Trades tab, waiting for A.
  await b.getByRole('link', { name: 'See your trades' }).click();
  await expect(b).toHaveURL(/tab=trades/);
  const bTrade = b.getByTestId('trade').first();
  await expect(bTrade).toContainText('Waiting for an answer', { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(bTrade.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  // A accepts it on the vault's Trades tab, after a confirmation of what moves.
  const aBefore = await balanceOf(a.request);
  await a.goto('/dashboard/vault?tab=trades');
  const trade = a.getByTestId('trade').filter({ hasText: `Trade from @${bName}` });
  await expect(trade).toContainText('Your answer', { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(trade.getByTestId('trade-they-give')).toContainText(bCard.name);
  await expect(trade.getByTestId('trade-they-give')).toContainText('+ $5.00 cash');
  await expect(trade.getByTestId('trade-you-give')).toContainText(aCard.name);
  await checkPage(a);
  await trade.getByRole('button', { name: 'Accept' }).click();
  const confirm = a.getByRole('dialog', { name: 'Accept this trade?' });
  await expect(confirm).toContainText('$4.75 reaches your wallet ($5.00 less the 5% fee on cash).');
  await confirm.getByRole('button', { name: 'Accept trade' }).click();
  await expect(
    toast(a, `Trade accepted: the cards from @${bName} are in your vault.`),
  ).toBeVisible();
  await expect(trade).toContainText('Accepted: the cards and cash swapped');

  // The cards swapped vaults, and A received $5.00 less 5%: $4.75.
  expect(cents(await balanceOf(a.request))).toBe(cents(aBefore) + 475);
  expect(cents(await balanceOf(b.request))).toBe(cents(bBefore) - 500);
  for (const [page, gets, gave] of [
    [a, bCard, aCard],
    [b, aCard, bCard],
  ] as const) {
    const held = await vaultOf(page.request);
    expect(held.find((h) => h.card._id === gets._id)?.state).toBe('in_vault');
    expect(held.some((h) => h.card._id === gave._id)).toBe(false);
    await page.goto('/dashboard/vault');
    await expect(page.getByTestId('holding').filter({ hasText: gets.name })).toBeVisible({
      timeout: COLD_PAGE_TIMEOUT_MS,
    });
    await expect(page.getByTestId('holding').filter({ hasText: gave.name })).toHaveCount(0);
  }
});
