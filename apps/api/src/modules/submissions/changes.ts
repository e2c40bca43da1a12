import { and, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { SubmissionStatus } from '@grail/contract';
import type { Tx } from '../../db/client.js';
import { submissionEvents, submissions } from '../../db/schema/index.js';
import { userById } from '../users/users.reads.js';
import { noSubmission, type SubmissionsContext } from './context.js';
import { changeMail } from './mail.js';
import {
  allows,
  illegalTransition,
  OFFER_STATUSES,
  submissionNumber,
  type Actor,
  type SubmissionAction,
} from './submissions.rules.js';
import { cardsOf } from './submissions.reads.js';
import {
  totalsOf,
  type SubmissionCardRow,
  type SubmissionPayoutRow,
  type SubmissionRow,
} from './submissions.view.js';

/** One status step of a change; `system` steps follow from the actor's (accepted → awaiting shipment). */
interface Step {
  to: SubmissionStatus;
  note?: string | null;
  role?: 'system';
}
export interface Change {
  set?: Partial<typeof submissions.$inferInsert>;
  steps?: Step[];
  /** A change that keeps the status (tracking number, payout details): one timeline entry. */
  same?: { note: string; mail: string };
  payout?: SubmissionPayoutRow;
}
export interface Done {
  row: SubmissionRow;
  mail: {
    from: SubmissionStatus | null;
    to: SubmissionStatus;
    note: string | null;
    detail?: string;
    payout?: SubmissionPayoutRow;
  } | null;
}
export type Apply = (tx: Tx, row: SubmissionRow, cards: SubmissionCardRow[]) => Promise<Change>;
/** Which submission, who acts, the action, the owner it must belong to (collectors), the change. */
type Act = [
  id: string,
  actor: Actor,
  action: SubmissionAction,
  ownerId: string | undefined,
  apply: Apply,
];

/** One change in its own transaction, its e-mail queued with it. */
export async function act(ctx: SubmissionsContext, ...change: Act): Promise<Done> {
  return ctx.db.transaction(async (tx) => {
    const done = await actIn(ctx, ...change, tx);
    await sendMail(ctx, done, tx);
    return done;
  });
}

/**
 * One change in the caller's transaction: the row locked, the transition checked as of now,
 * the change applied, one timeline entry per status step, and the audit record for staff.
 */
export async function actIn(
  ctx: SubmissionsContext,
  ...[id, actor, action, ownerId, apply, tx]: [...Act, tx: Tx]
): Promise<Done> {
  const owner = ownerId ? eq(submissions.userId, ownerId) : undefined;
  const [row] = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, id), owner))
    .for('update');
  if (!row) throw noSubmission();
  const now = ctx.deps.now();
  if (!allows(action, row, now, actor.role)) throw illegalTransition(action, row, now);
  const cardsBefore = await cardsOf(id, tx);
  const change = await apply(tx, row, cardsBefore);

  let status = row.status;
  const events: (typeof submissionEvents.$inferInsert)[] = [];
  for (const step of change.steps ?? []) {
    events.push({
      submissionId: id,
      actorId: step.role === 'system' ? null : actor.id,
      actorRole: step.role ?? actor.role,
      fromStatus: status,
      toStatus: step.to,
      note: step.note ?? null,
      createdAt: now,
    });
    status = step.to;
  }
  if (change.same) {
    events.push({
      submissionId: id,
      actorId: actor.id,
      actorRole: actor.role,
      fromStatus: status,
      toStatus: status,
      note: change.same.note,
      createdAt: now,
    });
  }
  const [updated] = await tx
    .update(submissions)
    .set({ ...change.set, status, updatedAt: now })
    .where(eq(submissions.id, id))
    .returning();
  if (events.length > 0) await tx.insert(submissionEvents).values(events);
  if (actor.role === 'staff') {
    await ctx.deps.audit.record(
      {
        actorId: actor.id,
        action: `submission.${action}`,
        subjectType: 'submission',
        subjectId: id,
        before: auditSnapshot(row, cardsBefore),
        after: auditSnapshot(updated!, await cardsOf(id, tx)),
      },
      tx,
    );
  }
  const last = events.at(-1);
  return {
    row: updated!,
    mail: last
      ? {
          from: row.status,
          to: last.toStatus,
          note: last.note ?? null,
          detail: change.same?.mail,
          payout: change.payout,
        }
      : null,
  };
}

