import { z } from 'zod';
import { dollarsBetween } from '../money.js';

// ---- Limits and statuses ----

export const SUBMISSION_MAX_CARDS = 50;
export const SUBMISSION_MAX_OPEN = 20;
export const SELL_CREDIT_BONUS_PERCENT_DEFAULT = 10;
export const SUBMISSION_OFFER_DAYS_DEFAULT = 7;
/** The most we offer for one slab: 50 of them, with the bonus, stay well inside a wallet's range. */
export const SUBMISSION_OFFER_MAX = 100_000;
/** An offer for one card, in dollars. */
export const OfferDollars = dollarsBetween(0.01, SUBMISSION_OFFER_MAX);

/**
 * submitted → under_review → offer_made → accepted → awaiting_shipment → received → verified →
 * paid; an offer may be declined or expire; a received card that differs gets an adjusted offer
 * (offer_adjusted); cards we hold and do not buy are returned; before shipment a submission may
 * be cancelled.
 */
export const SUBMISSION_STATUSES = [
  'submitted',
  'under_review',
  'offer_made',
  'accepted',
  'awaiting_shipment',
  'received',
  'offer_adjusted',
  'verified',
  'paid',
  'declined',
  'expired',
  'returned',
  'cancelled',
] as const;
export const SubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

/** Each status in plain words, as both apps show it. */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  offer_made: 'Offer ready',
  accepted: 'Offer accepted',
  awaiting_shipment: 'Awaiting your shipment',
  received: 'Received',
  offer_adjusted: 'Adjusted offer',
  verified: 'Verified',
  paid: 'Paid',
  declined: 'Declined',
  expired: 'Offer expired',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** What the collector may do to their own submission (the server says which apply now). */
export const COLLECTOR_ACTIONS = ['accept', 'decline', 'cancel', 'tracking', 'payout'] as const;
export type CollectorAction = (typeof COLLECTOR_ACTIONS)[number];
/** What staff may do to a submission. */
export const STAFF_ACTIONS = [
  'review',
  'offer',
  'receive',
  'verify',
  'adjust',
  'pay',
  'return',
  'cancel',
  'inventory',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
