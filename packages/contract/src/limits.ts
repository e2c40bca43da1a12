import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dollarsBetween, MAX_DOLLARS } from './money.js';

/*
 * Responsible play (docs/responsible-play.md): spending and deposit limits over rolling windows,
 * time-outs, self-exclusion and the reality check. The server applies every rule; these are the
 * shapes and the choices a collector has.
 */

export const LIMIT_WINDOWS = ['24h', '7d', '30d'] as const;
export const LimitWindow = z.enum(LIMIT_WINDOWS);
export type LimitWindow = z.infer<typeof LimitWindow>;
export const LIMIT_WINDOW_LABELS: Record<LimitWindow, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
};

export const TIME_OUT_PERIODS = ['24h', '7d', '30d', '6w'] as const;
export const TimeOutPeriod = z.enum(TIME_OUT_PERIODS);
export type TimeOutPeriod = z.infer<typeof TimeOutPeriod>;
export const TIME_OUT_LABELS: Record<TimeOutPeriod, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6w': '6 weeks',
};

export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y'] as const;
export const SelfExclusionPeriod = z.enum(SELF_EXCLUSION_PERIODS);
export type SelfExclusionPeriod = z.infer<typeof SelfExclusionPeriod>;
export const SELF_EXCLUSION_LABELS: Record<SelfExclusionPeriod, string> = {
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

export const REALITY_CHECK_MINUTES = [30, 60, 120] as const;
export const RealityCheckMinutes = z.union([z.literal(30), z.literal(60), z.literal(120)]);
export type RealityCheckMinutes = z.infer<typeof RealityCheckMinutes>;

/** How long an increase or removal of a limit, or the end of a self-exclusion, waits. */
export const COOLING_OFF_HOURS = 24;

/** One window of a spending or deposit limit, in dollars. */
export const LimitWindowState = z.object({
  window: LimitWindow,
  /** The limit in force; null when none is set. */
  amount: z.number().nullable(),
  /** What this window counts so far. */
  used: z.number(),
  /** What may still be spent (or deposited) in this window; null without a limit. */
  remaining: z.number().nullable(),
  /** When the oldest amount counted leaves the window (and more becomes available). */
  resetsAt: z.iso.datetime().nullable(),
  /** An increase or removal waiting out the cooling-off: `amount` null removes the limit. */
  pending: z.object({ amount: z.number().nullable(), effectiveAt: z.iso.datetime() }).nullable(),
});
export type LimitWindowState = z.infer<typeof LimitWindowState>;

export const LimitsResponse = z.object({
  spending: z.array(LimitWindowState),
  deposit: z.array(LimitWindowState),
  /** The end of a running time-out. */
  timeOutUntil: z.iso.datetime().nullable(),
  selfExclusion: z
    .object({
      /** The end of the chosen period; the exclusion lasts until an end request takes effect. */
      until: z.iso.datetime(),
      /** When a request to end it takes effect (24 hours after the request). */
      endEffectiveAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  realityCheckMinutes: RealityCheckMinutes.nullable(),
  /** Packs, break spots and store orders of the last 30 days, in dollars. */
  spentLast30Days: z.number(),
  /** False during a time-out or self-exclusion. */
  canPurchase: z.boolean(),
});
export type LimitsResponse = z.infer<typeof LimitsResponse>;

const LimitAmount = dollarsBetween(1, MAX_DOLLARS).nullable().optional();
/** Per window: an amount sets it, null removes it, absent leaves it as it is. */
export const SetLimitsBody = z.strictObject({
  '24h': LimitAmount,
  '7d': LimitAmount,
  '30d': LimitAmount,
});
export type SetLimitsBody = z.infer<typeof SetLimitsBody>;

export const TimeOutBody = z.strictObject({ period: TimeOutPeriod });
export type TimeOutBody = z.infer<typeof TimeOutBody>;
export const SelfExclusionBody = z.strictObject({ period: SelfExclusionPeriod });
export type SelfExclusionBody = z.infer<typeof SelfExclusionBody>;
export const RealityCheckBody = z.strictObject({ minutes: RealityCheckMinutes.nullable() });
export type RealityCheckBody = z.infer<typeof RealityCheckBody>;

/** The reality check's session: from when the browser says the session started (at most 24 h ago). */
export const PlaySessionQuery = z.strictObject({
  since: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
});
export const PlaySessionResponse = z.object({
  since: z.iso.datetime(),
  /** Packs and break spots bought, in dollars. */
  bought: z.number(),
  /** Sell-back credits, in dollars. */
  soldBack: z.number(),
  /** bought − soldBack. */
  net: z.number(),
});
export type PlaySessionResponse = z.infer<typeof PlaySessionResponse>;

export const LimitsUserIdParams = z.object({ userId: z.uuid({ message: 'must be a valid id' }) });

const limits = ['limits'];

export const limitEndpoints = {
  limits: endpoint({
    method: 'GET',
    path: '/api/limits',
    operationId: 'getLimits',
    summary: "The caller's limits, time-out, self-exclusion, reality check and 30-day spend",
    tags: limits,
    guard: 'authenticated',
    response: LimitsResponse,
  }),
  setSpendingLimits: endpoint({
    method: 'PUT',
    path: '/api/limits/spending',
    operationId: 'setSpendingLimits',
    summary: 'Set spending limits: a decrease applies at once, an increase after 24 hours',
    tags: limits,
    guard: 'authenticated',
    body: SetLimitsBody,
    response: LimitsResponse,
  }),
  setDepositLimits: endpoint({
    method: 'PUT',
    path: '/api/limits/deposit',
    operationId: 'setDepositLimits',
    summary: 'Set deposit limits: a decrease applies at once, an increase after 24 hours',
    tags: limits,
    guard: 'authenticated',
    body: SetLimitsBody,
    response: LimitsResponse,
  }),
  startTimeOut: endpoint({
    method: 'POST',
    path: '/api/limits/time-out',
    operationId: 'startTimeOut',
    summary: 'Start a time-out: no purchases or top-ups until it ends; it cannot be undone',
    tags: limits,
    guard: 'authenticated',
    body: TimeOutBody,
    response: LimitsResponse,
  }),
  selfExclude: endpoint({
    method: 'POST',
    path: '/api/limits/self-exclusion',
    operationId: 'selfExclude',
    summary: 'Self-exclude: purchases, top-ups, sell-backs for profit and marketing e-mail stop',
    tags: limits,
    guard: 'authenticated',
    body: SelfExclusionBody,
    response: LimitsResponse,
  }),
  endSelfExclusion: endpoint({
    method: 'POST',
    path: '/api/limits/self-exclusion/end',
    operationId: 'requestSelfExclusionEnd',
    summary: 'Ask to end a self-exclusion whose period has passed: it ends 24 hours later',
    tags: limits,
    guard: 'authenticated',
    response: LimitsResponse,
    errors: [409],
  }),
  setRealityCheck: endpoint({
    method: 'PUT',
    path: '/api/limits/reality-check',
    operationId: 'setRealityCheck',
    summary: 'Choose the reality check interval (minutes of activity), or turn it off',
    tags: limits,
    guard: 'authenticated',
    body: RealityCheckBody,
    response: LimitsResponse,
  }),
  playSession: endpoint({
    method: 'GET',
    path: '/api/limits/session',
    operationId: 'getPlaySession',
    summary: 'Packs and spots bought minus sell-backs since the session started',
    tags: limits,
    guard: 'authenticated',
    query: PlaySessionQuery,
    response: PlaySessionResponse,
  }),
  adminUserLimits: endpoint({
    method: 'GET',
    path: '/api/admin/users/:userId/limits',
    operationId: 'adminGetUserLimits',
    summary: "A collector's limits and exclusions, read-only (staff cannot lift them)",
    tags: limits,
    guard: 'admin',
    params: LimitsUserIdParams,
    response: LimitsResponse,
  }),
} as const;
