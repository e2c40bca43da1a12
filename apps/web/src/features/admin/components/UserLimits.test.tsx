import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { LimitsResponse } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { renderWithProviders } from '@/test/providers';
import { resetRequestLayer } from '@/lib/api/client';
import { UserLimits } from './UserLimits';

const userId = '6f1c1a50-0000-4000-8000-000000000021';
const none = (window: '24h' | '7d' | '30d') => ({
  window,
  amount: null,
  used: 0,
  remaining: null,
  resetsAt: null,
  pending: null,
});
const state: LimitsResponse = {
  spending: [
    { ...none('24h'), amount: 50, used: 20, remaining: 30, resetsAt: '2026-11-26T10:00:00.000Z' },
    none('7d'),
    none('30d'),
  ],
  deposit: [
    none('24h'),
    {
      ...none('7d'),
      amount: 100,
      pending: { amount: 300, effectiveAt: '2026-11-26T12:00:00.000Z' },
    },
    none('30d'),
  ],
  timeOutUntil: null,
  selfExclusion: { until: '2027-05-25T12:00:00.000Z', endEffectiveAt: null },
  realityCheckMinutes: 60,
  spentLast30Days: 20,
  canPurchase: false,
};

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('staff view of a collector’s limits', () => {
  it(
    'shows limits, pending changes and the exclusion, and offers nothing to lift them',
    { timeout: 30_000 },
    async () => {
      const { calls } = fakeFetch({ [`/api/admin/users/${userId}/limits`]: [{ body: state }] });
      renderWithProviders(<UserLimits userId={userId} />);
      expect(
        await screen.findByText(/Self-excluded: period until/, {}, { timeout: 20_000 }),
      ).toBeTruthy();
      expect(screen.getByText(/no end requested/)).toBeTruthy();
      expect(screen.getByText('$50.00')).toBeTruthy();
      expect(screen.getByText(/^\$300\.00 from /)).toBeTruthy();
      expect(screen.getByText(/every 60 minutes/)).toBeTruthy();
      expect(screen.queryAllByRole('button')).toHaveLength(0);
      expect(calls.every((c) => c.method === 'GET')).toBe(true);
    },
  );

  it('says when the limits cannot be loaded', { timeout: 30_000 }, async () => {
    fakeFetch({
      [`/api/admin/users/${userId}/limits`]: [
        { status: 404, body: { message: 'User not found', error: 'Not Found' } },
      ],
    });
    renderWithProviders(<UserLimits userId={userId} />);
    expect(
      await screen.findByText("Could not load this collector's limits.", {}, { timeout: 20_000 }),
    ).toBeTruthy();
  });
});
