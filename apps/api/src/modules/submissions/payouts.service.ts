import { eq } from 'drizzle-orm';
import {
  formatCents,
  percentOfCents,
  type AdminSubmission,
  type PayBody,
  type PayoutDetailsResponse,
  type PayoutInput,
} from '@grail/contract';
import type { z } from 'zod';
import { submissionPayouts, submissions } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import {
  openPayoutDetails,
  revealPayoutDetails,
  sealPayoutDetails,
} from '../../lib/payout-details.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import { actIn, sendMail, type Done } from './changes.js';
import { joinNotes, noSubmission, type SubmissionsContext } from './context.js';
import { staffView } from './submissions.reads.js';
import { payoutMethodChanged, payoutMethodWords, submissionNumber } from './submissions.rules.js';
import { totalsOf, type SubmissionPayoutRow } from './submissions.view.js';

type PayInput = z.output<typeof PayBody>;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Bank and PayPal details are kept sealed, with a mask the collector and staff see. */
export function sealPayout(
  box: SealedBox,
  payout: PayoutInput,
): { sealed: string | null; mask: string | null } {
  if (payout.method === 'store_credit') return { sealed: null, mask: null };
  return sealPayoutDetails(box, payout);
}

/** Paying collectors for their verified submissions, and the payout details staff pay by hand. */
export class SubmissionPayouts {
  constructor(private readonly ctx: SubmissionsContext) {}

  /** The full payout details, for paying by hand; each look is in the audit log. */
  async payoutDetails(staff: SessionUser, id: string): Promise<PayoutDetailsResponse> {
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(submissions).where(eq(submissions.id, id));
      if (!row) throw noSubmission();
      await this.ctx.deps.audit.record(
        {
          actorId: staff.id,
          action: 'submission.payout_details.view',
          subjectType: 'submission',
          subjectId: id,
          after: { method: row.payoutMethod },
        },
        tx,
      );
      const details = row.payoutDetailsEnc
        ? openPayoutDetails(this.ctx.deps.payoutBox, row.payoutDetailsEnc)
        : null;
      return { method: row.payoutMethod, ...revealPayoutDetails(details) };
    });
  }

  /**
   * Pays a verified submission, once, and only by the payout method staff were shown (the collector
   * cannot change it once verified; a view from before that is 409). Store credit is one wallet
   * ledger credit of the final offer plus the bonus, in the same transaction as the status change;
   * a bank or PayPal payout is paid by hand and recorded with its reference. UNIQUE(submission_id)
   * on the payout refuses a second one whatever happens above it.
   */
  async pay(
    staff: SessionUser,
    id: string,
    body: PayInput,
    idempotencyKey: string,
  ): Promise<IdempotentResult<{ submission: AdminSubmission }>> {
    const { ctx } = this;
    return runIdempotent(
      ctx.db,
      { userId: staff.id, scope: 'submission-pay', key: idempotencyKey, request: { id, body } },
      async (tx) => {
        const done: Done = await actIn(
          ctx,
          id,
          { id: staff.id, role: 'staff' },
          'pay',
          undefined,
          async (tx2, row, cards) => {
            if (row.payoutMethod !== body.method)
              throw payoutMethodChanged(row.payoutMethod, body.method);
            const totals = totalsOf(cards, row.creditBonusPercent);
            const amount = totals.finalCents ?? 0;
            if (amount <= 0) throw conflict('This submission has no offer to pay.');
            const storeCredit = row.payoutMethod === 'store_credit';
            if (!storeCredit && !body.reference) {
              throw badRequest('Enter the reference of the bank or PayPal payment you made.', {
                field: 'reference',
              });
            }
            const bonus = storeCredit ? percentOfCents(amount, row.creditBonusPercent) : 0;
            let payout: SubmissionPayoutRow;
            try {
              [payout] = (await tx2
                .insert(submissionPayouts)
                .values({
                  submissionId: row.id,
                  method: row.payoutMethod,
                  amountCents: amount,
                  bonusCents: bonus,
                  reference: storeCredit ? null : body.reference,
                  paidBy: staff.id,
                  paidAt: ctx.deps.now(),
                })
                .returning()) as [SubmissionPayoutRow];
            } catch (err) {
              if (isUniqueViolation(err))
                throw conflict('This submission has already been paid.', { status: 'paid' });
              throw err;
            }
            const number = submissionNumber(row.number);
            if (storeCredit) {
              await ctx.deps.wallet.credit(
                row.userId,
                amount + bonus,
                {
                  kind: 'sale',
                  refType: 'submission',
                  refId: row.id,
                  description: `Sale of submission ${number}: ${formatCents(amount)} plus a ${formatCents(bonus)} store-credit bonus`,
                },
                tx2,
                'credit',
              );
            }
            const paid = storeCredit
              ? `Paid ${formatCents(amount + bonus)} in store credit (${formatCents(amount)} plus a ${formatCents(bonus)} bonus).`
              : `Paid ${formatCents(amount)} by ${payoutMethodWords[row.payoutMethod]}, reference ${body.reference}.`;
            return { steps: [{ to: 'paid', note: joinNotes(paid, body.note) }], payout };
          },
          tx,
        );
        await sendMail(ctx, done, tx);
        return { submission: await staffView(ctx, done.row, tx) };
      },
    );
  }
}
