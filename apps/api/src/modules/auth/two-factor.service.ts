import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@grail/contract';
import type { Db } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { securityNotice } from '../notifications/security.view.js';
import type { UsersService } from '../users/users.service.js';
import type { SessionUser } from './sessions.service.js';
import { hashToken } from './auth-tokens.js';
import { verifyPassword } from './passwords.rules.js';
import { LIMITS, type RateLimitService } from './rate-limits.service.js';
import { isTotpCodeShape, matchTotpStep, newTotpSecret, type SecretBox } from './totp.js';

export const INVALID_CODE = 'Invalid or already used code';

/** A 6-digit code is a TOTP; anything else is read as a recovery code (dashes and case ignored). */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Two-factor authentication: set-up, turning it on and off, and checking a code (a TOTP code or
 * a recovery code) wherever one is asked for: the sign-in step, and selling.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      secretBox: SecretBox;
      rateLimits: RateLimitService;
      /** The accounts, where the TOTP secret and steps are kept. */
      users: Pick<
        UsersService,
        'recordTotpStep' | 'setPendingTotpSecret' | 'enableTotp' | 'disableTotp'
      >;
      /** The collector's security notices (two-factor on or off, a recovery code used). */
      notifications: Pick<NotificationsService, 'notify'>;
    },
  ) {}

  /**
   * True when `code` is a TOTP code of a step later than the last one accepted (recorded now,
   * atomically, so a replay or a race loses), or one of the user's unused recovery codes.
   * Public: selling (accepting an offer, changing payout details) asks for a code the same way.
   */
  async acceptSecondFactor(user: SessionUser, code: string): Promise<boolean> {
    if (!user.totpSecretEnc) return false;
    if (isTotpCodeShape(code)) {
      const step = matchTotpStep(this.deps.secretBox.open(user.totpSecretEnc), code);
      if (step === null) return false;
      return this.deps.users.recordTotpStep(user.id, step);
    }
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, user.id),
            eq(recoveryCodes.codeHash, hashToken(normalizeRecoveryCode(code))),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      if (!used.length) return false;
      const [left] = await tx
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
      await this.deps.notifications.notify(
        tx,
        user.id,
        securityNotice.recoveryCodeUsed(left?.n ?? 0),
      );
      return true;
    });
  }

  /**
   * With two-factor sign-in on, a current code (or a recovery code) is needed before a sensitive
   * step (accepting an offer, changing payout details, withdrawing): 400 naming `totpCode`
   * otherwise. Wrong codes count against the account's two-factor failures, the budget the
   * sign-in step uses.
   */
  async requireSecondFactor(user: SessionUser, code: string | undefined): Promise<void> {
    if (!user.totpEnabledAt) return;
    if (!code) {
      throw badRequest('Enter the current code from your authenticator app.', {
        field: 'totpCode',
        totpRequired: true,
      });
    }
    const taken = await this.deps.rateLimits.take([LIMITS.totpFailuresPerAccount, user.id]);
    if (await this.acceptSecondFactor(user, code)) {
      await taken.refund();
      return;
    }
    throw badRequest('That code is not right. Check your authenticator app and try again.', {
      field: 'totpCode',
      totpRequired: true,
    });
  }

  /** A new secret, stored (encrypted) but not enabled until a code from it is confirmed. */
  async totpSetup(user: SessionUser) {
    if (user.totpEnabledAt) throw conflict('Two-factor authentication is already on.');
    const setup = await newTotpSecret(user.email);
    await this.deps.users.setPendingTotpSecret(user.id, this.deps.secretBox.seal(setup.secret));
    return setup;
  }

  /** Confirms the pending secret with a code; answers the recovery codes once. */
  async totpEnable(user: SessionUser, code: string) {
    if (user.totpEnabledAt) throw conflict('Two-factor authentication is already on.');
    if (!user.totpSecretEnc) throw badRequest('Start two-factor set-up first.');
    const step = matchTotpStep(this.deps.secretBox.open(user.totpSecretEnc), code);
    if (step === null)
      throw badRequest('That code is not right. Check your authenticator app and try again.', {
        field: 'code',
      });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const updated = await this.db.transaction(async (tx) => {
      const row = await this.deps.users.enableTotp(user.id, step, tx);
      if (!row) throw conflict('Two-factor authentication is already on.');
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tx
        .insert(recoveryCodes)
        .values(
          codes.map((c) => ({ userId: user.id, codeHash: hashToken(normalizeRecoveryCode(c)) })),
        );
      await this.deps.notifications.notify(tx, user.id, securityNotice.twoFactor(true));
      return row;
    });
    return { recoveryCodes: codes, user: updated };
  }

  /**
   * Turning two-factor off needs the password and a current code (or a recovery code). Wrong
   * passwords count against the account's re-entered-password limit and wrong codes against its
   * code limit, the same one sign-in codes use.
   */
  async totpDisable(user: SessionUser, password: string, code: string) {
    if (!user.totpEnabledAt) throw badRequest('Two-factor authentication is not on.');
    const passwordTry = await this.deps.rateLimits.take([LIMITS.reauthFailuresPerAccount, user.id]);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw badRequest('Your password is not right.', { field: 'password' });
    await passwordTry.refund();
    const codeTry = await this.deps.rateLimits.take([LIMITS.totpFailuresPerAccount, user.id]);
    if (!(await this.acceptSecondFactor(user, code)))
      throw badRequest(INVALID_CODE, { field: 'code' });
    await codeTry.refund();
    return this.db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await this.deps.notifications.notify(tx, user.id, securityNotice.twoFactor(false));
      return this.deps.users.disableTotp(user.id, tx);
    });
  }
}
