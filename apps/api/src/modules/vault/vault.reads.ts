import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { VaultQuery, VaultResponse, VaultShipment, VaultTotals } from '@grail/contract';
import { centsToDollars, CUSTODY_STATES } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { holdings } from '../../db/schema/index.js';
import { heldHitColumns, hitFacts } from '../breaks/breaks.reads.js';
import { heldCardColumns } from '../inventory/inventory.reads.js';
import { pullFacts } from '../grail/grail.reads.js';
import type { BuybackTerms } from '../grail/pull.view.js';
import type { ShipmentRow } from '../shipping/shipping.reads.js';
import { likeEscape } from '../users/users.reads.js';
import {
  toBoxCard,
  toHolding,
  toVaultShipment,
  type BoxCard,
  type HoldingRow,
} from './vault.view.js';

/** What other modules read of holdings (the vault alone writes them), and the vault's own joins. */

export const inCustody = () => inArray(holdings.state, [...CUSTODY_STATES]);

/**
 * What a holding holds, a catalogue card or a break hit, with the same columns (decision 025):
 * one subquery every vault read joins with `heldItemOf`.
 */
export const heldItems = (db: Db | Tx, alias = 'held_item') =>
  heldCardColumns(db).unionAll(heldHitColumns(db)).as(alias);
export type HeldItems = ReturnType<typeof heldItems>;

/** Joins a holding to the card or hit it holds. */
export const heldItemOf = (item: HeldItems) =>
  eq(item.cardId, sql`coalesce(${holdings.cardId}, ${holdings.breakHitId})`);

/** Holdings with their cards' catalogue facts, for a `where` and order the caller adds. */
export function holdingsWithCards(db: Db | Tx) {
  const card = heldItems(db);
  const query = db
    .select({ holding: holdings, card: card._.selectedFields })
    .from(holdings)
    .innerJoin(card, heldItemOf(card))
    .$dynamic();
  return { query, card };
}

