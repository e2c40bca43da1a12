import { describe, expect, it } from 'vitest';
import { grailStatus } from './grailStatus';

const now = new Date('2026-11-22T12:00:00Z');
const settled = (data: Parameters<typeof grailStatus>[0]['data']) => ({
  isPending: false,
  isError: false,
  data,
});

describe('Grail Machine status on the home page', () => {
  it('is loading until the status call settles', () => {
    expect(grailStatus({ isPending: true, isError: false }, now)).toEqual({ kind: 'loading' });
  });

  it('is active with a case, a pack price above 0 and no activation time or a past one', () => {
    const active = { kind: 'active', upcoming: false };
    expect(
      grailStatus(settled({ caseId: 'c1', packPrice: 25, activationTime: null }), now),
    ).toEqual(active);
    expect(
      grailStatus(
        settled({ caseId: 'c1', packPrice: 25, activationTime: '2026-11-22T11:59:59Z' }),
        now,
      ),
    ).toEqual(active);
  });

  it('is active (upcoming) when the activation time is in the future', () => {
    expect(
      grailStatus(
        settled({ caseId: 'c1', packPrice: 25, activationTime: '2026-11-22T18:00:00Z' }),
        now,
      ),
    ).toEqual({ kind: 'active', upcoming: true, opensAt: new Date('2026-11-22T18:00:00Z') });
  });

  it('is inactive without an error for no case (404) or a pack price of 0', () => {
    const inactive = { kind: 'inactive', failed: false };
    expect(grailStatus(settled(null), now)).toEqual(inactive);
    expect(grailStatus(settled({ caseId: 'c1', packPrice: 0, activationTime: null }), now)).toEqual(
      inactive,
    );
  });

  it('is inactive with an error for any other failure', () => {
    expect(grailStatus({ isPending: false, isError: true }, now)).toEqual({
      kind: 'inactive',
      failed: true,
    });
  });
});
