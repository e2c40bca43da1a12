import { eq, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { marketOffers, marketTrades } from '../../db/schema/index.js';

/** Each side of an offer and of a trade, by the column that names its collector. */
export const OFFER_SIDES = { buyer: marketOffers.buyerId, seller: marketOffers.sellerId };
export const TRADE_SIDES = {
  proposer: marketTrades.proposerId,
  recipient: marketTrades.recipientId,
};

/**
 * A collector's offers or trades: those where they stand on the side `role` names, or on either
 * side when no role is asked for.
 */
export function onSide<Role extends string>(
  userId: string,
  sides: Record<Role, AnyColumn>,
  role?: Role,
): SQL | undefined {
  if (role) return eq(sides[role], userId);
  return or(...Object.values<AnyColumn>(sides).map((column) => eq(column, userId)));
}
