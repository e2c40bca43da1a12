import { centsToDollars, type PackPurchaseResponse, type PullResponse } from '@grail/contract';
import type { cards, grailCases } from '../../../db/schema/index.js';
import type { IdempotencyOptions } from '../../idempotency/idempotency.service.js';
import type { SessionUser } from '../../auth/sessions.service.js';
import type { LedgerRef } from '../../wallet/wallet.service.js';
import { toPull, type BuybackTerms } from '../pull.view.js';

type CaseRow = typeof grailCases.$inferSelect;
type CardRow = typeof cards.$inferSelect;

/** One pack purchase as asked: the buyer, their session, the case and the Idempotency-Key. */
export interface PackOrder {
  user: SessionUser;
  /** Checked again inside the purchase's transaction. */
  sessionId: string;
  caseId: string;
  /** The client seed sent with the purchase, if any (else the buyer's own). */
  chosenSeed: string | undefined;
  key: Omit<IdempotencyOptions, 'request'>;
  /** How many packs: 1, or several bought together (decision 028). */
  packs: number;
}

/** What a purchase of several packs' key guards: the case, the number of packs, the chosen seed. */
export const severalRequestOf = (order: PackOrder) => ({
  caseId: order.caseId,
  packs: order.packs,
  clientSeed: order.chosenSeed ?? null,
});

/** The key with what it guards: a repeat must ask for the same case with the same client seed. */
export const purchaseKeyOf = (order: PackOrder, clientSeed: string): IdempotencyOptions => ({
  ...order.key,
  request: order.packs > 1 ? severalRequestOf(order) : { caseId: order.caseId, clientSeed },
});

/** The ledger entry of the one debit of a purchase of several packs, naming its pulls. */
export const severalPacksDebit = (pullIds: string[], caseName: string): LedgerRef => ({
  kind: 'pack',
  refType: 'pack_purchase',
  refId: pullIds.join(','),
  description: `Grail packs: ${pullIds.length} × ${caseName}`,
});

/**
 * What a purchase stores with its Idempotency-Key: everything its answer is made of, as it was at
 * the draw (the card's name and images may change once it is back in inventory).
 */
export interface PackReceipt {
  pullId: string;
  caseId: string;
  userId: string;
  clientSeed: string;
  priceCents: number;
  caseName: string;
  totalItems: number;
  tiers: CaseRow['tiers'];
  buyback: BuybackTerms;
  drawn: {
    k: number;
    remainingBefore: number;
    drawIndex: number;
    position: number;
    fmvCents: number;
    pulledAt: string;
    card: Pick<CardRow, 'id' | 'name' | 'grader' | 'grade' | 'certNumber' | 'imageIds'>;
  };
}

/** What a draw statement answers: the draw, and the positions pulled after `base` up to its k. */
export interface Drawn {
  drawn: PackReceipt['drawn'];
  pulled_since: number[];
}

/**
 * A purchase's answer from its receipt, the same for the purchase and every repeat of its key.
 * Keys stored before receipts existed hold the answer itself.
 */
export function answerOf(stored: unknown): PullResponse {
  if (!(stored as Partial<PackReceipt>).drawn) return stored as PullResponse;
  const r = stored as PackReceipt;
  const pulledAt = new Date(r.drawn.pulledAt);
  const view = toPull(
    {
      pull: {
        id: r.pullId,
        caseId: r.caseId,
        userId: r.userId,
        cardId: r.drawn.card.id,
        k: r.drawn.k,
        clientSeed: r.clientSeed,
        remainingBefore: r.drawn.remainingBefore,
        drawIndex: r.drawn.drawIndex,
        position: r.drawn.position,
        priceCents: r.priceCents,
        fmvCents: r.drawn.fmvCents,
        status: 'revealed',
        shipmentId: null,
        buybackCents: null,
        pulledAt,
        claimedAt: null,
        soldBackAt: null,
        autoSold: false,
      },
      card: { ...r.drawn.card, fmvCents: r.drawn.fmvCents },
      caseName: r.caseName,
      totalItems: r.totalItems,
      tiers: r.tiers,
      // The answer at the draw: the card has just gone into the vault.
      holdingState: 'in_vault',
      shipment: null,
    },
    r.buyback,
    // As answered at the draw: the sell-back offer runs from the pull's time.
    pulledAt,
  );
  return { pull: view };
}

/**
 * What a purchase of several packs bought in one round trip stores with its key: what its packs'
 * receipts share, once, and each pack's pull id and draw, added by the draw statement.
 */
export interface SeveralReceipt extends Omit<PackReceipt, 'pullId' | 'drawn'> {
  packs: Pick<PackReceipt, 'pullId' | 'drawn'>[];
}

/** A purchase of several packs' answer from its packs' receipts. */
export function severalAnswerFrom(receipts: PackReceipt[]): PackPurchaseResponse {
  const sum = (cents: (r: PackReceipt) => number) =>
    centsToDollars(receipts.reduce((total, r) => total + cents(r), 0));
  return {
    pulls: receipts.map((r) => answerOf(r).pull).sort((a, b) => a.k - b.k),
    paid: sum((r) => r.priceCents),
    totalFmv: sum((r) => r.drawn.fmvCents),
    autoSell: null,
  };
}

/**
 * A purchase of several packs' stored answer: a SeveralReceipt (the one-round-trip path), or the
 * answer itself (the transaction of buy-several.ts).
 */
export function severalAnswerOf(stored: unknown): PackPurchaseResponse {
  const { packs, ...shared } = stored as Partial<SeveralReceipt>;
  if (!packs) return stored as PackPurchaseResponse;
  return severalAnswerFrom(packs.map((pack) => ({ ...(shared as SeveralReceipt), ...pack })));
}
