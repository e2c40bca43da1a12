import { caseKeys } from '@/lib/api/activeCase';

/** The Grail Machine pages' own case queries, under the shared root of public case data. */
export const grailMachineKeys = {
  list: () => [...caseKeys.all, 'list'] as const,
  detail: (caseId: string) => [...caseKeys.all, 'detail', caseId] as const,
  fairness: (caseId: string) => [...caseKeys.all, 'fairness', caseId] as const,
  checklist: (caseId: string) => [...caseKeys.all, 'checklist', caseId] as const,
  /** The waiting room, as the signed-in collector (or a visitor) sees it. */
  drop: (caseId: string) => [...caseKeys.all, 'drop', caseId] as const,
  dropOrder: (caseId: string) => [...caseKeys.all, 'drop-order', caseId] as const,
};
