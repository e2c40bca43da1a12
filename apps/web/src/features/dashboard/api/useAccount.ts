import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authPaths,
  type MessageResponse,
  type PasswordChangeRequest,
  type SessionListResponse,
  type TotpDisableRequest,
  type UserResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

const sessionsKey = ['account', 'sessions'] as const;

/** POST /api/auth/verify-email/resend: a fresh verification link by email. */
export const useResendVerification = () =>
  useMutation({
    mutationFn: () => apiRequest<MessageResponse>(authPaths.verifyEmailResend, { method: 'POST' }),
  });

/** PUT /api/users/me/password: signs the other sessions out on the server. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      apiRequest<MessageResponse>(authPaths.password, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST /api/auth/totp/disable: needs the password and a current code. */
export const useDisableTotp = () =>
  useMutation({
    mutationFn: (body: TotpDisableRequest) =>
      apiRequest<UserResponse>(authPaths.totpDisable, { method: 'POST', body }),
  });

/** GET /api/users/me/sessions: where this account is signed in. */
export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiRequest<SessionListResponse>(authPaths.sessions, { signal }),
  });

/** DELETE /api/users/me/sessions/{id}: signs one other device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(authPaths.session(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
