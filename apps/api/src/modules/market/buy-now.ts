import { randomUUID } from 'node:crypto';
import { centsToDollars, formatCents } from '@grail/contract';
import type { Db } from '../../db/client.js';
import { batchTransaction, type Execution, type Row } from '../../db/batch.js';
import { prepared } from '../../db/statements.js';
import { conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import { liveSession } from '../auth/auth.reads.js';
import {
  idempotencyLock,
  requestHashOf,
  storedAnswer,
  type IdempotencyOptions,
  type IdempotentResult,
} from '../idempotency/idempotency.service.js';
import { keepAnswer, storedKeyRow } from '../idempotency/idempotency.reads.js';
import { marketCardJson, marketCardOfJson } from '../inventory/inventory.reads.js';
import { activeUserRow, usernameOf } from '../users/users.reads.js';
import { isNotPassed } from '../vault/holdings.service.js';
import { walletBalance } from '../wallet/wallet.reads.js';
import { debitStatement, isShortBalance, lockWalletsStatement } from '../wallet/wallet.service.js';
import { accessFrozen, accessPaused } from './access.js';
import { relatedReason } from './related.js';
import type { ListingRow } from './market.view.js';
import { closeListingStatement, saleWrites } from './sale-statements.js';
import { feeOn, noLongerListed, type MarketDeps } from './settlement.js';

/**
 * What a Buy now answers, and what its Idempotency-Key keeps; the sold listing as the batch saw
 * it, which a repeat reads afresh.
 */
export interface Bought {
  holdingId: string;
  balanceCents: number;
  listing?: ListingRow;
}

/** A listing as a sale checks it. */
export interface ListingForSale {
  status: 'open' | 'sold' | 'cancelled';
  frozen: boolean;
  sellerId: string;
  priceCents: number;
}

export const noListing = () => notFound('No listing with this id.');

/** 409 unless the listing is open and not frozen. */
export function assertForSale(listing: Omit<ListingForSale, 'sellerId' | 'priceCents'>): void {
  if (listing.status === 'sold') throw conflict('This card has already been sold.');
  if (listing.status === 'cancelled') throw conflict('This listing has ended.');
  if (listing.frozen) throw conflict('This listing is on hold while our team reviews it.');
}

/** Buy now's own checks: not the buyer's own listing, and at the price they saw. */
export function assertBuyable(listing: ListingForSale, buyerId: string, priceCents: number): void {
  assertForSale(listing);
  if (listing.sellerId === buyerId) throw forbidden('You cannot buy your own listing.');
  if (listing.priceCents !== priceCents)
    throw conflict(`The price changed to ${formatCents(listing.priceCents)}.`, {
      price: centsToDollars(listing.priceCents),
    });
}

export const boughtDescription = (cardName: string) => `Bought "${cardName}" on the marketplace`;

/** The listing's row lock, before the look: what the look reads is then what the sale changes. */
const lockListing = prepared(
  'market_buy_lock',
  'select id from market_listings where id = $1::uuid for update',
);

/**
 * Buy now's look, after the key's, the listing's and the buyer's locks: whether the buyer's session
 * is still live (the request may have taken it from the instance's memory), the buyer's market
 * access, the listing, whether offers are open on it, the card's name, the buyer's balance,
 * whether the parties are related, and the key's stored answer. $1 listing, $2 buyer, $3 and $4
 * the key's scope and key, $5 the session.
 */
const seeListing = prepared(
  'market_buy_see',
  `select exists (select 1 from ${activeUserRow('$2::uuid')} u
        where ${liveSession('$5::uuid', '$2::uuid')}) as session_live,
      ${accessFrozen('$2::uuid')} as access_frozen, l.status, l.frozen_at is not null as frozen,
      l.seller_id, l.holding_id, l.card_id, l.price_cents, l.accepts_offers, l.min_offer_cents,
      l.created_at, ${marketCardJson('l.card_id')} as card, ${usernameOf('l.seller_id')} as seller,
      exists (select 1 from market_offers o where o.listing_id = l.id and o.status = 'open')
        as has_offers,
      ${walletBalance('$2::uuid')} as balance_cents,
      ${relatedReason('l.seller_id', '$2::uuid')} as flag_reason,
      stored.request_hash as stored_hash, stored.response as stored_response
    from (values (1)) as one_row
    left join market_listings l on l.id = $1::uuid
    left join ${storedKeyRow('$2::uuid', '$3::text', '$4::text')} stored on true`,
);

/** Keeps the answer with the key: the new holding and the balance the debit left. */
const keepBought = prepared(
  'market_buy_keep',
  keepAnswer(
    '$1::uuid',
    '$2::text',
    '$3::text',
    '$4::text',
    `jsonb_build_object('holdingId', $5::text, 'balanceCents', ${walletBalance('$1::uuid')})`,
    '(values (1)) as one_row',
  ),
);

interface Seen {
  session_live: boolean;
  access_frozen: boolean;
  status: ListingForSale['status'] | null;
  frozen: boolean;
  seller_id: string;
  holding_id: string;
  card_id: string;
  price_cents: number | string;
  accepts_offers: boolean;
  min_offer_cents: number | string | null;
  created_at: string | Date;
  card: unknown;
  seller: string | null;
  has_offers: boolean;
  balance_cents: number | string | null;
  flag_reason: string | null;
  stored_hash: string | null;
  stored_response: unknown;
}

/** Buy now with offers open on the listing: they are released on the ordinary path. */
class OffersOpen extends Error {}

/**
 * Buy now in one transaction of two round trips (decision 029), as the pack purchase does (017):
 * 1. the locks (the Idempotency-Key's, the listing's row, the buyer's spending limits', in the
 *    order every sale takes them) and one look at everything the checks need; a repeat, a
 *    refusal or a short balance answers here, before anything is written;
 * 2. the wallets locked in id order, the listing closed, the debit, the sale's writes
 *    (sale-statements.ts), the key's answer and the COMMIT.
 * Null when offers are open on the listing: the caller settles it on the ordinary path, which
 * releases them (closeOpenOffers).
 */
export async function buyNowInBatches(
  db: Db,
  deps: MarketDeps,
  order: { listingId: string; priceCents: number; key: IdempotencyOptions; sessionId: string },
): Promise<IdempotentResult<Bought> | null> {
  const { key, listingId } = order;
  const buyerId = key.userId;
  const [limitsLock, limitsState] = deps.limits.purchaseStatements(buyerId);
  try {
    return await batchTransaction(db, async (tx) => {
      const read = await tx.run([
        idempotencyLock(key),
        { prepared: lockListing, values: [listingId] },
        limitsLock,
        limitsState,
        {
          prepared: seeListing,
          values: [listingId, buyerId, key.scope, key.key, order.sessionId],
        },
      ]);
      const seen = read[4]![0] as unknown as Seen;
      if (!seen.session_live) throw unauthorized();
      if (seen.access_frozen) throw accessPaused();
      if (seen.stored_hash) {
        const stored = { request_hash: seen.stored_hash, response: seen.stored_response };
        return { body: storedAnswer(stored, key) as Bought, replayed: true };
      }
      if (!seen.status) throw noListing();
      const priceCents = Number(seen.price_cents);
      assertBuyable(
        { status: seen.status, frozen: seen.frozen, sellerId: seen.seller_id, priceCents },
        buyerId,
        order.priceCents,
      );
      if (seen.has_offers) throw new OffersOpen();
      deps.limits.judgePurchase(read[3] as Row[], priceCents);
      const balance = Number(seen.balance_cents ?? 0);
      if (balance < priceCents) throw deps.wallet.shortfall(priceCents, balance);
      const saleId = randomUUID();
      const holdingId = randomUUID();
      const card = marketCardOfJson(seen.card);
      const statements: Execution[] = [
        lockWalletsStatement([buyerId, seen.seller_id]),
        closeListingStatement(listingId, buyerId),
        debitStatement(buyerId, priceCents, {
          kind: 'market',
          refType: 'market_sale',
          refId: saleId,
          description: boughtDescription(card.name),
        }),
        ...saleWrites({
          saleId,
          listing: {
            id: listingId,
            holdingId: seen.holding_id,
            sellerId: seen.seller_id,
            cardId: seen.card_id,
          },
          buyerId,
          priceCents,
          feeCents: feeOn(priceCents, deps.feePercent),
          kind: 'market',
          offerId: null,
          flagReason: seen.flag_reason,
          cardName: card.name,
          actorId: buyerId,
          holdingId,
        }),
        {
          prepared: keepBought,
          values: [buyerId, key.scope, key.key, requestHashOf(key.request), holdingId],
        },
      ];
      const written = await tx.run(statements, { commit: true });
      const [debited] = written[2]!;
      const now = new Date(written[1]![0]!.closed_at as string | Date);
      const listing: ListingRow = {
        listing: {
          id: listingId,
          sellerId: seen.seller_id,
          holdingId: seen.holding_id,
          cardId: seen.card_id,
          priceCents,
          acceptsOffers: seen.accepts_offers,
          minOfferCents: seen.min_offer_cents === null ? null : Number(seen.min_offer_cents),
          status: 'sold',
          buyerId,
          frozenAt: null,
          createdAt: new Date(seen.created_at),
          updatedAt: now,
          closedAt: now,
        },
        card,
        seller: seen.seller ?? 'collector',
      };
      return {
        body: { holdingId, balanceCents: Number(debited!.balance_after_cents), listing },
        replayed: false,
      };
    });
  } catch (err) {
    if (err instanceof OffersOpen) return null;
    if (isShortBalance(err))
      throw deps.wallet.shortfall(order.priceCents, await deps.wallet.balance(buyerId));
    if (isNotPassed(err)) throw noLongerListed();
    throw err;
  }
}
