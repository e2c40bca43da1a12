import {
  centsToDollars,
  certVerificationUrl,
  imageUrl,
  percentOfCents,
  trackingUrl,
  type Holding,
  type VaultShipment,
} from '@grail/contract';
import type { cards, holdings } from '../../db/schema/index.js';
import { gradeLabel } from '../catalog/catalog.view.js';
import type { HitFacts } from '../breaks/breaks.reads.js';
import type { PullFacts } from '../grail/grail.reads.js';
import { buybackDeadline, type BuybackTerms } from '../grail/pull.view.js';
import type { ShipmentRow } from '../shipping/shipping.reads.js';

export type HoldingRecord = typeof holdings.$inferSelect;

/** A held card's catalogue facts, as inventory's heldCardColumns selects them. */
export interface HeldCard {
  cardId: string;
  name: string;
  sport: string;
  year: number;
  grader: (typeof cards.$inferSelect)['grader'];
  grade: string | null;
  certNumber: string | null;
  imageIds: string[];
  fmvCents: number;
  fmvSource: string;
  fmvUpdatedAt: Date;
}

export interface HoldingRow {
  holding: HoldingRecord;
  card: HeldCard;
}

/** A card in a box, as its collector and staff see it. */
export interface BoxCard {
  holdingId: string;
  name: string;
  grade: string;
  certNumber: string | null;
  imageUrl: string;
}

const firstImage = (ids: string[]) => (ids[0] ? imageUrl(ids[0]) : '');

/** A card's grade; a break hit has none, its detail ("Gold /50", "PSA 10") shows in its place. */
const gradeOf = ({ holding, card }: HoldingRow) =>
  holding.breakHitId ? card.grade || 'Break hit' : gradeLabel(card);

export const toBoxCard = (row: HoldingRow): BoxCard => ({
  holdingId: row.holding.id,
  name: row.card.name,
  grade: gradeOf(row),
  certNumber: row.card.certNumber,
  imageUrl: firstImage(row.card.imageIds),
});

/**
 * The sell-back offer of a pulled card still in the vault: the pulls' own terms and deadline, on
 * the FMV recorded at the pull. Null once it left the vault or the window closed.
 */
export function openSellBack(
  holding: Pick<HoldingRecord, 'source' | 'state'>,
  pull: PullFacts | undefined,
  terms: BuybackTerms,
  now: Date,
): Holding['sellBack'] {
  if (holding.source !== 'pull' || holding.state !== 'in_vault' || !pull) return null;
  const until = buybackDeadline(pull.pulledAt, terms);
  if (now >= until) return null;
  return {
    amount: centsToDollars(percentOfCents(pull.fmvCents, terms.percent)),
    percent: terms.percent,
    until: until.toISOString(),
  };
}

function sourceLabel(
  holding: HoldingRecord,
  pull: PullFacts | undefined,
  hit: HitFacts | undefined,
): string {
  if (holding.source === 'pull') return pull ? `Pull #${pull.k} of ${pull.caseName}` : 'Pull';
  if (holding.source === 'break')
    return hit ? `Hit #${hit.hitNumber} of ${hit.breakTitle}` : 'Break hit';
  if (holding.source === 'market') return 'Marketplace purchase';
  if (holding.source === 'trade') return 'Trade';
  return 'Store order';
}

export function toHolding(
  row: HoldingRow,
  facts: { pull?: PullFacts | undefined; hit?: HitFacts | undefined },
  terms: BuybackTerms,
  now = new Date(),
): Holding {
  const { holding, card } = row;
  return {
    _id: holding.id,
    card: {
      _id: card.cardId,
      name: card.name,
      sport: card.sport,
      year: card.year,
      grader: card.grader,
      grade: gradeOf(row),
      certNumber: card.certNumber,
      certUrl: certVerificationUrl(card.grader, card.certNumber),
      imageUrl: firstImage(card.imageIds),
    },
    fmv: centsToDollars(card.fmvCents),
    fmvUpdatedAt: card.fmvUpdatedAt.toISOString(),
    fmvSource: card.fmvSource,
    cost: centsToDollars(holding.costCents),
    gain: centsToDollars(card.fmvCents - holding.costCents),
    state: holding.state,
    source: holding.source,
    sourceId: holding.sourceId,
    sourceLabel: sourceLabel(holding, facts.pull, facts.hit),
    sellBack: openSellBack(holding, facts.pull, terms, now),
    shipmentId: holding.shipmentId,
    acquiredAt: holding.acquiredAt.toISOString(),
  };
}

/** A vault box as its collector sees it: cancellable until staff start packing it. */
export function toVaultShipment(s: ShipmentRow, cards: BoxCard[]): VaultShipment {
  return {
    _id: s.id,
    status: s.status,
    cards,
    address: s.address,
    insuredValue: centsToDollars(s.insuredValueCents),
    fee: centsToDollars(s.feeCents),
    shipBy: s.shipBy.toISOString(),
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.carrier && s.trackingNumber ? trackingUrl(s.carrier, s.trackingNumber) : null,
    createdAt: s.createdAt.toISOString(),
    shippedAt: s.shippedAt?.toISOString() ?? null,
    cancellable: s.status === 'pending',
  };
}
