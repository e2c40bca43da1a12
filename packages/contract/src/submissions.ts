import { z } from 'zod';
import { Email, SecondFactorCode, ShippingAddress } from './auth.js';
import { endpoint } from './endpoint.js';
import { dollarsBetween, PositiveDollars } from './money.js';

// ---- Graders and certificate numbers ----

/** The grading companies whose slabs a collector may sell to us. */
export const SUBMISSION_GRADERS = ['PSA', 'BGS', 'SGC', 'CGC'] as const;
export const SubmissionGrader = z.enum(SUBMISSION_GRADERS);
export type SubmissionGrader = z.infer<typeof SubmissionGrader>;

/**
 * What a certificate number looks like at each grader, and the words shown under the field when
 * one does not: PSA 7 to 10 digits; BGS up to 10 digits; SGC 7 to 10 digits or 1234567-001;
 * CGC 10 digits or 1234567-001.
 */
export const CERT_FORMATS: Record<SubmissionGrader, { pattern: RegExp; message: string }> = {
  PSA: { pattern: /^\d{7,10}$/, message: 'A PSA cert number is 7 to 10 digits.' },
  BGS: { pattern: /^\d{1,10}$/, message: 'A BGS cert number is up to 10 digits.' },
  SGC: {
    pattern: /^(\d{7,10}|\d{7}-\d{3})$/,
    message:
      'An SGC cert number is 7 to 10 digits, or 7 digits, a dash and 3 digits (1234567-001).',
  },
  CGC: {
    pattern: /^(\d{10}|\d{7}-\d{3})$/,
    message: 'A CGC cert number is 10 digits, or 7 digits, a dash and 3 digits (1234567-001).',
  },
};

/** Null when `cert` is a well-formed certificate number of `grader`, else what the format is. */
export function certProblem(grader: SubmissionGrader, cert: string): string | null {
  const format = CERT_FORMATS[grader];
  return format.pattern.test(cert.trim()) ? null : format.message;
}

/** The grader's public page where anyone can check a certificate. */
export function submissionCertUrl(grader: SubmissionGrader, cert: string): string {
  const c = encodeURIComponent(cert);
  switch (grader) {
    case 'PSA':
      return `https://www.psacard.com/cert/${c}`;
    case 'BGS':
      return `https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=${c}`;
    case 'SGC':
      return `https://gosgc.com/cert-code-lookup?certCode=${c}`;
    case 'CGC':
      return `https://www.cgccards.com/certlookup/${c}/`;
  }
}

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

// ---- Inputs ----

const ImageId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the id of a photo you uploaded');
const CertNumber = z
  .string()
  .trim()
  .min(1, 'Enter the cert number')
  .max(20, 'A cert number is at most 20 characters');

/** One slab as the collector describes it. */
export const SubmissionCardInput = z
  .object({
    grader: SubmissionGrader,
    certNumber: CertNumber,
    year: z.number().int().min(1860, 'must be 1860 or later').max(2100, 'must be 2100 or earlier'),
    setName: z.string().trim().min(1, 'Enter the set').max(100),
    player: z.string().trim().min(1, 'Enter the player').max(100),
    cardNumber: z.string().trim().min(1, 'Enter the card number').max(30),
    grade: z.string().trim().min(1, 'Enter the grade').max(30),
    askingPrice: PositiveDollars.nullable().default(null),
    frontImageId: ImageId,
    backImageId: ImageId,
  })
  .strict()
  .superRefine((card, ctx) => {
    const problem = certProblem(card.grader, card.certNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['certNumber'], message: problem });
  });
export type SubmissionCardInput = z.input<typeof SubmissionCardInput>;

export const PAYOUT_METHODS = ['store_credit', 'bank', 'paypal'] as const;
export const PayoutMethod = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof PayoutMethod>;
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  store_credit: 'Store credit',
  bank: 'Bank transfer',
  paypal: 'PayPal',
};

