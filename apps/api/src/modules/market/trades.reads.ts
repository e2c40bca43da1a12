import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, type Trade, type TradeCard, type TradesQuery } from '@grail/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { marketTradeItems, marketTrades } from '../../db/schema/index.js';
import { marketCardColumns } from '../inventory/inventory.reads.js';
import { namesOf } from '../users/users.reads.js';
import { holdingsByIds } from '../vault/holdings.service.js';
import { onSide, TRADE_SIDES } from './deal-sides.js';
import { toMarketCard, type ListedCard } from './market.view.js';

/** The market's reads of trades: a collector's page of them, and each as one side sees it. */

export type TradeRecord = typeof marketTrades.$inferSelect;
export type TradeItemRecord = typeof marketTradeItems.$inferSelect;

/** The cards of these trades, each side's in the order they were named. */
export async function tradeItems(db: Db | Tx, tradeIds: string[]) {
  if (!tradeIds.length) return [];
  return db
    .select()
    .from(marketTradeItems)
    .where(inArray(marketTradeItems.tradeId, tradeIds))
    .orderBy(asc(marketTradeItems.tradeId), asc(marketTradeItems.position));
}

/** A collector's trades (proposed and received), open ones waiting for them first, then newest. */
export async function tradesOf(db: Db | Tx, userId: string, q: z.output<typeof TradesQuery>) {
  const side = onSide(userId, TRADE_SIDES, q.role);
  const where = and(side, q.status === 'all' ? undefined : eq(marketTrades.status, q.status));
  const rows = await db
    .select()
    .from(marketTrades)
    .where(where)
    .orderBy(
      sql`(${marketTrades.status} = 'open' and ${marketTrades.recipientId} = ${userId}) desc`,
      desc(marketTrades.createdAt),
      asc(marketTrades.id),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketTrades)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

async function cardsOf(db: Db | Tx, cardIds: string[]): Promise<Map<string, ListedCard>> {
  if (!cardIds.length) return new Map();
  const card = marketCardColumns(db).as('trade_card');
  const rows = await db
    .select()
    .from(card)
    .where(inArray(card.cardId, [...new Set(cardIds)]));
  return new Map(rows.map((r) => [r.cardId, r as ListedCard]));
}

const iso = (d: Date) => d.toISOString();

/** Trades as `viewerId` (one of the two sides) sees them, in the order given. */
export async function tradeViews(
  db: Db | Tx,
  rows: TradeRecord[],
  viewerId: string,
  feePercent: number,
): Promise<Trade[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const items = await tradeItems(db, ids);
  const held = new Map(
    (
      await holdingsByIds(
        db,
        items.map((i) => i.holdingId),
      )
    ).map((h) => [h.id, h.cardId]),
  );
  const cards = await cardsOf(
    db,
    [...held.values()].filter((c): c is string => c !== null),
  );
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.proposerId, r.recipientId]),
  );
  const counters = new Map(
    (
      await db
        .select({ id: marketTrades.id, counterOf: marketTrades.counterOf })
        .from(marketTrades)
        .where(inArray(marketTrades.counterOf, ids))
    ).map((c) => [c.counterOf!, c.id]),
  );
  const cardsOn = (tradeId: string, side: 'proposer' | 'recipient'): TradeCard[] =>
    items
      .filter((i) => i.tradeId === tradeId && i.side === side)
      .flatMap((i) => {
        const card = cards.get(held.get(i.holdingId) ?? '');
        return card ? [{ ...toMarketCard(card), holdingId: i.holdingId }] : [];
      });
  const name = (id: string) => names.get(id)?.username ?? 'collector';
  return rows.map((r) => ({
    _id: r.id,
    role: r.proposerId === viewerId ? 'proposer' : 'recipient',
    proposer: {
      collector: name(r.proposerId),
      cards: cardsOn(r.id, 'proposer'),
      cash: centsToDollars(r.proposerCashCents),
    },
    recipient: {
      collector: name(r.recipientId),
      cards: cardsOn(r.id, 'recipient'),
      cash: centsToDollars(r.recipientCashCents),
    },
    status: r.status,
    yourTurn: r.status === 'open' && r.recipientId === viewerId,
    feePercent,
    counterOf: r.counterOf,
    counteredBy: counters.get(r.id) ?? null,
    expiresAt: iso(r.expiresAt),
    createdAt: iso(r.createdAt),
    decidedAt: r.decidedAt ? iso(r.decidedAt) : null,
  }));
}
