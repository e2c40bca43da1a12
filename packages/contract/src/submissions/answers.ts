import { z } from 'zod';
import { PageFields } from '../query.js';
import { ShippingAddress } from '../auth.js';
import { PayoutMethod } from './collector-inputs.js';
import { SubmissionGrader } from './graders.js';
import { COLLECTOR_ACTIONS, STAFF_ACTIONS, SubmissionStatus } from './statuses.js';

// ---- Answers ----

/** What the PSA Public API says about a cert, as the form fills it in. */
export const PsaCert = z.object({
  certNumber: z.string(),
  year: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  cardNumber: z.string().nullable(),
  subject: z.string().nullable(),
  variety: z.string().nullable(),
  /** The slab's label: 'GEM MT 10'. */
  grade: z.string().nullable(),
});
export type PsaCert = z.infer<typeof PsaCert>;
/**
 * found / not_found: PSA's answer; unavailable: PSA did not answer in time, refused (daily quota)
 * or answered nonsense; not_configured: no PSA_API_TOKEN. Only `found` carries a cert; the form
 * is typed by hand in every other case.
 */
export const PsaLookupResponse = z.object({
  status: z.enum(['found', 'not_found', 'unavailable', 'not_configured']),
  message: z.string(),
  cert: PsaCert.nullable(),
});
export type PsaLookupResponse = z.infer<typeof PsaLookupResponse>;

export const SellSettingsResponse = z.object({
  /** Whether the server can fill a PSA card in from its cert number. */
  psaLookup: z.boolean(),
  creditBonusPercent: z.number(),
  offerDays: z.number().int(),
  maxCards: z.number().int(),
  maxOpen: z.number().int(),
  /** The caller's submissions still in progress. */
  openCount: z.number().int(),
});
export type SellSettingsResponse = z.infer<typeof SellSettingsResponse>;

export const PhotoUploadBody = z.object({
  photo: z.string().describe('One photo of a slab: JPEG, PNG or WebP, at most 10 MB'),
});
export const PhotoUploadResponse = z.object({ imageId: z.string(), url: z.string() });
export type PhotoUploadResponse = z.infer<typeof PhotoUploadResponse>;

export const SubmissionCard = z.object({
  _id: z.string(),
  position: z.number().int(),
  grader: SubmissionGrader,
  certNumber: z.string(),
  certUrl: z.string(),
  year: z.number().int(),
  setName: z.string(),
  player: z.string(),
  cardNumber: z.string(),
  grade: z.string(),
  askingPrice: z.number().nullable(),
  frontImageUrl: z.string(),
  backImageUrl: z.string(),
  offer: z.number().nullable(),
  offerNote: z.string().nullable(),
  adjustedOffer: z.number().nullable(),
  adjustedNote: z.string().nullable(),
  /** The adjusted offer when there is one, else the offer. */
  finalOffer: z.number().nullable(),
});
export type SubmissionCard = z.infer<typeof SubmissionCard>;

