import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { runStatement, type Execution } from '../../db/batch.js';
import { holdings } from '../../db/schema/index.js';
import { prepared } from '../../db/statements.js';

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

/** A card changing hands on the marketplace (see passToBuyer). */
export interface HoldingMove {
  holdingId: string;
  sellerId: string;
  from: 'listed' | 'in_trade' | 'in_vault';
  buyerId: string;
  source: 'market' | 'trade';
  sourceId: string;
  costCents: number;
  /** The buyer's new holding's id; a batch that sends it names it beforehand. */
  newHoldingId?: string;
}

/**
 * The move as one statement: the seller's holding leaves custody (`from` → sold) and the buyer's
 * new one, costing what they paid, is made from it. With `failWhenGone` a holding no longer in
 * `from` fails the statement (the new row has no owner), which aborts a batch (`isNotPassed`);
 * without, it answers no row.
 */
const passText = (failWhenGone: boolean) =>
  `with sold as (
      update holdings set state = 'sold', state_changed_at = now()
      where id = $1::uuid and user_id = $2::uuid and state = $3::text and card_id is not null
      returning card_id, $5::uuid as buyer_id
    )
    insert into holdings (id, user_id, card_id, source, source_id, cost_cents)
    select $4::uuid, sold.buyer_id, sold.card_id, $6::text, $7::uuid, $8::bigint
    from ${failWhenGone ? '(values (1)) as one_row left join sold on true' : 'sold'}
    returning id`;
const passInBatch = prepared('vault_pass_to_buyer', passText(true));
const passNow = prepared('vault_pass_to_buyer_now', passText(false));

export function passToBuyerStatement(move: HoldingMove, failWhenGone = true): Execution {
  return {
    prepared: failWhenGone ? passInBatch : passNow,
    values: [
      move.holdingId,
      move.sellerId,
      move.from,
      move.newHoldingId ?? randomUUID(),
      move.buyerId,
      move.source,
      move.sourceId,
      move.costCents,
    ],
  };
}

/** The failure of passToBuyerStatement whose holding had moved (sent alone, drizzle wraps it). */
export const isNotPassed = (err: unknown) => {
  type Failure = { code?: string; table?: string; column?: string; cause?: Failure };
  const e = (err as Failure).cause ?? (err as Failure);
  return e.code === '23502' && e.table === 'holdings' && e.column === 'user_id';
};

/**
 * A card changes hands on the marketplace, in `tx`: the buyer's new holding's id, or null
 * (nothing written) when the seller's holding was no longer in `from`.
 */
export async function passToBuyer(tx: Tx, move: HoldingMove): Promise<string | null> {
  const [bought] = await runStatement(tx, passToBuyerStatement(move, false));
  return bought ? String(bought.id) : null;
}

/** A holding as a trade checks it: whose it is, its state and its card (null for a break hit). */
export interface LockedHolding {
  id: string;
  userId: string;
  state: HoldingState;
  cardId: string | null;
}

/** A select of these holdings as a trade checks them (LockedHolding). */
const selectHoldings = (db: Db | Tx, holdingIds: string[]) =>
  db
    .select({
      id: holdings.id,
      userId: holdings.userId,
      state: holdings.state,
      cardId: holdings.cardId,
    })
    .from(holdings)
    .where(inArray(holdings.id, holdingIds));

/**
 * Locks these holdings (SELECT … FOR UPDATE, ordered by id so two commands never wait on each
 * other in a circle) and answers those that exist. A trade calls it before touching any wallet.
 */
export async function lockHoldings(tx: Tx, holdingIds: string[]): Promise<LockedHolding[]> {
  if (holdingIds.length === 0) return [];
  return selectHoldings(tx, holdingIds).orderBy(holdings.id).for('update');
}

/** These holdings as they are now, unlocked (for a read that decides what to lock first). */
export async function holdingsByIds(db: Db | Tx, holdingIds: string[]): Promise<LockedHolding[]> {
  if (holdingIds.length === 0) return [];
  return selectHoldings(db, holdingIds);
}
