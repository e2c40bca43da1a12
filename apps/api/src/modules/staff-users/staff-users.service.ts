import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  type RoleBody,
  type StaffUserDetail,
  type StaffUserSearchResponse,
  type StaffUserSummary,
  type WalletAdjustmentBody,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { readTogether } from '../../db/reads.js';
import { rawStatement } from '../../db/statements.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { pullStatusOf } from '../grail/pull.view.js';
import { holdingsOfPulls } from '../vault/vault.reads.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { recentLedgerEntries } from '../wallet/wallet.reads.js';
import { recentOrdersOf } from '../orders/orders.reads.js';
import { recentPullsOf } from '../grail/grail.reads.js';
import { cardNamesAndFmv } from '../inventory/inventory.reads.js';
import { activeSessionsOf } from '../auth/auth.reads.js';
import type { UsersService } from '../users/users.service.js';
import { otherActiveAdmins, searchUsers, userById, type UserRow } from '../users/users.reads.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';

const PAGE_SIZE = 25;
const DETAIL_ROWS = 50;

/** Role and disable commands take this lock, so they run one at a time. */
const lockStaffRoles = rawStatement(
  'staff_users.lock',
  () => sql`select pg_advisory_xact_lock(hashtextextended('staff-roles', 0))`,
);

