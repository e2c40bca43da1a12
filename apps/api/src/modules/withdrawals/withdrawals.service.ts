import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  dollarsToCents,
  formatCents,
  WITHDRAWAL_PAYOUT_BUSINESS_DAYS,
  type AdminWithdrawal,
  type AdminWithdrawalsResponse,
  type NewPayoutMethodBody,
  type SavedPayoutMethod,
  type Withdrawal,
  type WithdrawalPayoutDetails,
  type WithdrawalStatus,
  type WithdrawalsResponse,
  type WithdrawBody,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { payoutMethods, withdrawals } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import {
  openPayoutDetails,
  payoutFingerprint,
  revealPayoutDetails,
  sealPayoutDetails,
} from '../../lib/payout-details.js';
import { SealedBox } from '../../lib/sealed-box.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { TwoFactorService } from '../auth/two-factor.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import { namesOf } from '../users/users.reads.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { payByOf } from './withdrawals.rules.js';
import { toWithdrawal, type WithdrawalRow } from './withdrawals.view.js';

/** Saved payout methods per collector: enough for a bank and a PayPal and a change or two. */
export const MAX_PAYOUT_METHODS = 10;

export interface WithdrawalsDeps {
  wallet: WalletService;
  notifications: Pick<NotificationsService, 'notify'>;
  audit: AuditService;
  secondFactor: Pick<TwoFactorService, 'requireSecondFactor'>;
  /** Seals bank and PayPal details (its own purpose of APP_SECRET). */
  payoutBox: SealedBox;
  /** Keys the payout fingerprint (lib/payout-details.ts). */
  appSecret: string;
}

/** The box withdrawals' payout details are sealed in. */
export const withdrawalPayoutBox = (appSecret: string) =>
  new SealedBox(appSecret, { salt: 'grail-withdrawal-payout', info: 'withdrawal-payout-v1' });

