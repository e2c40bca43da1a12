import { useMutation } from '@tanstack/react-query';
import { type ForgotPasswordRequest, type ResetPasswordRequest } from '@grail/contract';
import { authEndpoints, emailChangeEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** Asks for a reset link: the same answer whether or not the account exists. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordRequest) => callApi(authEndpoints.forgotPassword, { body }),
  });

/** A new password from a mailed link (does not sign in). */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) => callApi(authEndpoints.resetPassword, { body }),
  });

/**
 * Confirms the e-mail address. A visitor (the link opened in another browser) first gets an
 * anonymous CSRF token from the session reset, since verify-email is CSRF-checked.
 */
export const useVerifyEmail = () =>
  useMutation({
    mutationFn: async ({ token, signedIn }: { token: string; signedIn: boolean }) => {
      if (!signedIn) await callApi(authEndpoints.sessionReset);
      return callApi(authEndpoints.verifyEmail, { body: { token } });
    },
  });

/** Opens the link of an e-mail change; a visitor first gets an anonymous CSRF token, as above. */
export const useConfirmEmailChange = () =>
  useMutation({
    mutationFn: async ({ token, signedIn }: { token: string; signedIn: boolean }) => {
      if (!signedIn) await callApi(authEndpoints.sessionReset);
      return callApi(emailChangeEndpoints.confirmEmailChange, { body: { token } });
    },
  });
