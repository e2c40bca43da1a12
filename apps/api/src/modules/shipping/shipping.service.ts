import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DueShipment, MarkShippedBody } from '@grail/contract';
import { trackingUrl } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { shipments, type ShippingAddress } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import { claimedHitNames } from '../breaks/breaks.reads.js';
import { markClaimShipped } from '../breaks/hits.service.js';
import { markPullShipped, pullItemNames } from '../grail/pull-shipping.service.js';
import type { MailService } from '../mail/mail.service.js';
import { orderItemNames } from '../orders/orders.reads.js';
import { markOrderShipped } from '../orders/orders.service.js';
import { usersByIds } from '../users/users.reads.js';

export interface NewShipment {
  userId: string;
  /** A Grail pull, a store order, or an owner's combined claim of a break's hits. */
  sourceType: 'order' | 'pull' | 'break';
  sourceId: string;
  address: ShippingAddress;
  /** The 48-hour promise: paid (or claimed) at + 48 hours. */
  shipBy: Date;
}

type ShippingLog = Pick<FastifyBaseLogger, 'error'>;

/** What follows a sent box, by what it holds: the pull, the order or the claimed hits are shipped. */
const MARK_SHIPPED: Record<NewShipment['sourceType'], (tx: Tx, sourceId: string) => Promise<void>> =
  {
    pull: markPullShipped,
    order: markOrderShipped,
    break: markClaimShipped,
  };

/** Shipments of sold and pulled cards: created inside the paying transaction, worked off by staff. */
export class ShippingService {
  constructor(
    private readonly db: Db,
    private readonly notify: {
      mail: Pick<MailService, 'send'>;
      /** The site's address, for the dashboard link in the e-mail; relative when unset. */
      publicUrl?: string | undefined;
      log?: ShippingLog | undefined;
      /** Where each mark-shipped by a staff member is recorded, in its transaction. */
      audit?: Pick<AuditService, 'record'> | undefined;
    },
  ) {}

  async create(shipment: NewShipment, tx: Db | Tx = this.db) {
    const [row] = await tx.insert(shipments).values(shipment).returning();
    return row!;
  }

  /** Shipments not yet sent, earliest ship-by first, with what is in each box. */
  async listDue(ids?: string[], tx: Db | Tx = this.db): Promise<DueShipment[]> {
    const rows = await tx
      .select()
      .from(shipments)
      .where(ids ? inArray(shipments.id, ids) : eq(shipments.status, 'pending'))
      .orderBy(asc(shipments.shipBy))
      .limit(500);
    const sourceIds = (type: NewShipment['sourceType']) =>
      rows.filter((s) => s.sourceType === type).map((s) => s.sourceId);
    // One query at a time: `tx` may be a transaction, which runs one statement at once.
    const owners = await usersByIds(
      tx,
      rows.map((s) => s.userId),
    );
    const pullItems = await pullItemNames(tx, sourceIds('pull'));
    const orderItems = await orderItemNames(tx, sourceIds('order'));
    const claimItems = await claimedHitNames(tx, sourceIds('break'));
    const items = new Map([...pullItems, ...orderItems, ...claimItems]);
    const now = Date.now();
    return rows.flatMap((s) => {
      // Every shipment has its collector (a foreign key); the guard satisfies the types.
      const owner = owners.get(s.userId);
      if (!owner) return [];
      return [
        {
          _id: s.id,
          sourceType: s.sourceType,
          sourceId: s.sourceId,
          status: s.status,
          shipBy: s.shipBy.toISOString(),
          overdue: s.status === 'pending' && s.shipBy.getTime() < now,
          username: owner.username,
          email: owner.email,
          address: s.address,
          items: items.get(s.sourceId) ?? [],
          carrier: s.carrier,
          trackingNumber: s.trackingNumber,
          createdAt: s.createdAt.toISOString(),
        },
      ];
    });
  }

  /**
   * Marks a pending shipment sent with its carrier and tracking number (its pull or order
   * follows), and queues the collector's e-mail in the same transaction. Mail failures are the
   * outbox's to log and retry, so `_log` is no longer read.
   */
  async markShipped(
    shipmentId: string,
    body: MarkShippedBody,
    _log: ShippingLog | undefined = this.notify.log,
    /** The staff member (audited) and, when the caller names one, the kind of shipment expected. */
    by?: { actorId: string; sourceType?: DueShipment['sourceType'] },
  ): Promise<DueShipment> {
    const expected = by?.sourceType ? eq(shipments.sourceType, by.sourceType) : undefined;
    const shipment = await this.db.transaction(async (tx) => {
      const [s] = await tx
        .update(shipments)
        .set({
          status: 'shipped',
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          shippedAt: sql`now()`,
        })
        .where(and(eq(shipments.id, shipmentId), eq(shipments.status, 'pending'), expected))
        .returning();
      if (!s) {
        const [exists] = await tx
          .select({ id: shipments.id })
          .from(shipments)
          .where(and(eq(shipments.id, shipmentId), expected));
        if (!exists) throw notFound('No shipment with this id.');
        throw conflict('This shipment was already marked shipped.');
      }
      await MARK_SHIPPED[s.sourceType](tx, s.sourceId);
      const [view] = await this.listDue([s.id], tx);
      if (by)
        await this.notify.audit?.record(
          {
            actorId: by.actorId,
            action: 'shipment.ship',
            subjectType: 'shipment',
            subjectId: s.id,
            before: { status: 'pending', carrier: null, trackingNumber: null },
            after: { status: 'shipped', carrier: s.carrier, trackingNumber: s.trackingNumber },
          },
          tx,
        );
      // Queued with the shipment; the outbox sends it after the commit and retries a failure.
      await this.sendShippedMail(view!, tx);
      return view!;
    });
    return shipment;
  }

  private async sendShippedMail(shipment: DueShipment, tx: Tx): Promise<void> {
    const many = shipment.items.length !== 1;
    await this.notify.mail.send(
      {
        to: shipment.email,
        subject: 'Your card has shipped',
        text: shippedMailText({
          username: shipment.username,
          sent: `Your ${many ? 'cards have' : 'card has'} shipped: ${shipment.items.join(', ')}.`,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          publicUrl: this.notify.publicUrl,
        }),
      },
      tx,
    );
  }
}

/** The e-mail that tells a collector a box left: what was sent, how to follow it, and where. */
export function shippedMailText(mail: {
  username: string;
  sent: string;
  carrier: string | null;
  trackingNumber: string | null;
  publicUrl: string | undefined;
}): string {
  const url =
    mail.carrier && mail.trackingNumber ? trackingUrl(mail.carrier, mail.trackingNumber) : null;
  return [
    `Hi ${mail.username},`,
    '',
    mail.sent,
    `Carrier: ${mail.carrier}`,
    `Tracking number: ${mail.trackingNumber}`,
    ...(url ? [`Track it: ${url}`] : []),
    '',
    `Follow it in your dashboard: ${mail.publicUrl ?? ''}/dashboard`,
  ].join('\n');
}
