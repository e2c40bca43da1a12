import { caseKeys } from '@/lib/api/activeCase';

/** The Grail Machine pages' own case queries, under the shared root of public case data. */
export const grailMachineKeys = {
  list: () => [...caseKeys.all, 'list'] as const,
  detail: (caseId: string) => [...caseKeys.all, 'detail', caseId] as const,
  fairness: (caseId: string) => [...caseKeys.all, 'fairness', caseId] as const,
  checklist: (caseId: string) => [...caseKeys.all, 'checklist', caseId] as const,
};