const summary = (u: UserRow): StaffUserSummary => ({
  _id: u.id,
  email: u.email,
  username: u.username,
  role: u.role,
  disabledAt: u.disabledAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

/**
 * Staff work on collectors' accounts: find, inspect, adjust a wallet, disable, change role. Each
 * command is one transaction with its audit record, and no command leaves the site without an
 * administrator who can sign in.
 */
export class StaffUsersService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      users: Pick<UsersService, 'setRole' | 'setDisabled'>;
      sessions: SessionsService;
      audit: Pick<AuditService, 'record'>;
      notifications: Pick<NotificationsService, 'notify'>;
    },
  ) {}

  async search(q: string, page: number): Promise<StaffUserSearchResponse> {
    const { rows, total } = await searchUsers(this.db, q, (page - 1) * PAGE_SIZE, PAGE_SIZE);
    return { users: rows.map(summary), total, page, limit: PAGE_SIZE };
  }

  async detail(userId: string, tx: Db | Tx = this.db): Promise<StaffUserDetail> {
    const user = await this.find(userId, tx);
    const [balance, ledger, orderRows, pullRows, sessionRows] = await readTogether(tx === this.db, [
      () => this.deps.wallet.balance(userId, tx),
      () => recentLedgerEntries(tx, userId, DETAIL_ROWS),
      () => recentOrdersOf(tx, userId, DETAIL_ROWS),
      () => recentPullsOf(tx, userId, DETAIL_ROWS),
      () => activeSessionsOf(tx, userId),
    ]);
    const held = await holdingsOfPulls(
      tx,
      pullRows.map((p) => p.id),
    );
    const nameOf = new Map(
      (
        await cardNamesAndFmv(
          tx,
          pullRows.map((p) => p.cardId),
        )
      ).map((c) => [c.id, c.name]),
    );
    return {
      user: summary(user),
      balance: centsToDollars(balance),
      ledger,
      orders: orderRows.map((o) => ({
        _id: o.id,
        status: o.status,
        total: centsToDollars(o.totalCents),
        items: o.items,
        createdAt: o.createdAt.toISOString(),
      })),
      pulls: pullRows.map((pull) => ({
        _id: pull.id,
        cardName: nameOf.get(pull.cardId)!,
        status: pullStatusOf(held.get(pull.id)?.state ?? 'in_vault'),
        price: centsToDollars(pull.priceCents),
        fmv: centsToDollars(pull.fmvCents),
        pulledAt: pull.pulledAt.toISOString(),
      })),
      sessions: sessionRows.map((s) => ({
        _id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
    };
  }

  /** One ledger entry of kind 'adjustment', credit or debit; a debit never takes the wallet below zero. */
  async adjustWallet(
    actorId: string,
    userId: string,
    body: WalletAdjustmentBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<StaffUserDetail>> {
    // Money a staff member could spend themselves needs a second person.
    if (actorId === userId) throw conflict('You cannot adjust your own wallet.');
    const cents = dollarsToCents(body.amount);
    const request = { userId, body };
    return runIdempotent(
      this.db,
      { userId: actorId, scope: 'wallet-adjust', key: idempotencyKey, request },
      async (tx) => {
        await this.find(userId, tx);
        const before = await this.deps.wallet.balance(userId, tx);
        const ref = {
          kind: 'adjustment' as const,
          refType: 'staff_adjustment',
          refId: randomUUID(),
          description: body.reason,
        };
        let after: number;
        try {
          after =
            cents > 0
              ? await this.deps.wallet.credit(
                  userId,
                  cents,
                  ref,
                  tx,
                  body.storeCredit ? 'credit' : 'cash',
                )
              : await this.deps.wallet.debit(userId, -cents, ref, tx);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 402)
            throw conflict(
              `The wallet holds ${centsToDollars(before).toFixed(2)} dollars: an adjustment cannot take it below zero.`,
            );
          throw err;
        }
        await this.deps.audit.record(
          {
            actorId,
            action: 'wallet.adjust',
            subjectType: 'user',
            subjectId: userId,
            before: { balance: centsToDollars(before) },
            after: {
              balance: centsToDollars(after),
              amount: body.amount,
              reason: body.reason,
              ...(body.storeCredit ? { storeCredit: true } : {}),
            },
          },
          tx,
        );
        const part = cents > 0 && body.storeCredit ? 'store credit' : 'cash';
        await this.deps.notifications.notify(tx, userId, {
          category: 'money',
          kind: 'wallet.adjusted',
          title: `${cents > 0 ? 'We added' : 'We took'} ${formatCents(Math.abs(cents))} ${cents > 0 ? 'to' : 'from'} your wallet`,
          body: `A ${part} adjustment by our staff: ${body.reason}`,
          link: '/dashboard?tab=wallet',
          subject: { type: 'wallet_adjustment', id: ref.refId },
        });
        return this.detail(userId, tx);
      },
    );
  }

  /** Disabling ends every session of the account at once; a disabled account cannot sign in. */
  async setDisabled(actorId: string, userId: string, disabled: boolean) {
    if (disabled && actorId === userId) throw conflict('You cannot disable your own account.');
    return this.db.transaction(async (tx) => {
      await this.lockStaff(tx);
      const user = await this.find(userId, tx);
      if (Boolean(user.disabledAt) === disabled) return this.detail(userId, tx);
      if (disabled && user.role === 'admin') await this.keepAnAdmin(userId, tx);
      await this.deps.users.setDisabled(userId, disabled, tx);
      if (disabled) await this.deps.sessions.revokeCredentials(userId, undefined, tx);
      await this.deps.audit.record(
        {
          actorId,
          action: disabled ? 'user.disable' : 'user.enable',
          subjectType: 'user',
          subjectId: userId,
          before: { disabled: !disabled },
          after: { disabled },
        },
        tx,
      );
      return this.detail(userId, tx);
    });
  }

  async setRole(actorId: string, userId: string, { role }: RoleBody) {
    return this.db.transaction(async (tx) => {
      await this.lockStaff(tx);
      const user = await this.find(userId, tx);
      if (user.role === role) return this.detail(userId, tx);
      if (role === 'user') await this.keepAnAdmin(userId, tx);
      if (role === 'admin' && !user.emailVerifiedAt)
        throw conflict('Only an account with a verified e-mail address can become an admin.');
      await this.deps.users.setRole(userId, role, tx);
      // Rights gained or lost apply from the next sign-in, so nothing issued before outlives them.
      await this.deps.sessions.revokeCredentials(userId, undefined, tx);
      await this.deps.audit.record(
        {
          actorId,
          action: 'user.role',
          subjectType: 'user',
          subjectId: userId,
          before: { role: user.role },
          after: { role },
        },
        tx,
      );
      return this.detail(userId, tx);
    });
  }

  private async find(userId: string, tx: Db | Tx) {
    const user = await userById(tx, userId);
    if (!user) throw notFound('No account with this id.');
    return user;
  }

  /** Role and disable commands run one at a time, so two of them cannot each remove "another" admin. */
  private async lockStaff(tx: Tx) {
    await tx.execute(lockStaffRoles());
  }

  /** Refuses when `userId` is the last admin who can sign in. */
  private async keepAnAdmin(userId: string, tx: Tx) {
    if (!(await otherActiveAdmins(tx, userId)))
      throw conflict('This is the last admin: make another account admin first.');
  }
}
