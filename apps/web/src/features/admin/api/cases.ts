import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminCaseResponse, type CaseInput, type CaseUpdate } from '@grail/contract';
import { grailEndpoints } from '@/lib/api/endpoints';
import { caseKeys } from '@/lib/api/activeCase';
import { callApi } from '@/lib/api/callApi';

const adminCaseKeys = {
  all: ['admin', 'grail-cases'] as const,
  list: () => [...adminCaseKeys.all, 'list'] as const,
  detail: (id: string) => [...adminCaseKeys.all, 'detail', id] as const,
  available: () => [...adminCaseKeys.all, 'available-cards'] as const,
};

export function useAdminCases() {
  return useQuery({
    queryKey: adminCaseKeys.list(),
    queryFn: async ({ signal }) => (await callApi(grailEndpoints.adminCases, { signal })).cases,
  });
}

export function useAdminCase(id: string | null) {
  return useQuery({
    queryKey: adminCaseKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(grailEndpoints.adminCase, { params: { id: id! }, signal })).case,
    enabled: Boolean(id),
  });
}

export function useAvailableCards(enabled: boolean) {
  return useQuery({
    queryKey: adminCaseKeys.available(),
    queryFn: async ({ signal }) =>
      (await callApi(grailEndpoints.adminAvailableCards, { signal })).cards,
    enabled,
  });
}

/**
 * Every case command answers the updated case, which replaces the cached one; the staff lists and
 * every public view of the cases (active case, recent pulls, case pages) are refreshed after each.
 */
export function useCaseCommands() {
  const queryClient = useQueryClient();
  const done = (data: AdminCaseResponse) => {
    queryClient.setQueryData(adminCaseKeys.detail(data.case.caseId), data.case);
    void queryClient.invalidateQueries({ queryKey: adminCaseKeys.all });
    void queryClient.invalidateQueries({ queryKey: caseKeys.all });
  };
  return {
    create: useMutation({
      mutationFn: (input: CaseInput) => callApi(grailEndpoints.adminCreateCase, { body: input }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: CaseUpdate }) =>
        callApi(grailEndpoints.adminUpdateCase, { params: { id }, body: patch }),
      onSuccess: done,
    }),
    addCards: useMutation({
      mutationFn: ({ id, cardIds }: { id: string; cardIds: string[] }) =>
        callApi(grailEndpoints.adminAddCaseCards, { params: { id }, body: { cardIds } }),
      onSuccess: done,
    }),
    removeCard: useMutation({
      mutationFn: ({ id, cardId }: { id: string; cardId: string }) =>
        callApi(grailEndpoints.adminRemoveCaseCard, { params: { id, cardId } }),
      onSuccess: done,
    }),
    goLive: useMutation({
      mutationFn: (id: string) => callApi(grailEndpoints.adminGoLive, { params: { id } }),
      onSuccess: done,
    }),
    close: useMutation({
      mutationFn: (id: string) => callApi(grailEndpoints.adminClose, { params: { id } }),
      onSuccess: done,
    }),
  };
}