/** How the collector is paid: store credit (with the bonus), or a bank account or PayPal. */
export const PayoutInput = z.discriminatedUnion('method', [
  z.object({ method: z.literal('store_credit') }).strict(),
  z
    .object({
      method: z.literal('bank'),
      accountHolder: z.string().trim().min(2, 'Enter the account holder').max(100),
      routingNumber: z
        .string()
        .trim()
        .regex(/^\d{9}$/, 'A routing number is 9 digits'),
      accountNumber: z
        .string()
        .trim()
        .regex(/^\d{4,17}$/, 'An account number is 4 to 17 digits'),
    })
    .strict(),
  z.object({ method: z.literal('paypal'), email: Email }).strict(),
]);
export type PayoutInput = z.infer<typeof PayoutInput>;

export const CreateSubmissionBody = z
  .object({
    cards: z
      .array(SubmissionCardInput)
      .min(1, 'Add at least one card')
      .max(
        SUBMISSION_MAX_CARDS,
        `A submission holds at most ${SUBMISSION_MAX_CARDS} cards: start another for the rest`,
      ),
    payout: PayoutInput,
    note: z.string().trim().max(1000).nullable().default(null),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.cards.forEach((card, i) => {
      const key = `${card.grader}:${card.certNumber.trim()}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['cards', i, 'certNumber'],
          message: 'This cert number is already in the submission',
        });
      }
      seen.add(key);
    });
  });
export type CreateSubmissionBody = z.input<typeof CreateSubmissionBody>;

/** Accepting an offer: a current two-factor code when two-factor sign-in is on. */
export const AcceptOfferBody = z.object({ totpCode: SecondFactorCode.optional() }).strict();
export type AcceptOfferBody = z.infer<typeof AcceptOfferBody>;
export const ChangePayoutBody = z
  .object({ payout: PayoutInput, totpCode: SecondFactorCode.optional() })
  .strict();
export type ChangePayoutBody = z.infer<typeof ChangePayoutBody>;

const Carrier = z.string().trim().min(2, 'Enter the carrier').max(40);
const TrackingNumber = z
  .string()
  .trim()
  .min(4, 'A tracking number is at least 4 characters')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'A tracking number has letters, digits or dashes');
export const TrackingBody = z.object({ carrier: Carrier, trackingNumber: TrackingNumber }).strict();
export type TrackingBody = z.infer<typeof TrackingBody>;

const StaffNote = z.string().trim().max(1000).nullable().default(null);
export const StaffNoteBody = z.object({ note: StaffNote }).strict();
export type StaffNoteBody = z.input<typeof StaffNoteBody>;
export const OfferBody = z
  .object({
    cards: z
      .array(
        z
          .object({
            cardId: z.uuid({ message: 'must be a valid id' }),
            offer: OfferDollars,
            note: z.string().trim().max(500).nullable().default(null),
          })
          .strict(),
      )
      .min(1)
      .max(SUBMISSION_MAX_CARDS),
    note: StaffNote,
  })
  .strict();
export type OfferBody = z.input<typeof OfferBody>;
export const PayBody = z
  .object({
    /**
     * The payout method staff were shown: a Pay naming another (the collector changed it since) is
     * refused with 409, so money never goes out by a method nobody looked at.
     */
    method: PayoutMethod,
    /** For a bank or PayPal payout: the transfer's reference, as the bank or PayPal shows it. */
    reference: z.string().trim().min(3).max(120).nullable().default(null),
    note: StaffNote,
  })
  .strict();
export type PayBody = z.input<typeof PayBody>;
export const ReturnBody = z
  .object({
    carrier: Carrier.nullable().default(null),
    trackingNumber: TrackingNumber.nullable().default(null),
    note: StaffNote,
  })
  .strict();
export type ReturnBody = z.input<typeof ReturnBody>;
export const AddToInventoryBody = z
  .object({
    sport: z.string().trim().min(1).max(50),
    fmv: PositiveDollars,
    /** A store card has a price; without one the card waits for a Grail case. */
    storePrice: PositiveDollars.nullable().default(null),
    name: z.string().trim().min(1).max(200).nullable().default(null),
  })
  .strict();
export type AddToInventoryBody = z.input<typeof AddToInventoryBody>;

export const SubmissionIdParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });
export const SubmissionCardParams = z.object({
  id: z.uuid({ message: 'must be a valid id' }),
  cardId: z.uuid({ message: 'must be a valid id' }),
});
export const PsaLookupQuery = z.object({
  cert: z.string().trim().regex(CERT_FORMATS.PSA.pattern, CERT_FORMATS.PSA.message),
});
export const AdminSubmissionsQuery = z.object({
  status: SubmissionStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminSubmissionsQuery = z.input<typeof AdminSubmissionsQuery>;

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
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
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

const sell = ['submissions'];
const staff = ['admin', 'submissions'];
const id = SubmissionIdParams;

/** Selling graded cards: the collector's submissions and the staff's review queue. */
export const submissionEndpoints = {
  sellSettings: endpoint({
    method: 'GET',
    path: '/api/submissions/settings',
    operationId: 'getSellSettings',
    summary: 'What the sell form needs: PSA lookup on or off, bonus, limits, open submissions',
    tags: sell,
    guard: 'authenticated',
    response: SellSettingsResponse,
  }),
  psaLookup: endpoint({
    method: 'GET',
    path: '/api/submissions/psa-lookup',
    operationId: 'lookUpPsaCert',
    summary:
      "A PSA cert's card and grade from the PSA Public API (cached); never an error when PSA fails",
    tags: sell,
    guard: 'purchase',
    query: PsaLookupQuery,
    response: PsaLookupResponse,
    rateLimited: true,
  }),
  uploadPhoto: endpoint({
    method: 'POST',
    path: '/api/submissions/photos',
    operationId: 'uploadSubmissionPhoto',
    summary: 'Upload one slab photo (multipart field "photo") for a submission to come',
    tags: sell,
    guard: 'purchase',
    body: PhotoUploadBody,
    bodyKind: 'multipart',
    status: 201,
    response: PhotoUploadResponse,
    rateLimited: true,
    errors: [413, 415],
  }),
  createSubmission: endpoint({
    method: 'POST',
    path: '/api/submissions',
    operationId: 'createSubmission',
    summary: 'Submit graded cards for an offer',
    tags: sell,
    guard: 'purchase',
    body: CreateSubmissionBody,
    status: 201,
    response: SubmissionResponse,
    rateLimited: true,
    errors: [409],
  }),
  submissions: endpoint({
    method: 'GET',
    path: '/api/submissions',
    operationId: 'listMySubmissions',
    summary: "The caller's submissions, newest first",
    tags: sell,
    guard: 'authenticated',
    response: SubmissionListResponse,
  }),
  paymentHistory: endpoint({
    method: 'GET',
    path: '/api/submissions/payments',
    operationId: 'listMySubmissionPayments',
    summary: "What the caller's submissions were paid, newest first",
    tags: sell,
    guard: 'authenticated',
    response: PaymentHistoryResponse,
  }),
  submission: endpoint({
    method: 'GET',
    path: '/api/submissions/:id',
    operationId: 'getMySubmission',
    summary: "One of the caller's submissions with its cards, offers and timeline",
    tags: sell,
    guard: 'authenticated',
    params: id,
    response: SubmissionResponse,
  }),
  acceptOffer: endpoint({
    method: 'POST',
    path: '/api/submissions/:id/accept',
    operationId: 'acceptSubmissionOffer',
    summary: 'Accept the offer (or the adjusted offer); a two-factor code when two-factor is on',
    tags: sell,
    guard: 'purchase',
    params: id,
    body: AcceptOfferBody,
    response: SubmissionResponse,
    rateLimited: true,
    errors: [409],
  }),
  declineOffer: endpoint({
    method: 'POST',
    path: '/api/submissions/:id/decline',
    operationId: 'declineSubmissionOffer',
    summary: 'Decline the offer (or the adjusted offer: the cards are returned)',
    tags: sell,
    guard: 'authenticated',
    params: id,
    response: SubmissionResponse,
    errors: [409],
  }),
  cancelSubmission: endpoint({
    method: 'POST',
    path: '/api/submissions/:id/cancel',
    operationId: 'cancelSubmission',
    summary: 'Cancel a submission before its cards are shipped',
    tags: sell,
    guard: 'authenticated',
    params: id,
    response: SubmissionResponse,
    errors: [409],
  }),
  setTracking: endpoint({
    method: 'PUT',
    path: '/api/submissions/:id/tracking',
    operationId: 'setSubmissionTracking',
    summary: 'Record the carrier and tracking number of the shipment to us',
    tags: sell,
    guard: 'authenticated',
    params: id,
    body: TrackingBody,
    response: SubmissionResponse,
    errors: [409],
  }),
  changePayout: endpoint({
    method: 'PUT',
    path: '/api/submissions/:id/payout',
    operationId: 'changeSubmissionPayout',
    summary: 'Change how a submission is paid; a two-factor code when two-factor is on',
    tags: sell,
    guard: 'authenticated',
    params: id,
    body: ChangePayoutBody,
    response: SubmissionResponse,
    rateLimited: true,
    errors: [409],
  }),

  adminSubmissions: endpoint({
    method: 'GET',
    path: '/api/admin/submissions',
    operationId: 'adminListSubmissions',
    summary: 'The review queue, oldest first, filtered by status',
    tags: staff,
    guard: 'admin',
    query: AdminSubmissionsQuery,
    response: AdminSubmissionListResponse,
  }),
  adminSubmission: endpoint({
    method: 'GET',
    path: '/api/admin/submissions/:id',
    operationId: 'adminGetSubmission',
    summary: 'A submission with its photos, PSA data, offers, payout (masked) and timeline',
    tags: staff,
    guard: 'admin',
    params: id,
    response: AdminSubmissionResponse,
  }),
  adminPayoutDetails: endpoint({
    method: 'GET',
    path: '/api/admin/submissions/:id/payout-details',
    operationId: 'adminGetSubmissionPayoutDetails',
    summary: 'The full bank or PayPal details, to pay by hand (written to the audit log)',
    tags: staff,
    guard: 'admin',
    params: id,
    response: PayoutDetailsResponse,
  }),
  adminPsaRefresh: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/psa-lookup',
    operationId: 'adminLookUpSubmissionPsa',
    summary: "Ask PSA for the submission's PSA certs not yet in the cache",
    tags: staff,
    guard: 'admin',
    params: id,
    response: AdminSubmissionResponse,
  }),
  adminReview: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/review',
    operationId: 'adminStartSubmissionReview',
    summary: 'Start reviewing a submitted submission',
    tags: staff,
    guard: 'admin',
    params: id,
    body: StaffNoteBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminOffer: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/offer',
    operationId: 'adminMakeSubmissionOffer',
    summary: 'Make an offer per card (the offer expires after SUBMISSION_OFFER_DAYS)',
    tags: staff,
    guard: 'admin',
    params: id,
    body: OfferBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminReceive: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/receive',
    operationId: 'adminReceiveSubmission',
    summary: 'Mark the cards received',
    tags: staff,
    guard: 'admin',
    params: id,
    body: StaffNoteBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminVerify: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/verify',
    operationId: 'adminVerifySubmission',
    summary: 'Confirm the received cards match what was described',
    tags: staff,
    guard: 'admin',
    params: id,
    body: StaffNoteBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminAdjust: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/adjust',
    operationId: 'adminAdjustSubmissionOffer',
    summary: 'Make an adjusted offer for received cards that differ from their description',
    tags: staff,
    guard: 'admin',
    params: id,
    body: OfferBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminPay: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/pay',
    operationId: 'adminPaySubmission',
    summary:
      'Pay a verified submission by the payout method shown (409 if it changed): store credit to the wallet, or record a manual payout',
    tags: staff,
    guard: 'admin',
    idempotent: true,
    params: id,
    body: PayBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminReturn: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/return',
    operationId: 'adminReturnSubmission',
    summary: 'Send received cards back to the collector',
    tags: staff,
    guard: 'admin',
    params: id,
    body: ReturnBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminCancel: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/cancel',
    operationId: 'adminCancelSubmission',
    summary: 'Turn a submission down before its cards are shipped',
    tags: staff,
    guard: 'admin',
    params: id,
    body: StaffNoteBody,
    response: AdminSubmissionResponse,
    errors: [409],
  }),
  adminAddToInventory: endpoint({
    method: 'POST',
    path: '/api/admin/submissions/:id/cards/:cardId/inventory',
    operationId: 'adminAddSubmissionCardToInventory',
    summary: 'Put a verified card in the inventory: a store card (with a price) or a case card',
    tags: staff,
    guard: 'admin',
    params: SubmissionCardParams,
    body: AddToInventoryBody,
    status: 201,
    response: InventoryResponse,
    errors: [409],
  }),
} as const;
