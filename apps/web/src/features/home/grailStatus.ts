import type { ActiveCaseResponse } from '@grail/contract';

/** What the home page's status reads of the active case. */
export type ActiveGrailCase = Pick<ActiveCaseResponse, 'caseId' | 'packPrice' | 'activationTime'>;

export type GrailStatus =
  | { kind: 'loading' }
  | { kind: 'active'; upcoming: false }
  | { kind: 'active'; upcoming: true; opensAt: Date }
  | { kind: 'inactive'; failed: boolean };

/**
 * Active when a case exists with a pack price above 0 and no activation time in the
 * future; a case whose activation time is still ahead shows as active (upcoming); a 404 (null
 * here) is inactive without an error, any other failure is inactive with one.
 */
export function grailStatus(
  query: { isPending: boolean; isError: boolean; data?: ActiveGrailCase | null },
  now: Date,
): GrailStatus {
  if (query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'inactive', failed: true };
  const current = query.data;
  if (!current?.caseId) return { kind: 'inactive', failed: false };
  const opensAt = current.activationTime ? new Date(current.activationTime) : null;
  if (opensAt && opensAt.getTime() > now.getTime())
    return { kind: 'active', upcoming: true, opensAt };
  if (current.packPrice > 0) return { kind: 'active', upcoming: false };
  return { kind: 'inactive', failed: false };
}
