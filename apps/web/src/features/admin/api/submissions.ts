import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddToInventoryBody,
  type AdminSubmission,
  type AdminSubmissionsQuery,
  type OfferBody,
  type PayBody,
  type ReturnBody,
  type SubmissionStatus,
} from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** Keys of the staff's submission queue; every command invalidates `adminSubmissionKeys.all`. */
export const adminSubmissionKeys = {
  all: ['admin', 'submissions'] as const,
  queue: (query: AdminSubmissionsQuery) => [...adminSubmissionKeys.all, 'queue', query] as const,
  detail: (id: string) => [...adminSubmissionKeys.all, 'detail', id] as const,
};

/** The review queue, oldest first, one status or all. */
export function useSubmissionQueue(status: SubmissionStatus | undefined, page = 1) {
  const query: AdminSubmissionsQuery = { ...(status ? { status } : {}), page, limit: 25 };
  return useQuery({
    queryKey: adminSubmissionKeys.queue(query),
    queryFn: ({ signal }) => callApi(submissionEndpoints.adminSubmissions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSubmission(id: string | null) {
  return useQuery({
    queryKey: adminSubmissionKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(submissionEndpoints.adminSubmission, { params: { id: id! }, signal }))
        .submission,
    enabled: Boolean(id),
  });
}

/** The full payout details: fetched only when staff ask (each look is audited), never cached. */
export function usePayoutDetails() {
  return useMutation({
    mutationFn: (id: string) => callApi(submissionEndpoints.adminPayoutDetails, { params: { id } }),
  });
}

export type StaffCommand =
  | { kind: 'review' | 'receive' | 'verify' | 'cancel'; note: string | null }
  | { kind: 'offer' | 'adjust'; body: OfferBody }
  | { kind: 'pay'; body: PayBody; idempotencyKey: string }
  | { kind: 'return'; body: ReturnBody }
  | { kind: 'psa' }
  | { kind: 'inventory'; cardId: string; body: AddToInventoryBody };

async function run(id: string, c: StaffCommand): Promise<AdminSubmission> {
  const params = { id };
  const api = submissionEndpoints;
  switch (c.kind) {
    case 'review':
      return (await callApi(api.adminReview, { params, body: { note: c.note } })).submission;
    case 'receive':
      return (await callApi(api.adminReceive, { params, body: { note: c.note } })).submission;
    case 'verify':
      return (await callApi(api.adminVerify, { params, body: { note: c.note } })).submission;
    case 'cancel':
      return (await callApi(api.adminCancel, { params, body: { note: c.note } })).submission;
    case 'offer':
      return (await callApi(api.adminOffer, { params, body: c.body })).submission;
    case 'adjust':
      return (await callApi(api.adminAdjust, { params, body: c.body })).submission;
    case 'pay':
      return (
        await callApi(api.adminPay, { params, body: c.body, idempotencyKey: c.idempotencyKey })
      ).submission;
    case 'return':
      return (await callApi(api.adminReturn, { params, body: c.body })).submission;
    case 'psa':
      return (await callApi(api.adminPsaRefresh, { params })).submission;
    case 'inventory':
      return (
        await callApi(api.adminAddToInventory, {
          params: { id, cardId: c.cardId },
          body: c.body,
        })
      ).submission;
  }
}

/**
 * Every staff action on one submission; the answer replaces the cached one and the queue refreshes;
 * a refused one reloads the submission.
 */
export function useStaffCommand(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: StaffCommand) => run(id, command),
    onSuccess: async (submission) => {
      queryClient.setQueryData(adminSubmissionKeys.detail(id), submission);
      await queryClient.invalidateQueries({ queryKey: adminSubmissionKeys.all });
    },
    // A refusal (a payout method changed since, a status moved on) means what is shown is stale.
    onError: () => queryClient.invalidateQueries({ queryKey: adminSubmissionKeys.detail(id) }),
  });
}
