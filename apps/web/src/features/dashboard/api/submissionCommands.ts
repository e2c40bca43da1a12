import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangePayoutBody, type Submission, type TrackingBody } from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { submissionKeys } from '@/lib/api/submissions';

type Command =
  | { kind: 'accept'; totpCode?: string }
  | { kind: 'decline' }
  | { kind: 'cancel' }
  | { kind: 'tracking'; body: TrackingBody }
  | { kind: 'payout'; body: ChangePayoutBody };

async function run(id: string, command: Command): Promise<Submission> {
  const params = { id };
  switch (command.kind) {
    case 'accept':
      return (
        await callApi(submissionEndpoints.acceptOffer, {
          params,
          body: command.totpCode ? { totpCode: command.totpCode } : {},
        })
      ).submission;
    case 'decline':
      return (await callApi(submissionEndpoints.declineOffer, { params })).submission;
    case 'cancel':
      return (await callApi(submissionEndpoints.cancelSubmission, { params })).submission;
    case 'tracking':
      return (await callApi(submissionEndpoints.setTracking, { params, body: command.body }))
        .submission;
    case 'payout':
      return (await callApi(submissionEndpoints.changePayout, { params, body: command.body }))
        .submission;
  }
}

/**
 * What a collector may do to their own submission: accept or decline the offer, cancel before
 * shipping, add the tracking number, change the payout. The answer replaces the cached
 * submission and the lists refresh.
 */
export function useSubmissionCommand(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: Command) => run(id, command),
    onSuccess: async (submission) => {
      queryClient.setQueryData(submissionKeys.detail(id), submission);
      await queryClient.invalidateQueries({ queryKey: submissionKeys.list() });
    },
  });
}