export const TimelineEntry = z.object({
  _id: z.string(),
  at: z.string(),
  from: SubmissionStatus.nullable(),
  to: SubmissionStatus,
  /** Who made the change: the collector, our staff, or the system (an offer expiring). */
  actor: z.enum(['collector', 'staff', 'system']),
  /** Shown to staff only: the staff member's or collector's username. */
  actorName: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const SubmissionPayment = z.object({
  _id: z.string(),
  submissionId: z.string(),
  number: z.string(),
  method: PayoutMethod,
  /** The offer paid, the store-credit bonus on top (0 for bank and PayPal) and their sum. */
  amount: z.number(),
  bonus: z.number(),
  total: z.number(),
  reference: z.string().nullable(),
  paidAt: z.string(),
});
export type SubmissionPayment = z.infer<typeof SubmissionPayment>;

export const Submission = z.object({
  _id: z.string(),
  /** Human number for the packing slip and e-mails: S-000042. */
  number: z.string(),
  status: SubmissionStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  offerExpiresAt: z.string().nullable(),
  note: z.string().nullable(),
  cards: z.array(SubmissionCard),
  totals: z.object({
    asking: z.number().nullable(),
    offer: z.number().nullable(),
    final: z.number().nullable(),
    /** What store credit pays: the final offer plus the bonus. */
    storeCredit: z.number().nullable(),
  }),
  creditBonusPercent: z.number(),
  payout: z.object({ method: PayoutMethod, masked: z.string().nullable() }),
  tracking: z.object({ carrier: z.string(), trackingNumber: z.string() }).nullable(),
  /** How we sent the cards back to the collector; present once a returned submission has shipped. */
  returnShipment: z
    .object({ carrier: z.string(), trackingNumber: z.string(), shippedAt: z.string() })
    .nullable(),
  /** Where to send the cards; present once the offer is accepted. */
  shipTo: ShippingAddress.nullable(),
  timeline: z.array(TimelineEntry),
  payment: SubmissionPayment.nullable(),
  actions: z.array(z.enum(COLLECTOR_ACTIONS)),
});
export type Submission = z.infer<typeof Submission>;
export const SubmissionResponse = z.object({ submission: Submission });
export type SubmissionResponse = z.infer<typeof SubmissionResponse>;

export const SubmissionSummary = z.object({
  _id: z.string(),
  number: z.string(),
  status: SubmissionStatus,
  cardCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  offerTotal: z.number().nullable(),
  offerExpiresAt: z.string().nullable(),
});
export type SubmissionSummary = z.infer<typeof SubmissionSummary>;
export const SubmissionListResponse = z.object({ submissions: z.array(SubmissionSummary) });
export type SubmissionListResponse = z.infer<typeof SubmissionListResponse>;
export const PaymentHistoryResponse = z.object({ payments: z.array(SubmissionPayment) });
export type PaymentHistoryResponse = z.infer<typeof PaymentHistoryResponse>;

export const AdminSubmissionCard = SubmissionCard.extend({
  /** PSA's data for the cert (from the cache), beside what the collector typed. */
  psa: PsaCert.nullable(),
  inventoryCardId: z.string().nullable(),
});
export type AdminSubmissionCard = z.infer<typeof AdminSubmissionCard>;
export const AdminSubmission = Submission.omit({ cards: true, actions: true }).extend({
  collector: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
  cards: z.array(AdminSubmissionCard),
  receivedAt: z.string().nullable(),
  actions: z.array(z.enum(STAFF_ACTIONS)),
});
export type AdminSubmission = z.infer<typeof AdminSubmission>;
export const AdminSubmissionResponse = z.object({ submission: AdminSubmission });
export type AdminSubmissionResponse = z.infer<typeof AdminSubmissionResponse>;
export const AdminSubmissionSummary = SubmissionSummary.extend({
  collector: z.string(),
  askingTotal: z.number().nullable(),
  submittedAt: z.string(),
});
export type AdminSubmissionSummary = z.infer<typeof AdminSubmissionSummary>;
export const AdminSubmissionListResponse = z.object({
  submissions: z.array(AdminSubmissionSummary),
  ...PageFields,
  /** How many submissions are in each status (the filter's counts). */
  counts: z.record(z.string(), z.number().int()),
});
export type AdminSubmissionListResponse = z.infer<typeof AdminSubmissionListResponse>;
/** The full payout details, for staff paying by hand (each look is written to the audit log). */
export const PayoutDetailsResponse = z.object({
  method: PayoutMethod,
  accountHolder: z.string().nullable(),
  routingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type PayoutDetailsResponse = z.infer<typeof PayoutDetailsResponse>;
export const InventoryResponse = z.object({
  submission: AdminSubmission,
  productId: z.string(),
});
export type InventoryResponse = z.infer<typeof InventoryResponse>;
