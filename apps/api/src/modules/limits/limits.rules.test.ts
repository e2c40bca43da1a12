import { describe, expect, it } from 'vitest';
import {
  limitAt,
  requestLimit,
  selfExcluded,
  selfExclusionEnd,
  timeOutEnd,
  windowPassed,
  windowsAt,
  type StoredLimit,
} from './limits.rules.js';

const T0 = new Date('2026-11-25T12:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const limit = (window: StoredLimit['window'], amountCents: number): StoredLimit => ({
  window,
  amountCents,
  pendingAmountCents: null,
  pendingEffectiveAt: null,
});

describe('limit windows (rolling)', () => {
  const limits = [limit('24h', 5_000), limit('7d', 20_000), limit('30d', 50_000)];
  const spent = [
    { amountCents: 4_000, at: at(-20 * 24) },
    { amountCents: 10_000, at: at(-5 * 24) },
    { amountCents: 3_000, at: at(-2) },
  ];

  it('counts in each window only what was spent within it', () => {
    const w = windowsAt(limits, spent, T0);
    expect(w.map((x) => [x.window, x.usedCents, x.remainingCents])).toEqual([
      ['24h', 3_000, 2_000],
      ['7d', 13_000, 7_000],
      ['30d', 17_000, 33_000],
    ]);
    // Each window frees its oldest amount when that amount is one window old.
    expect(w.map((x) => x.resetsAt)).toEqual([at(22), at(2 * 24), at(10 * 24)]);
  });

  it('the 24-hour window empties 24 hours after the last purchase', () => {
    expect(windowsAt(limits, spent, at(21.99))[0]!.usedCents).toBe(3_000);
    expect(windowsAt(limits, spent, at(22))[0]!.usedCents).toBe(0);
  });

  it('the 7-day window lets go of a purchase exactly 7 days after it', () => {
    expect(windowsAt(limits, spent, at(2 * 24 - 0.01))[1]!.usedCents).toBe(13_000);
    expect(windowsAt(limits, spent, at(2 * 24))[1]!.usedCents).toBe(3_000);
  });

  it('the 30-day window lets go of a purchase exactly 30 days after it', () => {
    expect(windowsAt(limits, spent, at(10 * 24 - 0.01))[2]!.usedCents).toBe(17_000);
    expect(windowsAt(limits, spent, at(10 * 24))[2]!.usedCents).toBe(13_000);
  });

  it('the window with the least left is the one an amount passes', () => {
    const w = windowsAt(limits, spent, T0);
    expect(windowPassed(w, 2_000)).toBeUndefined();
    expect(windowPassed(w, 2_001)!.window).toBe('24h');
    const weekTight = windowsAt([limit('7d', 14_000), limit('30d', 17_500)], spent, T0);
    expect(windowPassed(weekTight, 1_001)!.window).toBe('30d');
    expect(windowPassed(weekTight, 501)!.window).toBe('30d');
    expect(windowPassed(weekTight, 500)).toBeUndefined();
  });

  it('no limit: nothing is passed, whatever was spent', () => {
    const w = windowsAt([], spent, T0);
    expect(w.every((x) => x.remainingCents === null)).toBe(true);
    expect(windowPassed(w, 10_000_000)).toBeUndefined();
  });
});

describe('cooling-off', () => {
  it('a first limit and a decrease apply at once', () => {
    const first = requestLimit(undefined, 5_000, T0);
    expect(first).toEqual({
      amountCents: 5_000,
      pendingAmountCents: null,
      pendingEffectiveAt: null,
    });
    const lower = requestLimit(limit('24h', 5_000), 3_000, T0);
    expect(lower.amountCents).toBe(3_000);
    expect(lower.pendingEffectiveAt).toBeNull();
  });

  it('an increase waits 24 hours, then applies', () => {
    const raised = { window: '24h' as const, ...requestLimit(limit('24h', 5_000), 9_000, T0) };
    expect(raised).toMatchObject({ amountCents: 5_000, pendingAmountCents: 9_000 });
    expect(raised.pendingEffectiveAt).toEqual(at(24));
    expect(limitAt(raised, at(23.99)).amountCents).toBe(5_000);
    expect(limitAt(raised, at(23.99)).pending).toEqual({ amountCents: 9_000, effectiveAt: at(24) });
    expect(limitAt(raised, at(24))).toEqual({ amountCents: 9_000, pending: null });
  });

  it('a removal waits 24 hours too', () => {
    const removed = { window: '7d' as const, ...requestLimit(limit('7d', 5_000), null, T0) };
    expect(limitAt(removed, at(1)).amountCents).toBe(5_000);
    expect(limitAt(removed, at(24)).amountCents).toBeNull();
  });

  it('a decrease during a pending increase applies at once and drops it', () => {
    const raised = { window: '24h' as const, ...requestLimit(limit('24h', 5_000), 9_000, T0) };
    const lowered = requestLimit(raised, 4_000, at(1));
    expect(lowered).toEqual({
      amountCents: 4_000,
      pendingAmountCents: null,
      pendingEffectiveAt: null,
    });
  });

  it('asking again for a pending increase keeps its date', () => {
    const raised = { window: '24h' as const, ...requestLimit(limit('24h', 5_000), 9_000, T0) };
    expect(requestLimit(raised, 9_000, at(5)).pendingEffectiveAt).toEqual(at(24));
    const removed = { window: '24h' as const, ...requestLimit(limit('24h', 5_000), null, T0) };
    expect(requestLimit(removed, null, at(5)).pendingEffectiveAt).toEqual(at(24));
  });

  it('asking for the limit in force cancels a pending increase', () => {
    const raised = { window: '24h' as const, ...requestLimit(limit('24h', 5_000), 9_000, T0) };
    expect(requestLimit(raised, 5_000, at(1)).pendingEffectiveAt).toBeNull();
  });
});

describe('time-outs and self-exclusion periods', () => {
  it('time-outs last 24 hours, 7 days, 30 days or 6 weeks', () => {
    expect(timeOutEnd('24h', T0)).toEqual(at(24));
    expect(timeOutEnd('7d', T0)).toEqual(at(7 * 24));
    expect(timeOutEnd('30d', T0)).toEqual(at(30 * 24));
    expect(timeOutEnd('6w', T0)).toEqual(at(42 * 24));
  });

  it('self-exclusion lasts 6 months, 1 year or 5 years, to the calendar day', () => {
    expect(selfExclusionEnd('6m', T0).toISOString()).toBe('2027-05-25T12:00:00.000Z');
    expect(selfExclusionEnd('1y', T0).toISOString()).toBe('2027-11-25T12:00:00.000Z');
    expect(selfExclusionEnd('5y', T0).toISOString()).toBe('2031-11-25T12:00:00.000Z');
  });

  it('self-exclusion lasts past its period until an end request takes effect', () => {
    const c = {
      timeOutUntil: null,
      selfExcludedUntil: at(10),
      selfExclusionEndsAt: null,
      realityCheckMinutes: null,
    };
    expect(selfExcluded(c, at(1))).toBe(true);
    expect(selfExcluded(c, at(1000))).toBe(true);
    const ending = { ...c, selfExclusionEndsAt: at(1000 + 24) };
    expect(selfExcluded(ending, at(1000 + 23))).toBe(true);
    expect(selfExcluded(ending, at(1000 + 24))).toBe(false);
  });
});
