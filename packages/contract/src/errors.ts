import { z } from 'zod';

/**
 * Why a request was refused (a 403), so a client can link to what applies: the profile for
 * `email_unverified` and `profile_incomplete`, the Limits tab for the limits, two-factor set-up
 * for `two_factor_required` (every staff endpoint until two-factor is on).
 */
export const REFUSAL_REASONS = [
  'email_unverified',
  'profile_incomplete',
  'spending_limit',
  'deposit_limit',
  'time_out',
  'self_excluded',
  'two_factor_required',
] as const;
export const RefusalReason = z.enum(REFUSAL_REASONS);
export type RefusalReason = z.infer<typeof RefusalReason>;

/** Every non-2xx answer of the API has this body (ARCHITECTURE.md, "Errors"). */
export const ErrorBody = z.object({
  message: z.string(),
  error: z.string(),
  /** Set on a refused purchase or top-up, and on a staff endpoint before two-factor is on. */
  reason: RefusalReason.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