/**
 * Offers past their expiry become `expired` (the system's timeline entry, and an e-mail). Run
 * lazily before every read and command, and by the sweep; `scope` narrows it to one submission
 * or one collector.
 */
export async function expireDue(
  ctx: SubmissionsContext,
  scope: { id?: string; userId?: string } = {},
): Promise<number> {
  const now = ctx.deps.now();
  const conditions: (SQL | undefined)[] = [
    inArray(submissions.status, [...OFFER_STATUSES]),
    lte(submissions.offerExpiresAt, now),
    scope.id ? eq(submissions.id, scope.id) : undefined,
    scope.userId ? eq(submissions.userId, scope.userId) : undefined,
  ];
  const expired = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(submissions)
      .where(and(...conditions))
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(submissions)
      .set({ status: 'expired', updatedAt: now })
      .where(
        inArray(
          submissions.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    await tx.insert(submissionEvents).values(
      due.map((d) => ({
        submissionId: d.id,
        actorId: null,
        actorRole: 'system' as const,
        fromStatus: d.status,
        toStatus: 'expired' as const,
        note: `The offer was open until ${d.offerExpiresAt!.toISOString().slice(0, 10)}.`,
        createdAt: now,
      })),
    );
    const changed = rows.map((r) => ({ row: r, from: due.find((d) => d.id === r.id)!.status }));
    for (const { row, from } of changed) {
      await sendMail(ctx, { row, mail: { from, to: 'expired', note: null } }, tx);
    }
    return changed;
  });
  return expired.length;
}

/** Queued in `tx`, the change's own transaction: the outbox sends it once that commits. */
export async function sendMail(ctx: SubmissionsContext, done: Done, tx: Tx): Promise<void> {
  const { row, mail } = done;
  const subject = { type: 'submission', id: row.id };
  const offerOpen = OFFER_STATUSES.includes(row.status);
  if (!offerOpen) await ctx.deps.notifications.answered(tx, row.userId, subject);
  if (!mail) return;
  const user = await userById(tx, row.userId);
  if (!user) return;
  const cards = await cardsOf(row.id, tx);
  const totals = totalsOf(cards, row.creditBonusPercent);
  const message = changeMail({
    number: submissionNumber(row.number),
    link: `${ctx.deps.publicUrl}/dashboard/submissions/${row.id}`,
    username: user.username,
    from: mail.from,
    to: mail.to,
    note: mail.detail ? null : mail.note,
    cardCount: cards.length,
    finalCents: totals.finalCents,
    offerExpiresAt: row.offerExpiresAt,
    receivedAt: row.receivedAt,
    payment: mail.payout
      ? {
          method: mail.payout.method,
          amountCents: mail.payout.amountCents,
          bonusCents: mail.payout.bonusCents,
          reference: mail.payout.reference,
        }
      : undefined,
    detail: mail.detail,
  });
  await ctx.deps.notifications.notify(tx, row.userId, {
    category: 'selling',
    kind: `submission.${mail.detail ? 'updated' : mail.to}`,
    title: message.subject,
    body: message.body,
    link: `/dashboard/submissions/${row.id}`,
    subject,
    needsAnswer: offerOpen && !mail.detail,
    mail: { subject: message.subject, text: message.text },
  });
}

/** What the audit log keeps of a submission: its status, offers, payout method and shipment. */
function auditSnapshot(s: SubmissionRow, cards: SubmissionCardRow[]) {
  return {
    status: s.status,
    offerExpiresAt: s.offerExpiresAt?.toISOString() ?? null,
    payoutMethod: s.payoutMethod,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    receivedAt: s.receivedAt?.toISOString() ?? null,
    cards: cards.map((c) => ({
      id: c.id,
      offerCents: c.offerCents,
      adjustedOfferCents: c.adjustedOfferCents,
      inventoryCardId: c.inventoryCardId,
    })),
  };
}