const noWithdrawal = () => notFound('Withdrawal not found.');
const dateWords = (d: Date) =>
  d.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Withdrawals: a collector takes withdrawable cash out of the wallet to a saved payout method;
 * the amount leaves the wallet at once (the wallet's ledger, kind 'withdrawal') and staff pay it
 * by hand or reject it (the amount returns to cash). Each step is one transaction.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly deps: WithdrawalsDeps,
  ) {}

  async mine(userId: string): Promise<WithdrawalsResponse> {
    const [rows, methods] = await Promise.all([
      this.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt))
        .limit(100),
      this.db
        .select()
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId))
        .orderBy(desc(payoutMethods.createdAt)),
    ]);
    return { withdrawals: rows.map(toWithdrawal), payoutMethods: methods.map(toSavedMethod) };
  }

  async addPayoutMethod(userId: string, body: NewPayoutMethodBody): Promise<SavedPayoutMethod> {
    return this.db.transaction(async (tx) => {
      // An abuse limit, not an invariant: two saves at the very same moment may both pass it.
      const [saved] = await tx
        .select({ n: count() })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId));
      if ((saved?.n ?? 0) >= MAX_PAYOUT_METHODS)
        throw conflict(`You can save at most ${MAX_PAYOUT_METHODS} payout methods.`);
      const { sealed, mask } = sealPayoutDetails(this.deps.payoutBox, body);
      const fingerprint = payoutFingerprint(this.deps.appSecret, body);
      const [row] = await tx
        .insert(payoutMethods)
        .values({ userId, method: body.method, detailsEnc: sealed, mask, fingerprint })
        .returning();
      return toSavedMethod(row!);
    });
  }

  /**
   * Withdraws withdrawable cash to one of the caller's payout methods: another collector's is 404
   * (looked up before a two-factor code is spent), more than is withdrawable 400 naming `amount`.
   * No fee: the amount asked for is the amount paid.
   */
  async withdraw(
    user: SessionUser,
    body: WithdrawBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<Withdrawal>> {
    const method = await this.ownMethod(user.id, body.payoutMethodId);
    await this.deps.secondFactor.requireSecondFactor(user, body.totpCode);
    const cents = dollarsToCents(body.amount);
    const request = { amount: body.amount, payoutMethodId: body.payoutMethodId };
    return runIdempotent(
      this.db,
      { userId: user.id, scope: 'withdrawal', key: idempotencyKey, request },
      async (tx) => {
        const id = randomUUID();
        await this.deps.wallet.withdraw(
          user.id,
          cents,
          {
            kind: 'withdrawal',
            refType: 'withdrawal',
            refId: id,
            description: `Withdrawal to ${method.mask}`,
          },
          tx,
        );
        const [row] = await tx
          .insert(withdrawals)
          .values({
            id,
            userId: user.id,
            amountCents: cents,
            payoutMethodId: method.id,
            method: method.method,
            detailsEnc: method.detailsEnc,
            mask: method.mask,
          })
          .returning();
        await this.deps.notifications.notify(tx, user.id, {
          category: 'money',
          kind: 'withdrawal.requested',
          title: `Your withdrawal of ${formatCents(cents)} is on its way`,
          body: `We received your withdrawal of ${formatCents(cents)} to ${method.mask}. It is paid within ${WITHDRAWAL_PAYOUT_BUSINESS_DAYS} business days (by ${dateWords(payByOf(row!.createdAt))}), with no fee.`,
          link: '/dashboard?tab=wallet',
          subject: { type: 'withdrawal', id },
        });
        return toWithdrawal(row!);
      },
    );
  }

  /** The queue: pending oldest first (the next to pay on top), decided ones newest first. */
  async queue(
    status: WithdrawalStatus,
    page: number,
    limit: number,
  ): Promise<AdminWithdrawalsResponse> {
    const order = status === 'pending' ? asc(withdrawals.createdAt) : desc(withdrawals.decidedAt);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.status, status))
        .orderBy(order, asc(withdrawals.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, status)),
    ]);
    return {
      withdrawals: await this.forStaff(rows, this.db),
      total: total?.n ?? 0,
      page,
      limit,
    };
  }

  /** The full payout details, for paying by hand; each look is in the audit log. */
  async payoutDetails(staff: SessionUser, id: string): Promise<WithdrawalPayoutDetails> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!row) throw noWithdrawal();
      await this.deps.audit.record(
        {
          actorId: staff.id,
          action: 'withdrawal.payout_details.view',
          subjectType: 'withdrawal',
          subjectId: id,
          after: { method: row.method },
        },
        tx,
      );
      const details = openPayoutDetails(this.deps.payoutBox, row.detailsEnc);
      return { method: row.method, ...revealPayoutDetails(details) };
    });
  }

  /** Records a withdrawal paid by hand with the payment's reference; a second decision is 409. */
  async pay(staff: SessionUser, id: string, reference: string): Promise<AdminWithdrawal> {
    return this.db.transaction(async (tx) => {
      const row = await this.decide(tx, id, {
        status: 'paid',
        reference,
        decidedBy: staff.id,
      });
      await this.recordAndMail(staff, row, tx, {
        subject: `Your withdrawal of ${formatCents(row.amountCents)} has been paid`,
        text: `We paid your withdrawal of ${formatCents(row.amountCents)} to ${row.mask}. The payment's reference is ${reference}.`,
      });
      return (await this.forStaff([row], tx))[0]!;
    });
  }

  /** Rejects a withdrawal with a reason: the amount returns to cash, exactly once. */
  async reject(staff: SessionUser, id: string, reason: string): Promise<AdminWithdrawal> {
    return this.db.transaction(async (tx) => {
      const row = await this.decide(tx, id, {
        status: 'rejected',
        rejectReason: reason,
        decidedBy: staff.id,
      });
      await this.deps.wallet.credit(
        row.userId,
        row.amountCents,
        {
          kind: 'refund',
          refType: 'withdrawal',
          refId: row.id,
          description: `Withdrawal rejected: ${reason}`,
        },
        tx,
      );
      await this.recordAndMail(staff, row, tx, {
        subject: `Your withdrawal of ${formatCents(row.amountCents)} was not paid`,
        text: `We could not pay your withdrawal of ${formatCents(row.amountCents)} to ${row.mask}: ${reason}\n\nThe amount is back in your wallet as cash.`,
      });
      return (await this.forStaff([row], tx))[0]!;
    });
  }

  /** The one move out of pending: a conditional UPDATE, so of two decisions only one lands. */
  private async decide(
    tx: Tx,
    id: string,
    set: Partial<Pick<WithdrawalRow, 'status' | 'reference' | 'rejectReason' | 'decidedBy'>>,
  ): Promise<WithdrawalRow> {
    const [row] = await tx
      .update(withdrawals)
      .set({ ...set, decidedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (row) return row;
    const [existing] = await tx
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (!existing) throw noWithdrawal();
    throw conflict(`This withdrawal has already been ${existing.status}.`, {
      status: existing.status,
    });
  }

  private async recordAndMail(
    staff: SessionUser,
    row: WithdrawalRow,
    tx: Tx,
    mail: { subject: string; text: string },
  ) {
    await this.deps.audit.record(
      {
        actorId: staff.id,
        action: `withdrawal.${row.status === 'paid' ? 'pay' : 'reject'}`,
        subjectType: 'withdrawal',
        subjectId: row.id,
        before: { status: 'pending' },
        after: {
          status: row.status,
          amount: row.amountCents / 100,
          reference: row.reference,
          reason: row.rejectReason,
        },
      },
      tx,
    );
    await this.deps.notifications.notify(tx, row.userId, {
      category: 'money',
      kind: `withdrawal.${row.status}`,
      title: mail.subject,
      body: mail.text,
      link: '/dashboard?tab=wallet',
      subject: { type: 'withdrawal', id: row.id },
      mail,
    });
  }

  private async ownMethod(userId: string, id: string) {
    const [method] = await this.db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.id, id), eq(payoutMethods.userId, userId)));
    if (!method) throw notFound('Payout method not found.');
    return method;
  }

  private async forStaff(rows: WithdrawalRow[], tx: Db | Tx): Promise<AdminWithdrawal[]> {
    const names = await namesOf(
      tx,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => {
      const name = names.get(r.userId);
      return {
        ...toWithdrawal(r),
        user: { _id: r.userId, email: name?.email ?? '', username: name?.username ?? '' },
      };
    });
  }
}

function toSavedMethod(m: typeof payoutMethods.$inferSelect): SavedPayoutMethod {
  return { _id: m.id, method: m.method, masked: m.mask, createdAt: m.createdAt.toISOString() };
}
