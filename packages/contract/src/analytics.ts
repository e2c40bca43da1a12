import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** The longest date range one analytics request covers. */
export const ANALYTICS_MAX_DAYS = 366;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-01-31')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(d);
  }, 'must be a real calendar date')
  .refine((d) => d >= '2000-01-01' && d < '2100-01-01', 'must be between 2000 and 2099');

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** Days in UTC, both ends included. */
export const AnalyticsQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { message: 'must not be after to', path: ['from'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < ANALYTICS_MAX_DAYS, {
    message: `must be at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/**
 * Dollars taken per UTC day: store orders, packs, break spots and shipping fees (each net of its
 * refunds), and top-ups paid in. A store order that ships now counts its fee in `store`.
 */
export const RevenueDay = z.object({
  day: z.string(),
  store: z.number(),
  packs: z.number(),
  breaks: z.number(),
  shipping: z.number(),
  topUps: z.number(),
});
export const CasePacks = z.object({
  caseId: z.string(),
  name: z.string(),
  packsSold: z.number().int(),
  packPrice: z.number(),
  /** The mean FMV of every card in the case. */
  expectedValue: z.number(),
});
export const Buyback = z.object({
  pulled: z.number().int(),
  soldBack: z.number().int(),
  /** soldBack / pulled; null when nothing was pulled. */
  rate: z.number().nullable(),
  /** Credit paid for the pulls sold back, and their FMV when pulled. */
  credit: z.number(),
  fmv: z.number(),
  /** credit / fmv; null when nothing was sold back. */
  creditToFmv: z.number().nullable(),
});
export const ComplianceWeek = z.object({
  /** The Monday (UTC) the week starts on. */
  week: z.string(),
  shipped: z.number().int(),
  onTime: z.number().int(),
  share: z.number().nullable(),
});
export const CollectorsDay = z.object({
  day: z.string(),
  /** Accounts created that day. */
  new: z.number().int(),
  /** Accounts with a wallet entry (a payment, top-up, sale or refund) that day. */
  active: z.number().int(),
});
export const AnalyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  revenue: z.array(RevenueDay),
  packsPerCase: z.array(CasePacks),
  buyback: Buyback,
  shippingCompliance: z.array(ComplianceWeek),
  collectors: z.array(CollectorsDay),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;

export const analyticsEndpoints = {
  adminAnalytics: endpoint({
    method: 'GET',
    path: '/api/admin/analytics',
    operationId: 'adminAnalytics',
    summary:
      'Revenue, packs per case, buyback, shipping compliance and collectors over a date range',
    tags: ['admin', 'analytics'],
    guard: 'admin',
    flag: 'ADVANCED_ANALYTICS',
    query: AnalyticsQuery,
    response: AnalyticsResponse,
  }),
} as const;