/** One collector's custody worth: cards, FMV and cost of everything we hold for them. */
export async function custodyTotals(db: Db | Tx, userId: string): Promise<VaultTotals> {
  const card = heldItems(db);
  const [row] = await db
    .select({
      cards: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${card.fmvCents}), 0)`,
      cost: sql<string>`coalesce(sum(${holdings.costCents}), 0)`,
    })
    .from(holdings)
    .innerJoin(card, heldItemOf(card))
    .where(and(eq(holdings.userId, userId), inCustody()));
  const value = Number(row?.value ?? 0);
  const cost = Number(row?.cost ?? 0);
  return {
    cards: Number(row?.cards ?? 0),
    value: centsToDollars(value),
    cost: centsToDollars(cost),
    gain: centsToDollars(value - cost),
  };
}

/** The holding each of these pulls became, by pull id: where the pulled card is now. */
export async function holdingsOfPulls(db: Db | Tx, pullIds: string[]) {
  if (pullIds.length === 0) return new Map<string, PullHolding>();
  const rows = await db
    .select({
      id: holdings.id,
      pullId: holdings.sourceId,
      state: holdings.state,
      shipmentId: holdings.shipmentId,
      stateChangedAt: holdings.stateChangedAt,
    })
    .from(holdings)
    .where(and(eq(holdings.source, 'pull'), inArray(holdings.sourceId, pullIds)));
  return new Map(rows.map((r) => [r.pullId, r]));
}
export interface PullHolding {
  id: string;
  pullId: string;
  state: HoldingRow['holding']['state'];
  shipmentId: string | null;
  stateChangedAt: Date;
}

/** The latest holding of each of these break hits, by hit id: where the hit is now. */
export async function holdingsOfHits(db: Db | Tx, hitIds: string[]) {
  if (hitIds.length === 0) return new Map<string, HitHolding>();
  const rows = await db
    .select({
      id: holdings.id,
      hitId: holdings.breakHitId,
      state: holdings.state,
      shipmentId: holdings.shipmentId,
    })
    .from(holdings)
    .where(inArray(holdings.breakHitId, hitIds))
    .orderBy(asc(holdings.stateChangedAt));
  return new Map(rows.map((r) => [r.hitId!, r]));
}
export type HitHolding = Omit<PullHolding, 'pullId' | 'stateChangedAt'>;

/** The box each of these orders' cards are in (null once none is), by order id. */
export async function boxesOfOrders(db: Db | Tx, orderIds: string[]) {
  const boxes = new Map<string, string | null>();
  if (orderIds.length === 0) return boxes;
  const rows = await db
    .select({ orderId: holdings.sourceId, shipmentId: holdings.shipmentId })
    .from(holdings)
    .where(and(eq(holdings.source, 'order'), inArray(holdings.sourceId, orderIds)));
  for (const r of rows) boxes.set(r.orderId, boxes.get(r.orderId) ?? r.shipmentId);
  return boxes;
}

/** The cards in each of these boxes, by shipment id. */
export async function boxCards(db: Db | Tx, shipmentIds: string[], extra?: SQL) {
  const byBox = new Map<string, BoxCard[]>();
  if (shipmentIds.length === 0) return byBox;
  const { query } = holdingsWithCards(db);
  const rows = await query
    .where(and(inArray(holdings.shipmentId, shipmentIds), extra))
    .orderBy(holdings.acquiredAt, holdings.id);
  for (const row of rows) {
    const box = row.holding.shipmentId!;
    byBox.set(box, [...(byBox.get(box) ?? []), toBoxCard(row)]);
  }
  return byBox;
}

/** These vault boxes as their collector sees them. */
export async function vaultShipmentViews(
  db: Db | Tx,
  rows: ShipmentRow[],
): Promise<VaultShipment[]> {
  const cards = await boxCards(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toVaultShipment(r, cards.get(r.id) ?? []));
}

export type VaultFilters = z.output<typeof VaultQuery>;

/** One collector's vault page: the holdings the filters match, sorted and paged, with totals. */
export async function vaultPage(
  db: Db | Tx,
  userId: string,
  f: VaultFilters,
  terms: BuybackTerms,
): Promise<VaultResponse> {
  const { query, card } = holdingsWithCards(db);
  const pattern = f.q ? `%${likeEscape(f.q)}%` : null;
  const where = and(
    eq(holdings.userId, userId),
    f.state === 'custody'
      ? inCustody()
      : f.state === 'all'
        ? undefined
        : eq(holdings.state, f.state),
    pattern
      ? or(
          ilike(card.name, pattern),
          ilike(card.player, pattern),
          ilike(card.setName, pattern),
          ilike(card.team, pattern),
          ilike(card.certNumber, pattern),
        )
      : undefined,
    f.grader === 'raw' ? isNull(card.grader) : f.grader ? eq(card.grader, f.grader) : undefined,
    f.grade !== undefined ? eq(card.gradeValue, f.grade) : undefined,
    f.sport ? eq(card.sport, f.sport) : undefined,
  );
  const gain = sql`${card.fmvCents} - ${holdings.costCents}`;
  const order = {
    newest: [desc(holdings.acquiredAt)],
    oldest: [asc(holdings.acquiredAt)],
    value_desc: [desc(card.fmvCents)],
    value_asc: [asc(card.fmvCents)],
    gain_desc: [desc(gain)],
    name: [asc(card.name)],
  }[f.sort];
  const rows = await query
    .where(where)
    .orderBy(...order, asc(holdings.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const countCard = heldItems(db);
  const [matched] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(holdings)
    .innerJoin(card, heldItemOf(card))
    .where(where);
  const sports = await db
    .selectDistinct({ sport: countCard.sport })
    .from(holdings)
    .innerJoin(countCard, heldItemOf(countCard))
    .where(eq(holdings.userId, userId))
    .orderBy(asc(countCard.sport));
  const pulls = await pullFacts(
    db,
    rows.filter((r) => r.holding.source === 'pull').map((r) => r.holding.sourceId),
  );
  const hits = await hitFacts(
    db,
    rows.flatMap((r) => (r.holding.breakHitId ? [r.holding.breakHitId] : [])),
  );
  const now = new Date();
  return {
    holdings: rows.map((r) =>
      toHolding(
        r,
        {
          pull: pulls.get(r.holding.sourceId),
          hit: r.holding.breakHitId ? hits.get(r.holding.breakHitId) : undefined,
        },
        terms,
        now,
      ),
    ),
    total: Number(matched?.n ?? 0),
    page: f.page,
    limit: f.limit,
    totals: await custodyTotals(db, userId),
    sports: sports.map((s) => s.sport),
  };
}
