import { useMutation } from '@tanstack/react-query';
import {
  authPaths,
  type CsrfMessageResponse,
  type ForgotPasswordRequest,
  type MessageResponse,
  type ResetPasswordRequest,
  type UserResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiRequest<MessageResponse>(authPaths.forgotPassword, { method: 'POST', body }),
  });

/** POST /api/auth/reset-password: a new password from a mailed link (does not sign in). */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest<MessageResponse>(authPaths.resetPassword, { method: 'POST', body }),
  });

/**
 * POST /api/auth/verify-email. A visitor (the link opened in another browser) first gets an
 * anonymous CSRF token from the session reset, since verify-email is CSRF-checked.
 */
export const useVerifyEmail = () =>
  useMutation({
    mutationFn: async ({ token, signedIn }: { token: string; signedIn: boolean }) => {
      if (!signedIn) {
        await apiRequest<CsrfMessageResponse>(authPaths.sessionReset, { method: 'POST' });
      }
      return apiRequest<UserResponse>(authPaths.verifyEmail, { method: 'POST', body: { token } });
    },
  });
