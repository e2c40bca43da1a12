import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  FulfilmentItem,
  FulfilmentKind,
  FulfilmentQueueResponse,
  FulfilmentShippedResponse,
  MarkShippedBody,
  ShippingCompliance,
} from '@grail/contract';
import { SHIPPING_PROMISE_HOURS } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { submissionCards, submissionReturns, submissions, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import { type ShippingService, trackingLine } from '../shipping/shipping.service.js';

type Log = Pick<FastifyBaseLogger, 'error'>;
const HOUR_MS = 3600_000;

/** S-000042: how a submission is named to its collector. */
const submissionNumber = (n: number) => `S-${String(n).padStart(6, '0')}`;

/**
 * One queue of everything owed to collectors under the 48-hour promise: the shipments of store
 * orders, claimed pulls and break hits (ShippingService), and returned submissions, whose clock
 * starts when staff return them.
 */
export class FulfilmentService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      shipping: ShippingService;
      mail: Pick<MailService, 'send'>;
      audit: Pick<AuditService, 'record'>;
      publicUrl?: string | undefined;
      log?: Log | undefined;
    },
  ) {}

  async queue(now = new Date()): Promise<FulfilmentQueueResponse> {
    const shipments = await this.deps.shipping.listDue();
    const items: FulfilmentItem[] = shipments.map((s) => ({
      kind: s.sourceType,
      _id: s._id,
      reference: `${s.sourceType === 'break' ? 'Break claim' : s.sourceType === 'pull' ? 'Pull' : 'Order'} ${s.sourceId.slice(0, 8)}`,
      username: s.username,
      email: s.email,
      address: s.address,
      items: s.items,
      shipBy: s.shipBy,
      overdue: new Date(s.shipBy).getTime() < now.getTime(),
    }));
    for (const r of await this.returnsOwed()) {
      items.push({
        kind: 'submission',
        _id: r.id,
        reference: `Submission ${submissionNumber(r.number)}`,
        username: r.username,
        email: r.email,
        address: r.address,
        items: r.items,
        shipBy: r.shipBy.toISOString(),
        overdue: r.shipBy.getTime() < now.getTime(),
      });
    }
    items.sort((a, b) => a.shipBy.localeCompare(b.shipBy));
    return { items, compliance: await this.compliance(now) };
  }

  /** The share of everything shipped in the 30 days before `now` that left within its 48 hours. */
  async compliance(now = new Date()): Promise<ShippingCompliance> {
    const since = new Date(now.getTime() - 30 * 24 * HOUR_MS);
    const result = (await this.db.execute(sql`
      select count(*)::int as shipped,
             count(*) filter (where shipped_at <= ship_by)::int as on_time
      from (
        select shipped_at, ship_by from shipments where shipped_at is not null
        union all
        select shipped_at, ship_by from submission_returns
      ) shipped
      where shipped_at > ${since.toISOString()}::timestamptz
        and shipped_at <= ${now.toISOString()}::timestamptz`)) as unknown as {
      rows: { shipped: number; on_time: number }[];
    };
    const row = result.rows[0]!;
    const shipped = Number(row.shipped);
    const onTime = Number(row.on_time);
    return { shipped, onTime, share: shipped ? onTime / shipped : null };
  }

  async ship(
    actorId: string,
    kind: FulfilmentKind,
    id: string,
    body: MarkShippedBody,
    log: Log | undefined = this.deps.log,
  ): Promise<FulfilmentShippedResponse> {
    if (kind !== 'submission') {
      const s = await this.deps.shipping.markShipped(id, body, log, {
        actorId,
        sourceType: kind,
      });
      return { kind, _id: s._id, carrier: body.carrier, trackingNumber: body.trackingNumber };
    }
    await this.db.transaction(async (tx) => {
      const [owed] = await this.returnsOwed(id, tx);
      if (!owed) {
        const [row] = await tx
          .select({ status: submissions.status })
          .from(submissions)
          .where(eq(submissions.id, id));
        if (!row) throw notFound('No submission with this id.');
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
      await this.deps.mail.send(
        {
          to: owed.email,
          subject: 'Your cards are on their way back',
          text: [
            `Hi ${owed.username},`,
            '',
            `We sent back the cards of submission ${submissionNumber(owed.number)}: ${owed.items.join(', ')}.`,
            `Carrier: ${body.carrier}`,
            `Tracking number: ${body.trackingNumber}`,
            ...trackingLine(body.carrier, body.trackingNumber),
            '',
            `Follow it in your dashboard: ${this.deps.publicUrl ?? ''}/dashboard`,
          ].join('\n'),
        },
        tx,
      );
    });
    return { kind, _id: id, carrier: body.carrier, trackingNumber: body.trackingNumber };
  }

  /**
   * Returned submissions not yet shipped back (or the one with `id`), with the deadline: the
   * moment staff returned it, plus 48 hours.
   */
  private async returnsOwed(id?: string, tx: Db | Tx = this.db) {
    const returnedAt = sql<Date>`coalesce((select max(e.created_at) from submission_events e
      where e.submission_id = ${submissions.id} and e.to_status = 'returned'), ${submissions.updatedAt})`.mapWith(
      (v: string | Date) => new Date(v),
    );
    const rows = await tx
      .select({
        id: submissions.id,
        number: submissions.number,
        username: users.username,
        email: users.email,
        address: users.shippingAddress,
        returnedAt,
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
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
    const cards = rows.length
      ? await tx
          .select({
            submissionId: submissionCards.submissionId,
            grader: submissionCards.grader,
            certNumber: submissionCards.certNumber,
            year: submissionCards.year,
            player: submissionCards.player,
            grade: submissionCards.grade,
          })
          .from(submissionCards)
          .where(
            inArray(
              submissionCards.submissionId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(submissionCards.position))
      : [];
    return rows.map((r) => ({
      ...r,
      address: r.address ? { ...r.address, country: r.address.country } : null,
      shipBy: new Date(r.returnedAt.getTime() + SHIPPING_PROMISE_HOURS * HOUR_MS),
      items: cards
        .filter((c) => c.submissionId === r.id)
        .map((c) => `${c.year} ${c.player} ${c.grader} ${c.grade} (cert ${c.certNumber})`),
    }));
  }
}
