import {
  centsToDollars,
  imageUrl,
  percentOfCents,
  submissionCertUrl,
  SUBMISSION_STATUSES,
  type PsaCert,
  type ShippingAddress,
  type SubmissionCard,
  type SubmissionPayment,
  type TimelineEntry,
} from '@grail/contract';
import type {
  submissionCards,
  submissionEvents,
  submissionPayouts,
  submissionReturns,
  submissions,
} from '../../db/schema/index.js';
import { OFFER_STATUSES, submissionNumber } from './submissions.rules.js';

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionCardRow = typeof submissionCards.$inferSelect;
export type SubmissionEventRow = typeof submissionEvents.$inferSelect & {
  actorName: string | null;
};
export type SubmissionPayoutRow = typeof submissionPayouts.$inferSelect;
export type SubmissionReturnRow = typeof submissionReturns.$inferSelect;

/**
 * Where collectors send their cards. Change it here for a deployment: the packing slip, the
 * detail page and the e-mails all read it.
 */
export const RECEIVING_ADDRESS: ShippingAddress = {
  name: 'Grail Machine Receiving',
  line1: '100 Vault Way',
  line2: 'Suite 200',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
};

/**
 * Statuses from acceptance through payment (the contract lists them in the order a submission
 * moves): the page shows where to send the cards and the packing slip.
 */
const SHIPPING_STATUSES = new Set<string>(
  SUBMISSION_STATUSES.slice(
    SUBMISSION_STATUSES.indexOf('accepted'),
    SUBMISSION_STATUSES.indexOf('paid') + 1,
  ),
);

const money = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
export const finalOfferCents = (c: SubmissionCardRow) => c.adjustedOfferCents ?? c.offerCents;

export function toSubmissionCard(c: SubmissionCardRow): SubmissionCard {
  return {
    _id: c.id,
    position: c.position,
    grader: c.grader,
    certNumber: c.certNumber,
    certUrl: submissionCertUrl(c.grader, c.certNumber),
    year: c.year,
    setName: c.setName,
    player: c.player,
    cardNumber: c.cardNumber,
    grade: c.grade,
    askingPrice: money(c.askingPriceCents),
    frontImageUrl: imageUrl(c.frontImageId),
    backImageUrl: imageUrl(c.backImageId),
    offer: money(c.offerCents),
    offerNote: c.offerNote,
    adjustedOffer: money(c.adjustedOfferCents),
    adjustedNote: c.adjustedNote,
    finalOffer: money(finalOfferCents(c)),
  };
}

/** Sums in cents: the offer only once every card has one. */
export function totalsOf(cards: SubmissionCardRow[], bonusPercent: number) {
  const asking = cards.filter((c) => c.askingPriceCents !== null);
  const offered = cards.every((c) => c.offerCents !== null) && cards.length > 0;
  const sum = (f: (c: SubmissionCardRow) => number | null) =>
    cards.reduce((total, c) => total + (f(c) ?? 0), 0);
  const offer = offered ? sum((c) => c.offerCents) : null;
  const final = offered ? sum(finalOfferCents) : null;
  return {
    askingCents: asking.length > 0 ? sum((c) => c.askingPriceCents) : null,
    offerCents: offer,
    finalCents: final,
    storeCreditCents: final === null ? null : final + percentOfCents(final, bonusPercent),
  };
}

export function toTimelineEntry(e: SubmissionEventRow, forStaff: boolean): TimelineEntry {
  return {
    _id: String(e.id),
    at: e.createdAt.toISOString(),
    from: e.fromStatus,
    to: e.toStatus,
    actor: e.actorRole,
    actorName: forStaff ? e.actorName : null,
    note: e.note,
  };
}

export function toPayment(p: SubmissionPayoutRow, number: number): SubmissionPayment {
  return {
    _id: p.id,
    submissionId: p.submissionId,
    number: submissionNumber(number),
    method: p.method,
    amount: centsToDollars(p.amountCents),
    bonus: centsToDollars(p.bonusCents),
    total: centsToDollars(p.amountCents + p.bonusCents),
    reference: p.reference,
    paidAt: p.paidAt.toISOString(),
  };
}

/** What both views share: the submission's own fields, totals, timeline and payment. */
export function submissionBase(
  s: SubmissionRow,
  cards: SubmissionCardRow[],
  events: SubmissionEventRow[],
  payout: SubmissionPayoutRow | null,
  returnShipment: SubmissionReturnRow | null,
  forStaff: boolean,
) {
  const totals = totalsOf(cards, s.creditBonusPercent);
  return {
    _id: s.id,
    number: submissionNumber(s.number),
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    offerExpiresAt: OFFER_STATUSES.includes(s.status)
      ? (s.offerExpiresAt?.toISOString() ?? null)
      : null,
    note: s.note,
    totals: {
      asking: money(totals.askingCents),
      offer: money(totals.offerCents),
      final: money(totals.finalCents),
      storeCredit: money(totals.storeCreditCents),
    },
    creditBonusPercent: s.creditBonusPercent,
    payout: { method: s.payoutMethod, masked: s.payoutMask },
    tracking:
      s.carrier && s.trackingNumber
        ? { carrier: s.carrier, trackingNumber: s.trackingNumber }
        : null,
    returnShipment: returnShipment
      ? {
          carrier: returnShipment.carrier,
          trackingNumber: returnShipment.trackingNumber,
          shippedAt: returnShipment.shippedAt.toISOString(),
        }
      : null,
    shipTo: SHIPPING_STATUSES.has(s.status) ? RECEIVING_ADDRESS : null,
    timeline: events.map((e) => toTimelineEntry(e, forStaff)),
    payment: payout ? toPayment(payout, s.number) : null,
  };
}

export const withPsa = (c: SubmissionCardRow, psa: Map<string, PsaCert>) => ({
  ...toSubmissionCard(c),
  psa: c.grader === 'PSA' ? (psa.get(c.certNumber) ?? null) : null,
  inventoryCardId: c.inventoryCardId,
});
