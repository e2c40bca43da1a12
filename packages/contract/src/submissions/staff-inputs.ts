import { z } from 'zod';
import { PositiveDollars } from '../money.js';
import { PayoutMethod } from './collector-inputs.js';
import { Carrier, TrackingNumber } from './fields.js';
import { CERT_FORMATS } from './graders.js';
import { OfferDollars, SUBMISSION_MAX_CARDS, SubmissionStatus } from './statuses.js';

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
