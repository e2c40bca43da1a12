import {
  ANONYMOUS_HOLDER,
  centsToDollars,
  HOUSE_HOLDER,
  imageUrl,
  type BreakHit,
  type BreakSport,
  type BreakSummary,
  type MyHit,
  type MySpot,
} from '@grail/contract';
import type { breakHits, breaks, breakSpotSales } from '../../db/schema/index.js';

export type BreakRow = typeof breaks.$inferSelect;
export type HitRow = typeof breakHits.$inferSelect;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** How a collector is shown to others: their username, or 'Anonymous' if they chose to hide it. */
export const holderName = (owner: { username: string; anonymous: boolean } | null) =>
  owner ? (owner.anonymous ? ANONYMOUS_HOLDER : owner.username) : null;

export function toBreakSummary(
  b: BreakRow,
  prices: { min: number; max: number } | undefined,
): BreakSummary {
  const min = prices?.min ?? b.spotPriceCents;
  return {
    _id: b.id,
    title: b.title,
    sport: b.sport as BreakSport,
    format: b.format,
    status: b.status,
    imageUrl: b.imageId ? imageUrl(b.imageId) : null,
    boxes: b.boxes,
    packsPerBox: b.packsPerBox,
    spotPrice: centsToDollars(min),
    maxSpotPrice: centsToDollars(prices?.max ?? min),
    totalSpots: b.totalSpots,
    spotsSold: b.spotsSold,
    minSpots: b.minSpots,
    salesDeadline: b.salesDeadline.toISOString(),
    scheduledAt: b.scheduledAt.toISOString(),
    startedAt: iso(b.startedAt),
    endedAt: iso(b.endedAt),
    streamUrl: b.streamUrl,
  };
}

export function toBreakHit(
  h: HitRow,
  owner: { username: string; anonymous: boolean } | null,
  viewerId: string | null,
): BreakHit {
  return {
    _id: h.id,
    breakId: h.breakId,
    hitNumber: h.hitNumber,
    packNumber: h.packNumber,
    cardName: h.cardName,
    team: h.team,
    detail: h.detail,
    imageUrl: h.imageId ? imageUrl(h.imageId) : null,
    spotNumber: h.spotNumber,
    holder: holderName(owner) ?? HOUSE_HOLDER,
    mine: viewerId !== null && h.userId === viewerId,
    createdAt: h.createdAt.toISOString(),
  };
}

/** A buyer and how they are shown (their username, or hidden). */
export type Owner = { username: string; anonymous: boolean };

export function toMySpot(s: typeof breakSpotSales.$inferSelect, team: string | null): MySpot {
  return {
    spotNumber: s.spotNumber,
    team,
    price: centsToDollars(s.priceCents),
    k: s.k,
    clientSeed: s.clientSeed,
    purchasedAt: s.purchasedAt.toISOString(),
    refundedAt: iso(s.refundedAt),
  };
}

export function toMyHit(h: HitRow, owner: Owner | null, viewerId: string): MyHit {
  return {
    ...toBreakHit(h, owner, viewerId),
    status: h.status,
    buybackPrice:
      h.status === 'held' && h.buybackCents !== null ? centsToDollars(h.buybackCents) : null,
    soldBackFor: h.soldBackCents === null ? null : centsToDollars(h.soldBackCents),
  };
}
