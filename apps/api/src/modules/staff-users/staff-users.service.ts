import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  type RoleBody,
  type StaffUserDetail,
  type StaffUserSearchResponse,
  type StaffUserSummary,
  type WalletAdjustmentBody,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  cards,
  orderItems,
  orders,
  pulls,
  sessions,
  users,
  walletLedger,
} from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';

const PAGE_SIZE = 25;
const DETAIL_ROWS = 50;

type UserRow = typeof users.$inferSelect;

const summary = (u: UserRow): StaffUserSummary => ({
  _id: u.id,
  email: u.email,
  username: u.username,
  role: u.role,
  disabledAt: u.disabledAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

/** LIKE wildcards typed by staff are matched literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
      sessions: SessionsService;
      audit: Pick<AuditService, 'record'>;
    },
  ) {}

  async search(q: string, page: number): Promise<StaffUserSearchResponse> {
    const pattern = `%${likeEscape(q)}%`;
    const where = q ? or(ilike(users.email, pattern), ilike(users.username, pattern)) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { users: rows.map(summary), total: total?.n ?? 0, page, limit: PAGE_SIZE };
  }

  async detail(userId: string, tx: Db | Tx = this.db): Promise<StaffUserDetail> {
    const user = await this.find(userId, tx);
    const [balance, ledger, orderRows, pullRows, sessionRows] = await Promise.all([
      this.deps.wallet.balance(userId, tx),
      tx
        .select()
        .from(walletLedger)
        .where(eq(walletLedger.userId, userId))
        .orderBy(desc(walletLedger.id))
        .limit(DETAIL_ROWS),
      tx
        .select({
          id: orders.id,
          status: orders.status,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
          items: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(DETAIL_ROWS),
      tx
        .select({ pull: pulls, cardName: cards.name })
        .from(pulls)
        .innerJoin(cards, eq(cards.id, pulls.cardId))
        .where(eq(pulls.userId, userId))
        .orderBy(desc(pulls.pulledAt))
        .limit(DETAIL_ROWS),
      tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt)),
    ]);
    return {
      user: summary(user),
      balance: centsToDollars(balance),
      ledger: ledger.map((e) => ({
        _id: String(e.id),
        amount: centsToDollars(e.amountCents),
        balanceAfter: centsToDollars(e.balanceAfterCents),
        kind: e.kind,
        refType: e.refType,
        refId: e.refId,
        description: e.description,
        createdAt: e.createdAt.toISOString(),
      })),
      orders: orderRows.map((o) => ({
        _id: o.id,
        status: o.status,
        total: centsToDollars(o.totalCents),
        items: Number(o.items),
        createdAt: o.createdAt.toISOString(),
      })),
      pulls: pullRows.map(({ pull, cardName }) => ({
        _id: pull.id,
        cardName,
        status: pull.status,
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
              ? await this.deps.wallet.credit(userId, cents, ref, tx)
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
            after: { balance: centsToDollars(after), amount: body.amount, reason: body.reason },
          },
          tx,
        );
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
      await tx
        .update(users)
        .set({ disabledAt: disabled ? sql`now()` : null })
        .where(eq(users.id, userId));
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
      await tx.update(users).set({ role }).where(eq(users.id, userId));
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
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('No account with this id.');
    return user;
  }

  /** Role and disable commands run one at a time, so two of them cannot each remove "another" admin. */
  private async lockStaff(tx: Tx) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('staff-roles', 0))`);
  }

  /** Refuses when `userId` is the last admin who can sign in. */
  private async keepAnAdmin(userId: string, tx: Tx) {
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), sql`${users.id} <> ${userId}`));
    if (!others?.n) throw conflict('This is the last admin: make another account admin first.');
  }
}
