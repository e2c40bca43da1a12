import {
  COLLECTOR_ACTIONS,
  STAFF_ACTIONS,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type CollectorAction,
  type PayoutMethod,
  type StaffAction,
  type SubmissionStatus,
} from '@grail/contract';
import { conflict } from '../../errors.js';

export type SubmissionAction = CollectorAction | StaffAction;
/** Who may act: collector actions are `collector:<action>`, staff actions `staff:<action>`. */
export type Actor = { id: string; role: 'collector' | 'staff' };

/** The parts of a submission its transitions depend on. */
export interface TransitionState {
  status: SubmissionStatus;
  offerExpiresAt: Date | null;
  trackingNumber: string | null;
  receivedAt: Date | null;
}

/** Offers waiting for the collector's answer; they expire SUBMISSION_OFFER_DAYS after being made. */
export const OFFER_STATUSES: readonly SubmissionStatus[] = ['offer_made', 'offer_adjusted'];
/** Finished: nothing more happens to the submission. */
const CLOSED_STATUSES: readonly SubmissionStatus[] = [
  'paid',
  'declined',
  'expired',
  'returned',
  'cancelled',
];
/** Still in progress: counted against the open-submissions limit. */
export const OPEN_STATUSES: readonly SubmissionStatus[] = SUBMISSION_STATUSES.filter(
  (s) => !CLOSED_STATUSES.includes(s),
);

/**
 * From which statuses each action may be taken. Collector: accept, decline or cancel (before the
 * cards ship), a tracking number while we wait for the cards, and the payout until the cards are
 * verified (from then on staff may be paying by it). Staff: everything else. Offers, statuses and
 * payouts never change any other way.
 */
const FROM: Record<SubmissionAction, readonly SubmissionStatus[]> = {
  accept: OFFER_STATUSES,
  decline: OFFER_STATUSES,
  cancel: ['submitted', 'under_review', 'offer_made', 'awaiting_shipment'],
  tracking: ['awaiting_shipment'],
  payout: OPEN_STATUSES.filter((s) => s !== 'verified'),
  review: ['submitted'],
  offer: ['submitted', 'under_review'],
  receive: ['accepted', 'awaiting_shipment'],
  verify: ['received'],
  adjust: ['received'],
  pay: ['verified'],
  return: ['received', 'verified', 'declined', 'expired'],
  inventory: ['verified', 'paid'],
};

/** The status as of `now`: an offer past its expiry is expired even before anyone writes it. */
export function currentStatus(s: TransitionState, now: Date): SubmissionStatus {
  if (OFFER_STATUSES.includes(s.status) && s.offerExpiresAt && s.offerExpiresAt <= now) {
    return 'expired';
  }
  return s.status;
}

/** Whether `action` may be taken now (staff `cancel` is the collector's list minus shipment). */
export function allows(
  action: SubmissionAction,
  s: TransitionState,
  now: Date,
  actor: Actor['role'],
) {
  const status = currentStatus(s, now);
  if (actor === 'staff' && action === 'cancel') {
    return ['submitted', 'under_review', 'offer_made'].includes(status);
  }
  if (!FROM[action].includes(status)) return false;
  // Once the collector has shipped (a tracking number), the cards are on their way to us.
  if (action === 'cancel' && status === 'awaiting_shipment') return s.trackingNumber === null;
  // Only cards we hold can be sent back.
  if (action === 'return' && (status === 'declined' || status === 'expired')) {
    return s.receivedAt !== null;
  }
  return true;
}

const CANNOT: Record<SubmissionAction, string> = {
  accept: 'there is no offer to accept',
  decline: 'there is no offer to decline',
  cancel: 'it can no longer be cancelled',
  tracking: 'a tracking number cannot be added now',
  payout: 'its payout can no longer be changed',
  review: 'it cannot be put under review',
  offer: 'an offer cannot be made now',
  receive: 'it cannot be marked received',
  verify: 'it cannot be verified',
  adjust: 'an adjusted offer cannot be made now',
  pay: 'it cannot be paid',
  return: 'there are no cards of ours to return',
  inventory: 'its cards cannot go into the inventory yet',
};

/** 409 naming the current status and what cannot be done. */
export function illegalTransition(action: SubmissionAction, s: TransitionState, now: Date) {
  const status = currentStatus(s, now);
  let why = CANNOT[action];
  if (action === 'pay' && status === 'paid') why = 'it has already been paid';
  if (action === 'payout' && status === 'verified') {
    why = 'its payout is fixed once the cards are verified. Contact support to change it';
  }
  if (action === 'cancel' && status === 'awaiting_shipment') {
    why = 'the cards are on their way to us, so it can no longer be cancelled';
  }
  return conflict(
    `This submission is ${SUBMISSION_STATUS_LABELS[status].toLowerCase()} (status ${status}): ${why}.`,
    { status },
  );
}

/** How a sentence names a payout method. */
export const payoutMethodWords: Record<PayoutMethod, string> = {
  store_credit: 'store credit',
  bank: 'bank transfer',
  paypal: 'PayPal',
};

/** 409 when staff pay by a method the collector has changed since they looked: names the current one. */
export function payoutMethodChanged(current: PayoutMethod, shown: PayoutMethod) {
  return conflict(
    `This submission is now paid by ${payoutMethodWords[current]}, not ${payoutMethodWords[shown]}: look at it again before paying.`,
    { payoutMethod: current },
  );
}

export function collectorActions(s: TransitionState, now: Date): CollectorAction[] {
  return COLLECTOR_ACTIONS.filter((a) => allows(a, s, now, 'collector'));
}

export function staffActions(
  s: TransitionState,
  now: Date,
  cardsOutOfInventory: number,
): StaffAction[] {
  return STAFF_ACTIONS.filter(
    (a) => allows(a, s, now, 'staff') && (a !== 'inventory' || cardsOutOfInventory > 0),
  );
}

/** The number a person reads: S-000042. */
export const submissionNumber = (n: number) => `S-${String(n).padStart(6, '0')}`;

/** The numeric grade of a slab label ('GEM MT 10' → 10, '9.5' → 9.5), for the catalogue's filters. */
export function gradeValueOf(grade: string): number | null {
  const match = /(\d+(?:\.\d)?)\s*$/.exec(grade.trim()) ?? /(\d+(?:\.\d)?)/.exec(grade);
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= 10 ? value : null;
}
