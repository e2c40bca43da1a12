import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateSubmissionBody } from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { submissionKeys } from '@/lib/api/submissions';

/** Submits the cards; the new submission is put in the cache and every list refreshes. */
export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateSubmissionBody) =>
      (await callApi(submissionEndpoints.createSubmission, { body })).submission,
    onSuccess: async (submission) => {
      queryClient.setQueryData(submissionKeys.detail(submission._id), submission);
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    },
  });
}
