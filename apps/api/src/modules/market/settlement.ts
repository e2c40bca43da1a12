import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { percentOfCents } from '@grail/contract';
import type { Tx } from '../../db/client.js';
import { runStatement } from '../../db/batch.js';
import { marketOfferEvents, marketOffers } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import { isNotPassed } from '../vault/holdings.service.js';
import type { WalletHolds } from '../wallet/holds.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { relatedAccounts } from './related.js';
import type { ListingRecord } from './market.view.js';
import { noticeOffer, type MarketNotices } from './market-notices.js';
import { closeListingStatement, saleWrites, type SalePlan } from './sale-statements.js';

export interface MarketDeps {
  wallet: WalletService;
  holds: WalletHolds;
  limits: LimitsService;
  audit: AuditService;
  /** MARKETPLACE_FEE_PERCENT: the one fee, taken from the seller's price. */
  feePercent: number;
  notices: MarketNotices;
}

/** The seller's fee on a price, in cents (rounded down, in the seller's favour). */
export const feeOn = (priceCents: number, feePercent: number) =>
  percentOfCents(priceCents, feePercent);

export interface Sale {
  listing: ListingRecord;
  buyerId: string;
  priceCents: number;
  kind: 'market' | 'offer';
  /** The accepted offer, which is not released with the others. */
  offerId?: string;
  /** Takes the price from the buyer in `tx` (a debit, or the offer's hold captured). */
  pay: (saleId: string) => Promise<void>;
  /** Who settled it, for the audit log. */
  actorId: string;
  cardName: string;
}

/**
 * Settles a sale in the caller's transaction, all or nothing: the listing closes (once: a second
 * buyer finds it sold and gets 409), the buyer pays, the sale's writes follow (sale-statements.ts:
 * the card to the buyer's vault, the seller's cash, the house's fee, the comps' record, flagged
 * when the accounts are related), and every other open offer on it is released.
 */
export async function settleSale(tx: Tx, deps: MarketDeps, sale: Sale) {
  const { listing } = sale;
  const [closed] = await runStatement(tx, closeListingStatement(listing.id, sale.buyerId));
  if (!closed) throw conflict('This card has just been sold or taken off the market.');
  // The buyer's spending-limit lock before the wallets', as Buy now's batch takes them.
  await deps.limits.checkPurchase(sale.buyerId, sale.priceCents, tx);
  await lockSaleWallets(tx, deps, [listing.id], [sale.buyerId, listing.sellerId]);
  const plan: SalePlan = {
    saleId: randomUUID(),
    listing,
    buyerId: sale.buyerId,
    priceCents: sale.priceCents,
    feeCents: feeOn(sale.priceCents, deps.feePercent),
    kind: sale.kind,
    offerId: sale.offerId ?? null,
    flagReason: await relatedAccounts(tx, listing.sellerId, sale.buyerId),
    cardName: sale.cardName,
    actorId: sale.actorId,
    holdingId: randomUUID(),
  };
  await sale.pay(plan.saleId);
  try {
    for (const write of saleWrites(plan)) await runStatement(tx, write);
  } catch (err) {
    throw isNotPassed(err) ? noLongerListed() : err;
  }
  await closeOpenOffers(tx, deps, listing.id, sale.cardName, sale.offerId);
  return { saleId: plan.saleId, holdingId: plan.holdingId, feeCents: plan.feeCents };
}

/** The listed card moved meanwhile (it cannot while its listing is locked open). */
export const noLongerListed = () => conflict('This card is no longer listed.');

/**
 * Locks, in user-id order, every wallet a settlement moves money in: its parties' and those of
 * the buyers whose open offers on `listingIds` it releases. Taken before the first wallet moves,
 * so a sale and a trade sharing collectors never deadlock on their wallets.
 */
export async function lockSaleWallets(
  tx: Tx,
  deps: Pick<MarketDeps, 'wallet'>,
  listingIds: string[],
  parties: string[],
): Promise<void> {
  const bidders = listingIds.length
    ? await tx
        .select({ buyerId: marketOffers.buyerId })
        .from(marketOffers)
        .where(and(inArray(marketOffers.listingId, listingIds), eq(marketOffers.status, 'open')))
    : [];
  await deps.wallet.lockWallets(tx, [...parties, ...bidders.map((b) => b.buyerId)]);
}

/**
 * Ends every open offer on a listing (but `except`) and gives each buyer's hold back: the card
 * sold, or the listing ended. `action` is what their history says happened.
 */
export async function closeOpenOffers(
  tx: Tx,
  deps: Pick<MarketDeps, 'holds' | 'notices'>,
  listingId: string,
  cardName: string,
  except?: string,
): Promise<number> {
  const ended = await tx
    .update(marketOffers)
    .set({ status: 'closed', decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(marketOffers.listingId, listingId),
        eq(marketOffers.status, 'open'),
        except ? ne(marketOffers.id, except) : undefined,
      ),
    )
    .returning({
      id: marketOffers.id,
      holdId: marketOffers.holdId,
      buyerId: marketOffers.buyerId,
      sellerId: marketOffers.sellerId,
      heldCents: marketOffers.heldCents,
    });
  for (const offer of ended) {
    await deps.holds.release(tx, offer.holdId, 'Offer closed: the listing ended');
    await tx
      .insert(marketOfferEvents)
      .values({ offerId: offer.id, by: 'seller', action: 'close', amountCents: null });
    await noticeOffer(tx, deps.notices, 'closed', {
      id: offer.id,
      to: offer.buyerId,
      answeredBy: offer.sellerId,
      cardName,
      amountCents: offer.heldCents,
    });
  }
  return ended.length;
}
