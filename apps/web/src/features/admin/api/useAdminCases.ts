import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  grailPaths,
  type AdminCaseResponse,
  type AvailableCardsResponse,
  type CaseInput,
  type CaseSummary,
  type CaseUpdate,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

const keys = {
  cases: ['admin', 'grail-cases'] as const,
  case: (id: string) => ['admin', 'grail-cases', id] as const,
  available: ['admin', 'grail-cases', 'available-cards'] as const,
};

export function useAdminCases() {
  return useQuery({
    queryKey: keys.cases,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ cases: CaseSummary[] }>(grailPaths.adminCases, { signal })).cases,
  });
}

export function useAdminCase(id: string | null) {
  return useQuery({
    queryKey: keys.case(id ?? ''),
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminCaseResponse>(grailPaths.adminCase(id!), { signal })).case,
    enabled: Boolean(id),
  });
}

export function useAvailableCards(enabled: boolean) {
  return useQuery({
    queryKey: keys.available,
    queryFn: async ({ signal }) =>
      (await apiRequest<AvailableCardsResponse>(grailPaths.adminAvailableCards, { signal })).cards,
    enabled,
  });
}

/** Every case command answers the updated case; the lists are refreshed after each. */
export function useCaseCommands() {
  const queryClient = useQueryClient();
  const done = (data?: AdminCaseResponse) => {
    if (data) queryClient.setQueryData(keys.case(data.case.caseId), data.case);
    void queryClient.invalidateQueries({ queryKey: keys.cases });
    void queryClient.invalidateQueries({ queryKey: keys.available });
    void queryClient.invalidateQueries({ queryKey: ['grail-cases'] });
  };
  const post = (path: string, body: unknown = {}) =>
    apiRequest<AdminCaseResponse>(path, { method: 'POST', body });
  return {
    create: useMutation({
      mutationFn: (input: CaseInput) => post(grailPaths.adminCases, input),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: CaseUpdate }) =>
        apiRequest<AdminCaseResponse>(grailPaths.adminCase(id), { method: 'PATCH', body: patch }),
      onSuccess: done,
    }),
    addCards: useMutation({
      mutationFn: ({ id, cardIds }: { id: string; cardIds: string[] }) =>
        post(grailPaths.adminCaseCards(id), { cardIds }),
      onSuccess: done,
    }),
    removeCard: useMutation({
      mutationFn: ({ id, cardId }: { id: string; cardId: string }) =>
        apiRequest<AdminCaseResponse>(grailPaths.adminCaseCard(id, cardId), { method: 'DELETE' }),
      onSuccess: done,
    }),
    goLive: useMutation({
      mutationFn: (id: string) => post(grailPaths.adminGoLive(id)),
      onSuccess: done,
    }),
    close: useMutation({
      mutationFn: (id: string) => post(grailPaths.adminClose(id)),
      onSuccess: done,
    }),
  };
}
