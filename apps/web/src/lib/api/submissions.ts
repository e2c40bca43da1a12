import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Submission, type SubmissionPayment, type SubmissionSummary } from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from './callApi';

/**
 * Keys of the signed-in collector's submissions. Every one starts with `submissionKeys.all`: a new
 * submission (the sell form) or any change to one (the dashboard) invalidates that, and the list,
 * the open one and the payment history all refresh.
 */
export const submissionKeys = {
  all: ['submissions'] as const,
  list: () => [...submissionKeys.all, 'list'] as const,
  detail: (id: string) => [...submissionKeys.all, 'detail', id] as const,
  payments: () => [...submissionKeys.all, 'payments'] as const,
};

/** The collector's submissions, newest first. */
export async function getMySubmissions(signal?: AbortSignal): Promise<SubmissionSummary[]> {
  return (await callApi(submissionEndpoints.submissions, { signal })).submissions;
}

export async function getMySubmission(id: string, signal?: AbortSignal): Promise<Submission> {
  return (await callApi(submissionEndpoints.submission, { params: { id }, signal })).submission;
}

/** What the collector's submissions were paid, newest first. */
export async function getMyPayments(signal?: AbortSignal): Promise<SubmissionPayment[]> {
  return (await callApi(submissionEndpoints.paymentHistory, { signal })).payments;
}

export const mySubmissionsQueryOptions = () =>
  queryOptions({
    queryKey: submissionKeys.list(),
    queryFn: ({ signal }) => getMySubmissions(signal),
  });

export const mySubmissionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: submissionKeys.detail(id),
    queryFn: ({ signal }) => getMySubmission(id, signal),
  });

export const myPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: submissionKeys.payments(),
    queryFn: ({ signal }) => getMyPayments(signal),
  });

export const useMySubmissions = () => useQuery(mySubmissionsQueryOptions());
export const useMySubmission = (id: string) => useQuery(mySubmissionQueryOptions(id));
export const useMyPayments = () => useQuery(myPaymentsQueryOptions());
