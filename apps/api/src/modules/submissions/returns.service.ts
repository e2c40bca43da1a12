import { and, asc, eq, sql } from 'drizzle-orm';
import { SHIPPING_PROMISE_HOURS, type MarkShippedBody } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { submissionReturns, submissions } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { shippedMailText } from '../shipping/shipping.service.js';
import { usersByIds } from '../users/users.reads.js';
import { noSubmission } from './context.js';
import { cardsOfMany } from './submissions.reads.js';
import { submissionNumber } from './submissions.rules.js';

const HOUR_MS = 3600_000;

/**
 * Sending a returned submission's cards back: what is owed (the clock starts when staff return
 * it) and the shipment, recorded once with its e-mail. The fulfilment queue lists and ships these.
 */
export class SubmissionReturns {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      notifications: Pick<NotificationsService, 'notify'>;
      audit: Pick<AuditService, 'record'>;
      publicUrl?: string | undefined;
    },
  ) {}

  /**
   * Returned submissions not yet shipped back (or the one with `id`), with the deadline: the
   * moment staff returned it, plus 48 hours.
   */
  async owed(id?: string, tx: Db | Tx = this.db) {
    const returnedAt = sql<Date>`coalesce((select max(e.created_at) from submission_events e
      where e.submission_id = ${submissions.id} and e.to_status = 'returned'), ${submissions.updatedAt})`.mapWith(
      (v: string | Date) => new Date(v),
    );
    const rows = await tx
      .select({
        id: submissions.id,
        number: submissions.number,
        userId: submissions.userId,
        returnedAt,
      })
      .from(submissions)
      .leftJoin(submissionReturns, eq(submissionReturns.submissionId, submissions.id))
      .where(
        and(
          eq(submissions.status, 'returned'),
          sql`${submissionReturns.submissionId} is null`,
          id ? eq(submissions.id, id) : undefined,
        ),
      )
      .orderBy(asc(submissions.updatedAt))
      .limit(500);
    const owners = await usersByIds(
      tx,
      rows.map((r) => r.userId),
    );
    const cards = await cardsOfMany(
      rows.map((r) => r.id),
      tx,
    );
    return rows.flatMap(({ userId, ...r }) => {
      // A submission always has its collector (a foreign key); the guard satisfies the types.
      const owner = owners.get(userId);
      if (!owner) return [];
      return [
        {
          ...r,
          userId,
          username: owner.username,
          email: owner.email,
          address: owner.shippingAddress,
          shipBy: new Date(r.returnedAt.getTime() + SHIPPING_PROMISE_HOURS * HOUR_MS),
          items: cards
            .filter((c) => c.submissionId === r.id)
            .map((c) => `${c.year} ${c.player} ${c.grader} ${c.grade} (cert ${c.certNumber})`),
        },
      ];
    });
  }

  /** Records the return shipment and queues the collector's e-mail with it; once. */
  async ship(actorId: string, id: string, body: MarkShippedBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [owed] = await this.owed(id, tx);
      if (!owed) {
        const [row] = await tx
          .select({ status: submissions.status })
          .from(submissions)
          .where(eq(submissions.id, id));
        if (!row) throw noSubmission();
        throw conflict(
          row.status === 'returned'
            ? 'This submission was already marked shipped.'
            : 'This submission is not being returned.',
        );
      }
      const [inserted] = await tx
        .insert(submissionReturns)
        .values({
          submissionId: id,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          shipBy: owed.shipBy,
          shippedBy: actorId,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw conflict('This submission was already marked shipped.');
      await this.deps.audit.record(
        {
          actorId,
          action: 'submission.return_ship',
          subjectType: 'submission',
          subjectId: id,
          before: { carrier: null, trackingNumber: null },
          after: { carrier: body.carrier, trackingNumber: body.trackingNumber },
        },
        tx,
      );
      // Written to the outbox with the shipment: it leaves once this commits, and only then.
      const sent = `We sent back the cards of submission ${submissionNumber(owed.number)}: ${owed.items.join(', ')}.`;
      await this.deps.notifications.notify(tx, owed.userId, {
        category: 'shipping',
        kind: 'submission.return_shipped',
        title: 'Your cards are on their way back',
        body: `${sent} ${body.carrier} tracking number ${body.trackingNumber}.`,
        link: `/dashboard/submissions/${id}`,
        subject: { type: 'submission', id },
        mail: {
          subject: 'Your cards are on their way back',
          text: shippedMailText({
            username: owed.username,
            sent,
            carrier: body.carrier,
            trackingNumber: body.trackingNumber,
            publicUrl: this.deps.publicUrl,
          }),
        },
      });
    });
  }
}
