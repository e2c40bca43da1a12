import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { holdings } from '../../db/schema/index.js';

/*
 * The moves of holdings other modules make in their own transactions: a pull or a break hit sold
 * back, a box sent, a store order's cards or a break hit taken into the vault. Each is a
 * conditional update on the state it leaves.
 */

type HoldingState = typeof holdings.$inferSelect.state;

/**
 * A pulled card sold back from the vault: in_vault → sold_back. Answers the state it was found
 * in when it was not in the vault (nothing written), or null when it moved.
 */
export async function sellBackPulledCard(tx: Tx, pullId: string): Promise<HoldingState | null> {
  const [moved] = await tx
    .update(holdings)
    .set({ state: 'sold_back', stateChangedAt: sql`now()` })
    .where(
      and(
        eq(holdings.source, 'pull'),
        eq(holdings.sourceId, pullId),
        eq(holdings.state, 'in_vault'),
      ),
    )
    .returning({ id: holdings.id });
  if (moved) return null;
  const [found] = await tx
    .select({ state: holdings.state })
    .from(holdings)
    .where(and(eq(holdings.source, 'pull'), eq(holdings.sourceId, pullId)));
  return found?.state ?? 'sold_back';
}

/** A break hit given to a spot's owner goes to their vault (cost = the spot's price). */
export async function holdBreakHit(
  tx: Tx,
  hit: { userId: string; hitId: string; breakId: string; costCents: number; at: Date },
): Promise<void> {
  await tx.insert(holdings).values({
    userId: hit.userId,
    breakHitId: hit.hitId,
    source: 'break',
    sourceId: hit.breakId,
    costCents: hit.costCents,
    acquiredAt: hit.at,
    stateChangedAt: hit.at,
  });
}

/**
 * A break hit sold back from the vault: in_vault → sold_back. Answers the state it was found in
 * when it was not in the vault (nothing written), or null when it moved.
 */
export async function sellBackBreakHit(tx: Tx, hitId: string): Promise<HoldingState | null> {
  const [moved] = await tx
    .update(holdings)
    .set({ state: 'sold_back', stateChangedAt: sql`now()` })
    .where(and(eq(holdings.breakHitId, hitId), eq(holdings.state, 'in_vault')))
    .returning({ id: holdings.id });
  if (moved) return null;
  const [found] = await tx
    .select({ state: holdings.state })
    .from(holdings)
    .where(eq(holdings.breakHitId, hitId))
    .orderBy(desc(holdings.stateChangedAt))
    .limit(1);
  return found?.state ?? 'sold_back';
}

/** A vault box left: its cards move ship_requested → shipped (the shipping module calls this). */
export async function markBoxShipped(tx: Tx, shipmentId: string): Promise<void> {
  await tx
    .update(holdings)
    .set({ state: 'shipped', stateChangedAt: sql`now()` })
    .where(and(eq(holdings.shipmentId, shipmentId), eq(holdings.state, 'ship_requested')));
}

/**
 * A store order's cards become the buyer's holdings (cost = the price paid): in a box when it
 * ships now, in the vault otherwise.
 */
export async function holdOrderedCards(
  tx: Tx,
  order: {
    userId: string;
    orderId: string;
    cards: { cardId: string; priceCents: number }[];
    shipmentId: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(holdings).values(
    order.cards.map((c) => ({
      userId: order.userId,
      cardId: c.cardId,
      source: 'order' as const,
      sourceId: order.orderId,
      costCents: c.priceCents,
      state: order.shipmentId ? ('ship_requested' as const) : ('in_vault' as const),
      shipmentId: order.shipmentId,
      acquiredAt: order.at,
      stateChangedAt: order.at,
    })),
  );
}

/** What a market move found: the holding moved, or the state it was in (null: none of theirs). */
export type MarketMove =
  { moved: true; cardId: string } | { moved: false; state: HoldingState | null; breakHit: boolean };

/**
 * A card of the collector's vault put up for sale: in_vault → listed (or in_trade for a trade
 * proposal). Nothing is written when it is not theirs, not in the vault, or a break hit (break
 * hits have no card identity to price them by, so they stay off the marketplace).
 */
export async function reserveForMarket(
  tx: Tx,
  userId: string,
  holdingId: string,
  to: 'listed' | 'in_trade',
): Promise<MarketMove> {
  const [moved] = await tx
    .update(holdings)
    .set({ state: to, stateChangedAt: sql`now()` })
    .where(
      and(
        eq(holdings.id, holdingId),
        eq(holdings.userId, userId),
        eq(holdings.state, 'in_vault'),
        isNotNull(holdings.cardId),
      ),
    )
    .returning({ cardId: holdings.cardId });
  if (moved) return { moved: true, cardId: moved.cardId! };
  const [found] = await tx
    .select({ state: holdings.state, breakHitId: holdings.breakHitId })
    .from(holdings)
    .where(and(eq(holdings.id, holdingId), eq(holdings.userId, userId)));
  return { moved: false, state: found?.state ?? null, breakHit: Boolean(found?.breakHitId) };
}

/** A listing ended or a trade released: listed or in_trade → in_vault. */
export async function returnToVault(
  tx: Tx,
  holdingIds: string[],
  from: 'listed' | 'in_trade',
): Promise<number> {
  if (holdingIds.length === 0) return 0;
  const moved = await tx
    .update(holdings)
    .set({ state: 'in_vault', stateChangedAt: sql`now()` })
    .where(and(inArray(holdings.id, holdingIds), eq(holdings.state, from)))
    .returning({ id: holdings.id });
  return moved.length;
}

/**
 * A card changes hands on the marketplace: the seller's holding leaves custody (`from` → sold)
 * and the buyer gets a new one in their vault, costing what they paid. Null (nothing written)
 * when the seller's holding was no longer in `from`.
 */
export async function passToBuyer(
  tx: Tx,
  move: {
    holdingId: string;
    sellerId: string;
    from: 'listed' | 'in_trade' | 'in_vault';
    buyerId: string;
    source: 'market' | 'trade';
    sourceId: string;
    costCents: number;
  },
): Promise<string | null> {
  const [sold] = await tx
    .update(holdings)
    .set({ state: 'sold', stateChangedAt: sql`now()` })
    .where(
      and(
        eq(holdings.id, move.holdingId),
        eq(holdings.userId, move.sellerId),
        eq(holdings.state, move.from),
      ),
    )
    .returning({ cardId: holdings.cardId });
  if (!sold?.cardId) return null;
  const [bought] = await tx
    .insert(holdings)
    .values({
      userId: move.buyerId,
      cardId: sold.cardId,
      source: move.source,
      sourceId: move.sourceId,
      costCents: move.costCents,
    })
    .returning({ id: holdings.id });
  return bought!.id;
}
