import { centsToDollars, percentOfCents } from '@grail/contract';
import type { PublicPull, Pull, PullStatus } from '@grail/contract';
import type { cards, GrailTier, holdings, pulls, shipments } from '../../db/schema/index.js';
import { iso, toGrailCard } from './grail.view.js';

export interface BuybackTerms {
  percent: number;
  windowHours: number;
}

export const buybackDeadline = (pulledAt: Date, terms: BuybackTerms) =>
  new Date(pulledAt.getTime() + terms.windowHours * 3600 * 1000);

export interface PullRow {
  pull: typeof pulls.$inferSelect;
  card: Pick<
    typeof cards.$inferSelect,
    'id' | 'name' | 'grader' | 'grade' | 'certNumber' | 'imageIds' | 'fmvCents'
  >;
  caseName: string;
  totalItems: number;
  tiers: GrailTier[];
  /** The pull's card in the vault: its state is the pull's (one source of truth). */
  holdingState: HoldingState;
  /** The box its card is in, while shipping is asked for or done. */
  shipment: typeof shipments.$inferSelect | null;
}

type HoldingState = (typeof holdings.$inferSelect)['state'];

/**
 * A pull's status follows its card's holding: in the vault it is 'revealed' (and may be sold back
 * or shipped), in a box 'claimed', sent 'shipped'.
 */
export function pullStatusOf(state: HoldingState): PullStatus {
  switch (state) {
    case 'ship_requested':
      return 'claimed';
    case 'shipped':
      return 'shipped';
    case 'sold_back':
      return 'sold_back';
    default:
      return 'revealed';
  }
}

/** What the owner's and the public view of a pull share: its case, card, time and proof. */
function pullBasics(row: Pick<PullRow, 'pull' | 'card' | 'caseName' | 'totalItems' | 'tiers'>) {
  const { pull, card } = row;
  return {
    _id: pull.id,
    caseId: pull.caseId,
    caseName: row.caseName,
    k: pull.k,
    totalItems: row.totalItems,
    card: toGrailCard({ ...card, fmvCents: pull.fmvCents }, row.tiers),
    pulledAt: pull.pulledAt.toISOString(),
    proof: {
      clientSeed: pull.clientSeed,
      k: pull.k,
      remainingBefore: pull.remainingBefore,
      position: pull.position,
    },
  };
}

/** A pull as its owner sees it: the card, the proof, and what can still be done with it. */
export function toPull(row: PullRow, terms: BuybackTerms, now = new Date()): Pull {
  const { pull, shipment } = row;
  const until = buybackDeadline(pull.pulledAt, terms);
  const canSellBack = row.holdingState === 'in_vault' && now < until;
  return {
    ...pullBasics(row),
    status: pullStatusOf(row.holdingState),
    price: centsToDollars(pull.priceCents),
    sellBack: canSellBack
      ? {
          amount: centsToDollars(percentOfCents(pull.fmvCents, terms.percent)),
          percent: terms.percent,
          until: until.toISOString(),
        }
      : null,
    soldBackFor: pull.buybackCents === null ? null : centsToDollars(pull.buybackCents),
    autoSold: pull.autoSold,
    shipment: shipment
      ? {
          _id: shipment.id,
          status: boxStatus(shipment.status),
          shipBy: shipment.shipBy.toISOString(),
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          shippedAt: iso(shipment.shippedAt),
        }
      : null,
  };
}

export interface PublicPullRow {
  pull: typeof pulls.$inferSelect;
  card: PullRow['card'];
  caseName: string;
  totalItems: number;
  tiers: GrailTier[];
  serverSeedHash: string | null;
  username: string;
  anonymous: boolean;
}

/** A pull as anyone sees it: no user id, e-mail, address, status or sell-back figures. */
export function toPublicPull(row: PublicPullRow): PublicPull {
  return {
    ...pullBasics(row),
    packPrice: centsToDollars(row.pull.priceCents),
    pulledBy: row.anonymous ? 'Anonymous' : row.username,
    serverSeedHash: row.serverSeedHash,
  };
}

/** A pull's box as its page shows it: a cancelled box no longer holds the card, so none shows. */
function boxStatus(status: (typeof shipments.$inferSelect)['status']) {
  if (status === 'cancelled') throw new Error('a pull is never shown in a cancelled box');
  return status;
}
