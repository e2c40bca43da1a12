import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';

/** A secret to hand out (a session, a mailed link, a challenge); only its hash is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

/** A mailed link that still works: this token and purpose, not used, not expired. */
export const liveToken = (token: string, purpose: TokenPurpose) =>
  and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
  );

/**
 * Marks a live token used and returns its account (and, for an e-mail change, the new address);
 * null when unknown, used or expired.
 */
export async function consumeToken(token: string, purpose: TokenPurpose, tx: Db | Tx) {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(liveToken(token, purpose))
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  return row ?? null;
}

/** Ends every link or challenge of these purposes that the account has not used yet. */
export async function endOpenTokens(userId: string, purposes: TokenPurpose[], tx: Db | Tx) {
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        inArray(authTokens.purpose, purposes),
        isNull(authTokens.usedAt),
      ),
    );
}
