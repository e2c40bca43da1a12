import { z } from 'zod';
import { LedgerEntry } from './commerce.js';
import { endpoint } from './endpoint.js';
import { MAX_DOLLARS, isWholeCents } from './money.js';
import { PageFields, queryInteger } from './query.js';

export const StaffUserRole = z.enum(['user', 'admin']);
export type StaffUserRole = z.infer<typeof StaffUserRole>;

export const StaffUserSummary = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  role: StaffUserRole,
  /** When staff disabled the account; null while it may sign in. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUserSummary = z.infer<typeof StaffUserSummary>;

export const StaffUserSearchQuery = z.object({
  /** Part of an e-mail address or username; empty lists the newest accounts. */
  q: z.string().trim().max(200).default(''),
  page: queryInteger(1, 100_000).default(1),
});
export const StaffUserSearchResponse = z.object({
  users: z.array(StaffUserSummary),
  ...PageFields,
});
export type StaffUserSearchResponse = z.infer<typeof StaffUserSearchResponse>;

export const StaffUserOrder = z.object({
  _id: z.string(),
  status: z.string(),
  total: z.number(),
  items: z.number().int(),
  createdAt: z.string(),
});
export const StaffUserPull = z.object({
  _id: z.string(),
  cardName: z.string(),
  status: z.string(),
  price: z.number(),
  fmv: z.number(),
  pulledAt: z.string(),
});
export const StaffUserSession = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** One account as staff see it: the newest 50 ledger entries, orders and pulls, and live sessions. */
export const StaffUserDetail = z.object({
  user: StaffUserSummary,
  balance: z.number(),
  ledger: z.array(LedgerEntry),
  orders: z.array(StaffUserOrder),
  pulls: z.array(StaffUserPull),
  sessions: z.array(StaffUserSession),
});
export type StaffUserDetail = z.infer<typeof StaffUserDetail>;

export const StaffUserParams = z.object({ userId: z.uuid({ message: 'must be a valid id' }) });

export const WalletAdjustmentBody = z.object({
  /** Signed dollars: a credit is positive, a debit negative; never zero. */
  amount: z
    .number({ message: 'must be a number of dollars' })
    .min(-MAX_DOLLARS, `must be at least -${MAX_DOLLARS}`)
    .max(MAX_DOLLARS, `must be at most ${MAX_DOLLARS}`)
    .refine(isWholeCents, 'must have at most 2 decimals')
    .refine((v) => v !== 0, 'must not be zero'),
  reason: z.string().trim().min(3, 'must be at least 3 characters').max(200),
  /** A credit as store credit (goodwill: spent first, never withdrawn) rather than cash. */
  storeCredit: z.boolean().default(false),
});
export type WalletAdjustmentBody = z.infer<typeof WalletAdjustmentBody>;

export const AccountStatusBody = z.object({ disabled: z.boolean() });
export type AccountStatusBody = z.infer<typeof AccountStatusBody>;
export const RoleBody = z.object({ role: StaffUserRole });
export type RoleBody = z.infer<typeof RoleBody>;

const tags = ['admin', 'users'];

export const staffUserEndpoints = {
  adminUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    operationId: 'adminSearchUsers',
    summary: 'Find accounts by e-mail or username',
    tags,
    guard: 'admin',
    query: StaffUserSearchQuery,
    response: StaffUserSearchResponse,
  }),
  adminUser: endpoint({
    method: 'GET',
    path: '/api/admin/users/:userId',
    operationId: 'adminUser',
    summary: "An account's wallet, orders, pulls and sessions",
    tags,
    guard: 'admin',
    params: StaffUserParams,
    response: StaffUserDetail,
  }),
  adminAdjustWallet: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/wallet-adjustments',
    operationId: 'adminAdjustWallet',
    summary: 'Credit or debit a wallet with a reason (one ledger entry); never your own',
    tags,
    guard: 'admin',
    idempotent: true,
    params: StaffUserParams,
    body: WalletAdjustmentBody,
    response: StaffUserDetail,
    errors: [409],
  }),
  adminSetAccountStatus: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/status',
    operationId: 'adminSetAccountStatus',
    summary: 'Disable (ending its sessions) or re-enable an account',
    tags,
    guard: 'admin',
    params: StaffUserParams,
    body: AccountStatusBody,
    response: StaffUserDetail,
    errors: [409],
  }),
  adminSetRole: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/role',
    operationId: 'adminSetRole',
    summary: "Change an account's role; the last admin keeps theirs",
    tags,
    guard: 'admin',
    params: StaffUserParams,
    body: RoleBody,
    response: StaffUserDetail,
    errors: [409],
  }),
} as const;
