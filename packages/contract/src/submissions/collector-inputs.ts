import { z } from 'zod';
import { Carrier, TrackingNumber } from './fields.js';
import { Email, SecondFactorCode } from '../auth.js';
import { PositiveDollars } from '../money.js';
import { SubmissionGrader, certProblem } from './graders.js';
import { SUBMISSION_MAX_CARDS } from './statuses.js';

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

/** A bank account (US routing and account numbers) to pay a collector to. */
export const BankPayoutInput = z
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
  .strict();
export const PaypalPayoutInput = z.object({ method: z.literal('paypal'), email: Email }).strict();

/** How the collector is paid: store credit (with the bonus), or a bank account or PayPal. */
export const PayoutInput = z.discriminatedUnion('method', [
  z.object({ method: z.literal('store_credit') }).strict(),
  BankPayoutInput,
  PaypalPayoutInput,
]);
export type PayoutInput = z.infer<typeof PayoutInput>;

/**
 * The payout form as typed: one text per detail whatever the method, so switching methods keeps
 * what was typed; only the chosen method's details are checked (PayoutInput) and sent.
 */
export const PayoutForm = z
  .object({
    method: PayoutMethod,
    accountHolder: z.string(),
    routingNumber: z.string(),
    accountNumber: z.string(),
    email: z.string(),
  })
  .transform(({ method, accountHolder, routingNumber, accountNumber, email }) =>
    method === 'bank'
      ? { method, accountHolder, routingNumber, accountNumber }
      : method === 'paypal'
        ? { method, email }
        : { method },
  )
  .pipe(PayoutInput);
export type PayoutDraft = z.input<typeof PayoutForm>;

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

export const TrackingBody = z.object({ carrier: Carrier, trackingNumber: TrackingNumber }).strict();
export type TrackingBody = z.infer<typeof TrackingBody>;
