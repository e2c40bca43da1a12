import { z } from 'zod';
import { SecondFactorCode } from './auth.js';
import { endpoint } from './endpoint.js';
import { MAX_DOLLARS, typedDollars } from './money.js';
import { PageFields, queryInteger } from './query.js';
import { PayoutDetailsResponse } from './submissions/answers.js';
import { BankPayoutInput, PaypalPayoutInput } from './submissions/collector-inputs.js';

/*
 * Withdrawals (docs/withdrawals.md): a collector takes withdrawable cash out of the wallet to a
 * saved PayPal address or bank account; staff pay it by hand or reject it.
 */

/** The smallest withdrawal, in dollars. */
export const WITHDRAWAL_MIN = 10;
/** Cash from a card top-up is withdrawable this many days after it (the card network's dispute window). */
export const TOP_UP_HOLD_DAYS = 7;
/** How long staff take to pay a withdrawal. */
export const WITHDRAWAL_PAYOUT_BUSINESS_DAYS = 2;
export const WITHDRAWAL_PAYOUT_TIME_TEXT = `Paid within ${WITHDRAWAL_PAYOUT_BUSINESS_DAYS} business days, with no fee.`;

const id = z.uuid({ message: 'must be a valid id' });

/** Where a withdrawal is paid to: a bank account or a PayPal address. */
export const NewPayoutMethodBody = z.discriminatedUnion('method', [
  BankPayoutInput,
  PaypalPayoutInput,
]);
export type NewPayoutMethodBody = z.infer<typeof NewPayoutMethodBody>;
export const WITHDRAWAL_METHODS = ['bank', 'paypal'] as const;
export const WithdrawalMethod = z.enum(WITHDRAWAL_METHODS);
export type WithdrawalMethod = z.infer<typeof WithdrawalMethod>;

/** A saved payout method as its owner and staff see it: masked, never in full. */
export const SavedPayoutMethod = z.object({
  _id: z.string(),
  method: WithdrawalMethod,
  masked: z.string(),
  createdAt: z.iso.datetime(),
});
export type SavedPayoutMethod = z.infer<typeof SavedPayoutMethod>;

export const WithdrawBody = z.strictObject({
  amount: typedDollars(WITHDRAWAL_MIN, MAX_DOLLARS),
  payoutMethodId: id,
  /** A current two-factor code when two-factor sign-in is on. */
  totpCode: SecondFactorCode.optional(),
});
export type WithdrawBody = z.infer<typeof WithdrawBody>;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  rejected: 'Rejected',
};

export const Withdrawal = z.object({
  _id: z.string(),
  amount: z.number(),
  status: WithdrawalStatus,
  payoutMethod: z.object({ method: WithdrawalMethod, masked: z.string() }),
  /** The bank or PayPal payment's reference, once paid. */
  reference: z.string().nullable(),
  /** Why staff rejected it (the amount went back to cash). */
  rejectReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The end of the promised payout time: 2 business days after the request. */
  payBy: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const WithdrawalsResponse = z.object({
  withdrawals: z.array(Withdrawal),
  payoutMethods: z.array(SavedPayoutMethod),
});
export type WithdrawalsResponse = z.infer<typeof WithdrawalsResponse>;

export const AdminWithdrawal = Withdrawal.extend({
  user: z.object({ _id: z.string(), email: z.string(), username: z.string() }),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

export const AdminWithdrawalsQuery = z.object({
  status: WithdrawalStatus.default('pending'),
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(20),
});
export const AdminWithdrawalsResponse = z.object({
  withdrawals: z.array(AdminWithdrawal),
  ...PageFields,
});
export type AdminWithdrawalsResponse = z.infer<typeof AdminWithdrawalsResponse>;

export const WithdrawalIdParams = z.object({ withdrawalId: id });

/** The full details staff pay to, as the sell flow's (each look is audited). */
export const WithdrawalPayoutDetails = PayoutDetailsResponse.extend({ method: WithdrawalMethod });
export type WithdrawalPayoutDetails = z.infer<typeof WithdrawalPayoutDetails>;

export const PayWithdrawalBody = z.strictObject({
  reference: z
    .string()
    .trim()
    .min(3, 'Enter the reference of the bank or PayPal payment you made')
    .max(100),
});
export type PayWithdrawalBody = z.infer<typeof PayWithdrawalBody>;
export const RejectWithdrawalBody = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, for the collector').max(500),
});
export type RejectWithdrawalBody = z.infer<typeof RejectWithdrawalBody>;

const tags = ['wallet', 'withdrawals'];
const staffTags = ['admin', 'withdrawals'];

export const withdrawalEndpoints = {
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/withdrawals',
    operationId: 'listMyWithdrawals',
    summary: "The caller's withdrawals, newest first, and saved payout methods",
    tags,
    guard: 'authenticated',
    response: WithdrawalsResponse,
  }),
  addPayoutMethod: endpoint({
    method: 'POST',
    path: '/api/withdrawals/payout-methods',
    operationId: 'addPayoutMethod',
    summary: 'Save a bank account or PayPal address to withdraw to (kept sealed, shown masked)',
    tags,
    guard: 'authenticated',
    body: NewPayoutMethodBody,
    status: 201,
    response: SavedPayoutMethod,
    errors: [409],
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/withdrawals',
    operationId: 'withdraw',
    summary: 'Withdraw withdrawable cash (at least $10) to a saved payout method; no fee',
    tags,
    guard: 'authenticated',
    idempotent: true,
    body: WithdrawBody,
    status: 201,
    response: Withdrawal,
    rateLimited: true,
    errors: [404],
  }),
  adminWithdrawals: endpoint({
    method: 'GET',
    path: '/api/admin/withdrawals',
    operationId: 'adminWithdrawals',
    summary: 'The withdrawals queue: pending (oldest first), paid or rejected (newest first)',
    tags: staffTags,
    guard: 'admin',
    query: AdminWithdrawalsQuery,
    response: AdminWithdrawalsResponse,
  }),
  adminWithdrawalPayoutDetails: endpoint({
    method: 'GET',
    path: '/api/admin/withdrawals/:withdrawalId/payout-details',
    operationId: 'adminWithdrawalPayoutDetails',
    summary: 'The full payout details of a withdrawal, to pay it by hand (audited)',
    tags: staffTags,
    guard: 'admin',
    params: WithdrawalIdParams,
    response: WithdrawalPayoutDetails,
  }),
  adminPayWithdrawal: endpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:withdrawalId/pay',
    operationId: 'adminPayWithdrawal',
    summary: 'Record a withdrawal as paid by hand, with the payment reference',
    tags: staffTags,
    guard: 'admin',
    params: WithdrawalIdParams,
    body: PayWithdrawalBody,
    response: AdminWithdrawal,
    errors: [409],
  }),
  adminRejectWithdrawal: endpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:withdrawalId/reject',
    operationId: 'adminRejectWithdrawal',
    summary: 'Reject a withdrawal with a reason: the amount returns to cash',
    tags: staffTags,
    guard: 'admin',
    params: WithdrawalIdParams,
    body: RejectWithdrawalBody,
    response: AdminWithdrawal,
    errors: [409],
  }),
} as const;
