import {
  COOLING_OFF_HOURS,
  LIMIT_WINDOW_LABELS,
  LIMIT_WINDOWS,
  type LimitWindow,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@grail/contract';

/*
 * The rules of responsible play as pure functions of the stored state and the time: no database,
 * no clock of their own, so every window and cooling-off can be tested at any instant.
 */

export type LimitKind = 'spending' | 'deposit';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const COOLING_OFF_MS = COOLING_OFF_HOURS * HOUR;

export const WINDOW_MS: Record<LimitWindow, number> = {
  '24h': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
};

const TIME_OUT_MS: Record<TimeOutPeriod, number> = {
  '24h': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '6w': 42 * DAY,
};

/** The stored limit of one kind and window. */
export interface StoredLimit {
  window: LimitWindow;
  amountCents: number | null;
  pendingAmountCents: number | null;
  pendingEffectiveAt: Date | null;
}

/** The limit as it stands at `now`: a pending change whose cooling-off has passed is in force. */
export function limitAt(stored: StoredLimit | undefined, now: Date) {
  if (!stored) return { amountCents: null, pending: null };
  if (stored.pendingEffectiveAt && stored.pendingEffectiveAt <= now)
    return { amountCents: stored.pendingAmountCents, pending: null };
  return {
    amountCents: stored.amountCents,
    pending: stored.pendingEffectiveAt
      ? { amountCents: stored.pendingAmountCents, effectiveAt: stored.pendingEffectiveAt }
      : null,
  };
}

/**
 * What a requested limit (null: none) does to the one in force: a new or lower limit applies at
 * once and drops any pending change; a higher one, or a removal, waits out the cooling-off; the
 * same amount as in force just drops a pending change.
 */
export function requestLimit(
  stored: StoredLimit | undefined,
  requestedCents: number | null,
  now: Date,
): Omit<StoredLimit, 'window'> {
  const { amountCents: current, pending } = limitAt(stored, now);
  // Asking again for the change already waiting keeps its date: saving twice does not restart it.
  if (pending && pending.amountCents === requestedCents)
    return {
      amountCents: current,
      pendingAmountCents: pending.amountCents,
      pendingEffectiveAt: pending.effectiveAt,
    };
  const tighter = requestedCents !== null && (current === null || requestedCents <= current);
  if (tighter || requestedCents === current)
    return { amountCents: requestedCents, pendingAmountCents: null, pendingEffectiveAt: null };
  return {
    amountCents: current,
    pendingAmountCents: requestedCents,
    pendingEffectiveAt: new Date(now.getTime() + COOLING_OFF_MS),
  };
}

/** What one window of a kind counts: the amounts (cents) and when each was made. */
export interface Counted {
  amountCents: number;
  at: Date;
}

export interface WindowState {
  window: LimitWindow;
  limitCents: number | null;
  usedCents: number;
  remainingCents: number | null;
  /** When the oldest amount counted leaves the window. */
  resetsAt: Date | null;
  pending: { amountCents: number | null; effectiveAt: Date } | null;
}

/** Each window's limit, use and what is left at `now`, from the amounts of the last 30 days. */
export function windowsAt(stored: StoredLimit[], counted: Counted[], now: Date): WindowState[] {
  return LIMIT_WINDOWS.map((window) => {
    const from = now.getTime() - WINDOW_MS[window];
    const inWindow = counted.filter((c) => c.at.getTime() > from);
    const usedCents = inWindow.reduce((sum, c) => sum + c.amountCents, 0);
    const oldest = inWindow.reduce<Date | null>((o, c) => (!o || c.at < o ? c.at : o), null);
    const { amountCents, pending } = limitAt(
      stored.find((s) => s.window === window),
      now,
    );
    return {
      window,
      limitCents: amountCents,
      usedCents,
      remainingCents: amountCents === null ? null : Math.max(0, amountCents - usedCents),
      resetsAt: oldest ? new Date(oldest.getTime() + WINDOW_MS[window]) : null,
      pending,
    };
  });
}

/** The window an amount would pass, the one with the least left; undefined when all allow it. */
export function windowPassed(windows: WindowState[], amountCents: number) {
  return windows
    .filter((w) => w.remainingCents !== null && amountCents > w.remainingCents)
    .sort((a, b) => a.remainingCents! - b.remainingCents!)[0];
}

export const timeOutEnd = (period: TimeOutPeriod, now: Date) =>
  new Date(now.getTime() + TIME_OUT_MS[period]);

/** The end of a self-exclusion period: the same day of the month, months or years later. */
export function selfExclusionEnd(period: SelfExclusionPeriod, now: Date): Date {
  const end = new Date(now);
  if (period === '6m') end.setUTCMonth(end.getUTCMonth() + 6);
  else end.setUTCFullYear(end.getUTCFullYear() + (period === '1y' ? 1 : 5));
  return end;
}

export interface StoredControls {
  timeOutUntil: Date | null;
  selfExcludedUntil: Date | null;
  selfExclusionEndsAt: Date | null;
  realityCheckMinutes: number | null;
}

export const timedOut = (c: StoredControls | undefined, now: Date) =>
  Boolean(c?.timeOutUntil && c.timeOutUntil > now);

/** Self-excluded until the period has passed and an end request has then taken effect. */
export const selfExcluded = (c: StoredControls | undefined, now: Date) =>
  Boolean(c?.selfExcludedUntil && !(c.selfExclusionEndsAt && c.selfExclusionEndsAt <= now));

export const windowLabel = (window: LimitWindow) => LIMIT_WINDOW_LABELS[window];
