import { z } from 'zod';
import { endpoint } from './endpoint.js';
import {
  Email,
  MessageResponse,
  PASSWORD_MAX,
  SecondFactorCode,
  VerifyEmailRequest,
} from './auth.js';

/** Settings' "Change e-mail": the new address, proven by the current password (and code). */
export const EmailChangeRequest = z.object({
  newEmail: Email,
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  /** Needed when two-factor sign-in is on: a current code or a recovery code. */
  totpCode: SecondFactorCode.optional(),
});
export type EmailChangeRequest = z.infer<typeof EmailChangeRequest>;

/** The link mailed to the new address carries this token. */
export const EmailChangeConfirmRequest = VerifyEmailRequest;
export type EmailChangeConfirmRequest = z.infer<typeof EmailChangeConfirmRequest>;

/** Answered for a free address and a taken one alike: the form tells nobody who is registered. */
export const emailChangeSentMessage = (newEmail: string) =>
  `We have sent a confirmation link to ${newEmail}. Your address changes when you open it.`;
export const EMAIL_CHANGED_MESSAGE = 'Your e-mail address has been changed.';
export const EMAIL_CHANGE_LINK_INVALID =
  'This confirmation link is invalid, expired or already used. Nothing was changed.';
export const EMAIL_CHANGE_ADDRESS_TAKEN =
  'This e-mail address can no longer be used. Nothing was changed.';

export const emailChangeEndpoints = {
  requestEmailChange: endpoint({
    method: 'POST',
    path: '/api/users/me/email',
    operationId: 'requestEmailChange',
    summary: 'Mail a confirmation link to a new address (nothing changes until it is opened)',
    tags: ['users'],
    guard: 'authenticated',
    body: EmailChangeRequest,
    response: MessageResponse,
    rateLimited: true,
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/api/auth/confirm-email-change',
    operationId: 'confirmEmailChange',
    summary: 'Change the address with the token mailed to it (signed in or not)',
    tags: ['auth'],
    guard: 'public',
    body: EmailChangeConfirmRequest,
    response: MessageResponse,
    errors: [409],
  }),
} as const;
