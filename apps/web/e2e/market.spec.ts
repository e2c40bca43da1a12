import { expect, test } from '@playwright/test';
import { startServer, visitorPage, type RunningServer } from './support/server';
import { COLD_PAGE_TIMEOUT_MS } from './support/env';
import {
  balanceOf,
  buyIntoVault,
  cents,
  checkPage,
  signedInCollector,
  vaultOf,
} from './support/market';
import { toast } from './support/toast';
import { csrfOf } from './support/wallet';

/*
 * The marketplace between two collectors: the seller lists a vault card from the vault page, the
 * buyer buys it with Buy now (the buyer's wallet pays the price, the seller's gets it less the 5%
 * fee, the card moves vaults), then the buyer makes an offer on a second listing and the seller
 * accepts it on the vault's Offers tab. A server of its own (with the demo catalogue): the cards
 * it buys are then no other spec's.
 */

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ DEMO_DATA: 'true' });
});
test.afterAll(async () => server?.stop());

test('list a vault card, another collector buys it, and an offer is made and accepted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const seller = await visitorPage(browser, server);
  const buyer = await visitorPage(browser, server);
  const sellerName = (await signedInCollector(seller, 500)).username;
  await signedInCollector(buyer, 500);

  // Two cheap store cards in the seller's vault.
  const store = await seller.request.get(
    '/api/products/store-items?sort=storePrice&order=asc&limit=10',
  );
  const cards = (
    (await store.json()) as { products: { _id: string; name: string }[] }
  ).products.slice(0, 2);
  expect(cards).toHaveLength(2);
  await buyIntoVault(
    seller.request,
    cards.map((c) => c._id),
  );
  const [first, second] = cards as [{ _id: string; name: string }, { _id: string; name: string }];

  // The seller lists the first from the vault page: $40, the fee and what they receive shown.
  await seller.goto('/dashboard/vault');
  const holding = seller.getByTestId('holding').filter({ hasText: first.name });
  await holding.getByRole('button', { name: 'List for sale' }).click({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  const listDialog = seller.getByRole('dialog', { name: 'List for sale' });
  await listDialog.getByLabel('Price ($)').fill('40');
  await expect(listDialog.getByTestId('listing-quote')).toContainText('Seller fee5%');
  await expect(listDialog.getByTestId('listing-quote')).toContainText('You receive$38.00');
  await listDialog.getByRole('button', { name: 'List for sale' }).click();
  await expect(toast(seller, `Listed for $40.00: ${first.name}.`)).toBeVisible();
  await expect(holding).toContainText('Listed');

  // It is on the Selling tab and in the public marketplace.
  await seller.getByRole('tab', { name: 'Selling' }).click();
  await expect(seller).toHaveURL(/tab=selling/);
  const own = seller.getByTestId('selling-listing').filter({ hasText: first.name });
  await expect(own).toContainText('For sale');
  await expect(own.getByTestId('selling-proceeds')).toHaveText('$38.00');
  const href = await own.getByRole('link', { name: first.name }).getAttribute('href');
  expect(href).toMatch(/^\/market\/[0-9a-f-]{36}$/);

  // The buyer finds it with a search kept in the address, and buys it now.
  await buyer.goto(`/market?q=${encodeURIComponent(first.name)}`);
  const card = buyer.getByTestId('market-listing').filter({ hasText: first.name });
  await expect(card).toContainText('$40.00', { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(card).toContainText(`Sold by @${sellerName}`);
  await checkPage(buyer);
  await card.getByRole('link').click();
  await expect(buyer).toHaveURL(href!);
  await expect(buyer.getByRole('button', { name: 'Buy now for $40.00' })).toBeVisible();
  await checkPage(buyer);
  const buyerBefore = await balanceOf(buyer.request);
  const sellerBefore = await balanceOf(seller.request);
  await buyer.getByRole('button', { name: 'Buy now for $40.00' }).click();
  const buyDialog = buyer.getByRole('dialog', { name: 'Buy now' });
  await expect(buyDialog).toContainText(`@${sellerName}`);
  await buyDialog.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(buyer.getByRole('link', { name: 'Go to your vault' })).toBeVisible();
  expect(cents(await balanceOf(buyer.request))).toBe(cents(buyerBefore) - 4000);
  expect(cents(await balanceOf(seller.request))).toBe(cents(sellerBefore) + 3800);
  expect((await vaultOf(buyer.request)).map((h) => h.card._id)).toContain(first._id);
  expect(
    (await vaultOf(seller.request)).find((h) => h.card._id === first._id)?.state ?? 'gone',
  ).not.toBe('in_vault');
  await buyer.reload();
  await expect(buyer.getByTestId('listing-closed')).toHaveText('This card has been sold.');

  // The second card is listed taking offers from $20; the buyer offers $25 for 3 days.
  const second_ = (await vaultOf(seller.request)).find((h) => h.card._id === second._id)!;
  const listed = await seller.request.post('/api/market/listings', {
    data: { holdingId: second_._id, price: 30, acceptsOffers: true, minOffer: 20 },
    headers: { 'x-csrf-token': await csrfOf(seller.request) },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const secondId = ((await listed.json()) as { _id: string })._id;
  await buyer.goto(`/market/${secondId}`);
  await buyer.getByRole('button', { name: 'Make an offer' }).click({
    timeout: COLD_PAGE_TIMEOUT_MS,
  });
  const offerDialog = buyer.getByRole('dialog', { name: 'Make an offer' });
  await expect(offerDialog).toContainText('Minimum offer$20.00');
  await offerDialog.getByLabel('Your offer ($)').fill('25');
  await offerDialog.getByLabel('Expires after (days)').fill('3');
  await offerDialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(buyer, 'Offer sent: $25.00 is held from your wallet.')).toBeVisible();
  const afterBuy = await balanceOf(buyer.request);

  // The seller accepts it on the vault's Offers tab: it settles at once.
  await seller.goto('/dashboard/vault?tab=offers');
  const offer = seller.getByTestId('offer').filter({ hasText: second.name });
  await expect(offer).toContainText('Your answer', { timeout: COLD_PAGE_TIMEOUT_MS });
  await expect(offer.getByTestId('offer-amount')).toHaveText('$25.00');
  await checkPage(seller);
  const sellerBeforeOffer = await balanceOf(seller.request);
  await offer.getByRole('button', { name: 'Accept $25.00' }).click();
  await expect(toast(seller, `Sold for $25.00: ${second.name}.`)).toBeVisible();
  await expect(seller.getByTestId('offers-empty')).toBeVisible();
  // 5% of $25.00 is $1.25: the seller receives $23.75.
  expect(cents(await balanceOf(seller.request))).toBe(cents(sellerBeforeOffer) + 2375);
  expect((await vaultOf(buyer.request)).map((h) => h.card._id)).toContain(second._id);
  // The buyer paid the $25.00 held: the balance after the hold does not move again.
  expect(cents(await balanceOf(buyer.request))).toBe(cents(afterBuy));
  expect(cents(afterBuy)).toBe(cents(buyerBefore) - 4000 - 2500);
});
