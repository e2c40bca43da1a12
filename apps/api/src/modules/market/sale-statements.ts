import { formatCents } from '@grail/contract';
import type { Execution } from '../../db/batch.js';
import { prepared } from '../../db/statements.js';
import { auditStatement } from '../audit/audit.service.js';
import { passToBuyerStatement } from '../vault/holdings.service.js';
import { feeStatement } from '../wallet/holds.service.js';
import { creditStatement } from '../wallet/wallet.service.js';
import { soldNotice } from './market-notices.js';

/*
 * A sale's writes as statements, written once for both ways a sale settles (decision 029): one by
 * one in a drizzle transaction (accepted offers, and a Buy now of a listing that has offers), or
 * in the one batch that ends a Buy now (buy-now.ts).
 */

/** Everything a sale's writes need, decided before the first of them. */
export interface SalePlan {
  saleId: string;
  listing: { id: string; holdingId: string; sellerId: string; cardId: string };
  buyerId: string;
  priceCents: number;
  feeCents: number;
  kind: 'market' | 'offer';
  offerId: string | null;
  /** Why the parties count as related (the sale is kept out of the comps), or null. */
  flagReason: string | null;
  cardName: string;
  /** Who settled it, for the audit log. */
  actorId: string;
  /** The buyer's new holding. */
  holdingId: string;
}

const closeListing = prepared(
  'market_close_listing',
  `update market_listings set status = 'sold', buyer_id = $2::uuid, closed_at = now(),
      updated_at = now()
    where id = $1::uuid and status = 'open' and frozen_at is null
    returning id, closed_at`,
);

/** Closes the listing as sold; no row when it was no longer open (sold, ended or frozen). */
export const closeListingStatement = (listingId: string, buyerId: string): Execution => ({
  prepared: closeListing,
  values: [listingId, buyerId],
});

const recordSale = prepared(
  'market_record_sale',
  `insert into market_sales (id, kind, listing_id, offer_id, card_id, seller_id, buyer_id,
      price_cents, fee_cents, flag_reason)
    values ($1::uuid, $2::text, $3::uuid, $4::uuid, $5::uuid, $6::uuid, $7::uuid, $8::bigint,
      $9::bigint, $10::text)`,
);

/**
 * After the buyer paid: the card moves to the buyer's vault (a holding no longer listed fails the
 * statement: `isNotPassed`), the sale is recorded for the comps, the seller is credited the price
 * less the fee as cash, the fee goes to the house, and the audit log and the seller's notice.
 */
export function saleWrites(plan: SalePlan): Execution[] {
  const { listing } = plan;
  const ref = { refType: 'market_sale', refId: plan.saleId };
  const price = formatCents(plan.priceCents);
  const fee = feeStatement(plan.feeCents, {
    ...ref,
    description: `Fee on "${plan.cardName}" sold for ${price}`,
  });
  return [
    passToBuyerStatement({
      holdingId: listing.holdingId,
      sellerId: listing.sellerId,
      from: 'listed',
      buyerId: plan.buyerId,
      source: 'market',
      sourceId: plan.saleId,
      costCents: plan.priceCents,
      newHoldingId: plan.holdingId,
    }),
    {
      prepared: recordSale,
      values: [
        plan.saleId,
        plan.kind,
        listing.id,
        plan.offerId,
        listing.cardId,
        listing.sellerId,
        plan.buyerId,
        plan.priceCents,
        plan.feeCents,
        plan.flagReason,
      ],
    },
    creditStatement(listing.sellerId, plan.priceCents - plan.feeCents, {
      kind: 'market_sale',
      ...ref,
      description: `Sold "${plan.cardName}" for ${price} (fee ${formatCents(plan.feeCents)})`,
    }),
    ...(fee ? [fee] : []),
    auditStatement({
      actorId: plan.actorId,
      action: 'market.sale',
      subjectType: 'market_listing',
      subjectId: listing.id,
      after: {
        saleId: plan.saleId,
        kind: plan.kind,
        sellerId: listing.sellerId,
        buyerId: plan.buyerId,
        priceCents: plan.priceCents,
        feeCents: plan.feeCents,
        flagReason: plan.flagReason,
      },
    }),
    soldNotice(listing.sellerId, plan),
  ];
}
