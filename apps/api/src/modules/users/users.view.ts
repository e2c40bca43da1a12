import type { PublicUser } from '@grail/contract';
import type { SessionUser } from '../auth/sessions.service.js';
import { isProfileComplete } from './users.rules.js';

/**
 * A user row as the API shows it to that same user: no hashes, no secrets. Every module that
 * returns "the signed-in user" uses this so the shape stays the contract's PublicUser.
 */
export function toPublicUser(user: SessionUser): PublicUser {
  return {
    _id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    displayName: user.displayName,
    dateOfBirth: user.dateOfBirth,
    shippingAddress: user.shippingAddress ?? null,
    profileComplete: isProfileComplete(user),
    totpEnabled: user.totpEnabledAt !== null,
    theme: user.theme,
    clientSeed: user.clientSeed,
    pullsAnonymous: user.pullsAnonymous,
    createdAt: user.createdAt.toISOString(),
  };
}
