import type { BreakHitStatus } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { holdingsOfHits, type HitHolding } from '../vault/vault.reads.js';
import type { HitRow } from './breaks.view.js';

/** A hit's status as its holding says it (decision 025: the holding is its one state). */
const STATUS_OF: Record<HitHolding['state'], BreakHitStatus> = {
  in_vault: 'held',
  listed: 'held',
  in_trade: 'held',
  ship_requested: 'claimed',
  shipped: 'shipped',
  sold_back: 'sold_back',
  sold: 'sold_back',
};

/**
 * These hits with the status and box of their holdings; a house hit (no owner, no holding) stays
 * `house`.
 */
export async function withHoldings(
  db: Db | Tx,
  rows: HitRow[],
): Promise<(HitRow & { shipmentId: string | null })[]> {
  const held = await holdingsOfHits(
    db,
    rows.filter((h) => h.userId !== null).map((h) => h.id),
  );
  return rows.map((h) => {
    const holding = held.get(h.id);
    return holding
      ? { ...h, status: STATUS_OF[holding.state], shipmentId: holding.shipmentId }
      : { ...h, shipmentId: null };
  });
}
