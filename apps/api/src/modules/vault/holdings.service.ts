import { and, desc, eq, sql } from 'drizzle-orm';
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
