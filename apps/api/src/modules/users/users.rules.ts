import type { RefusalReason } from '@grail/contract';
import { forbidden } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';

export const isProfileComplete = (user: SessionUser) =>
  Boolean(user.dateOfBirth && user.shippingAddress && user.termsAcceptedAt && user.displayName);

/** Buying (store orders, Grail packs) needs a verified e-mail and a complete 18+ profile. */
export function assertCanPurchase(user: SessionUser): void {
  if (!user.emailVerifiedAt) {
    throw forbidden('Please verify your email address before buying.', 'Email not verified', {
      reason: 'email_unverified' satisfies RefusalReason,
    });
  }
  if (!isProfileComplete(user)) {
    throw forbidden(
      'Please complete your profile (name, date of birth, shipping address and terms) before buying.',
      'Profile incomplete',
      { reason: 'profile_incomplete' satisfies RefusalReason },
    );
  }
}
