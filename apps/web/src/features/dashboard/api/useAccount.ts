import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmailChangeRequest,
  type PasswordChangeRequest,
  type SessionInfo,
  type TotpDisableRequest,
} from '@grail/contract';
import { authEndpoints, emailChangeEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** Keys of the signed-in person's own account data. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

/** Where this account is signed in, the current session marked. */
export async function getMySessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return (await callApi(authEndpoints.sessions, { signal })).sessions;
}

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => getMySessions(signal),
  });

export const useSessions = () => useQuery(mySessionsQueryOptions());

/** A fresh verification link by e-mail. */
export const useResendVerification = () =>
  useMutation({
    mutationFn: () => callApi(authEndpoints.verifyEmailResend),
  });

/** Changes the password; the server signs the other sessions out, so the list is re-read. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) => callApi(authEndpoints.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** Mails a confirmation link to the new address; nothing changes until it is opened. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (body: EmailChangeRequest) =>
      callApi(emailChangeEndpoints.requestEmailChange, { body }),
  });

/** Turns two-factor sign-in off; needs the password and a current code. */
export const useDisableTotp = () =>
  useMutation({
    mutationFn: (body: TotpDisableRequest) => callApi(authEndpoints.totpDisable, { body }),
  });

/** Signs one other device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(authEndpoints.revokeSession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
