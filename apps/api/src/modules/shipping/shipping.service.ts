import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DueShipment, MarkShippedBody, VaultShipment } from '@grail/contract';
import { centsToDollars, trackingUrl } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { shipments, type ShippingAddress } from '../../db/schema/index.js';
import type { ShipmentRow } from './shipping.reads.js';
import { conflict, notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import { claimedHitNames } from '../breaks/breaks.reads.js';
import { pullItemNames } from '../grail/pull-shipping.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { orderItemNames } from '../orders/orders.reads.js';
import { markOrderShipped } from '../orders/orders.service.js';
import { usersByIds } from '../users/users.reads.js';
import { markBoxShipped } from '../vault/holdings.service.js';
import { boxCards, vaultShipmentViews } from '../vault/vault.reads.js';

export interface NewShipment {
  /** Given for a vault box, whose source id is its own id. */
  id?: string;
  userId: string;
  /**
   * A box of vault cards; before the vault, a Grail pull, a store order, or an owner's combined
   * claim of a break's hits (break claims still ship this way).
   */
  sourceType: 'order' | 'pull' | 'break' | 'vault';
  sourceId: string;
  address: ShippingAddress;
  /** The 48-hour promise: paid (or claimed) at + 48 hours. */
  shipBy: Date;
  feeCents?: number;
  insuredValueCents?: number;
}

/** Boxes staff may still mark shipped: waiting, or (vault boxes) being packed. */
const UNSENT = ['pending', 'packing'] as const;

type ShippingLog = Pick<FastifyBaseLogger, 'error'>;

/**
 * What follows a sent box, by what it holds: its cards' holdings move to shipped (a legacy pull or
 * order box, or a break claim's, holds them too since the vault's backfills), and an order follows.
 */
const MARK_SHIPPED: Record<
  NewShipment['sourceType'],
  (tx: Tx, box: { id: string; sourceId: string }) => Promise<void>
> = {
  vault: (tx, box) => markBoxShipped(tx, box.id),
  pull: (tx, box) => markBoxShipped(tx, box.id),
  order: async (tx, box) => {
    await markOrderShipped(tx, box.sourceId);
    await markBoxShipped(tx, box.id);
  },
  break: (tx, box) => markBoxShipped(tx, box.id),
};

/** Shipments of sold and pulled cards: created inside the paying transaction, worked off by staff. */
export class ShippingService {
  constructor(
    private readonly db: Db,
    private readonly notify: {
      /** The collector's notice and e-mail of each request, dispatch and cancellation. */
      notifications: Pick<NotificationsService, 'notify'>;
      /** The site's address, for the dashboard link in the e-mail; relative when unset. */
      publicUrl?: string | undefined;
      log?: ShippingLog | undefined;
      /** Where each mark-shipped by a staff member is recorded, in its transaction. */
      audit?: Pick<AuditService, 'record'> | undefined;
    },
  ) {}

  async create(shipment: NewShipment, tx: Tx) {
    const [row] = await tx.insert(shipments).values(shipment).returning();
    return row!;
  }

  /**
   * Tells the collector that a box they asked for is on the list, in the request's transaction (a
   * store order's box is told by the order's confirmation instead).
   */
  async tellRequested(tx: Tx, box: { id: string; userId: string; shipBy: Date }) {
    await this.notify.notifications.notify(tx, box.userId, {
      category: 'shipping',
      kind: 'shipment.requested',
      title: 'Shipment requested',
      body: `We will ship it by ${box.shipBy.toISOString().slice(0, 10)} (UTC) and e-mail you the tracking number.`,
      link: '/dashboard/vault',
      subject: { type: 'shipment', id: box.id },
    });
  }

  /** Shipments not yet sent, earliest ship-by first, with what is in each box. */
  async listDue(ids?: string[], tx: Db | Tx = this.db): Promise<DueShipment[]> {
    const rows = await tx
      .select()
      .from(shipments)
      .where(ids ? inArray(shipments.id, ids) : inArray(shipments.status, [...UNSENT]))
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
    const boxes = await boxCards(tx, sourceIds('vault'));
    const boxItems = [...boxes].map(([box, cards]) => [box, cards.map((c) => c.name)] as const);
    const items = new Map([...pullItems, ...orderItems, ...claimItems, ...boxItems]);
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
          overdue: (s.status === 'pending' || s.status === 'packing') && s.shipBy.getTime() < now,
          username: owner.username,
          email: owner.email,
          address: s.address,
          items: items.get(s.sourceId) ?? [],
          insuredValue: centsToDollars(s.insuredValueCents),
          fee: centsToDollars(s.feeCents),
          ...(s.sourceType === 'vault'
            ? {
                cards: (boxes.get(s.id) ?? []).map(({ name, grade, certNumber }) => ({
                  name,
                  grade,
                  certNumber,
                })),
              }
            : {}),
          carrier: s.carrier,
          trackingNumber: s.trackingNumber,
          createdAt: s.createdAt.toISOString(),
        },
      ];
    });
  }

  /**
   * Marks a pending (or, for a vault box, packing) shipment sent with its carrier and tracking number (its pull or order
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
      const [current] = await tx
        .select({ status: shipments.status })
        .from(shipments)
        .where(and(eq(shipments.id, shipmentId), expected))
        .for('update');
      if (!current) throw notFound('No shipment with this id.');
      if (current.status === 'cancelled') throw conflict('This shipment was cancelled.');
      const [s] = await tx
        .update(shipments)
        .set({
          status: 'shipped',
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          shippedAt: sql`now()`,
        })
        .where(and(eq(shipments.id, shipmentId), inArray(shipments.status, [...UNSENT])))
        .returning();
      if (!s) throw conflict('This shipment was already marked shipped.');
      await MARK_SHIPPED[s.sourceType](tx, s);
      const [view] = await this.listDue([s.id], tx);
      if (by)
        await this.notify.audit?.record(
          {
            actorId: by.actorId,
            action: 'shipment.ship',
            subjectType: 'shipment',
            subjectId: s.id,
            before: { status: current.status, carrier: null, trackingNumber: null },
            after: { status: 'shipped', carrier: s.carrier, trackingNumber: s.trackingNumber },
          },
          tx,
        );
      // Queued with the shipment; the outbox sends it after the commit and retries a failure.
      await this.sendShippedMail(view!, s.userId, tx);
      return view!;
    });
    return shipment;
  }

  /**
   * Staff start packing a vault box: pending → packing, audited; from then on its collector can
   * no longer cancel it.
   */
  async startPacking(actorId: string, shipmentId: string): Promise<VaultShipment> {
    return this.db.transaction(async (tx) => {
      const [s] = await tx
        .update(shipments)
        .set({ status: 'packing' })
        .where(
          and(
            eq(shipments.id, shipmentId),
            eq(shipments.sourceType, 'vault'),
            eq(shipments.status, 'pending'),
          ),
        )
        .returning();
      if (!s) {
        const [found] = await tx
          .select({ status: shipments.status })
          .from(shipments)
          .where(and(eq(shipments.id, shipmentId), eq(shipments.sourceType, 'vault')));
        if (!found) throw notFound('No vault shipment with this id.');
        throw conflict(`This shipment is already ${found.status}.`, { status: found.status });
      }
      await this.notify.audit?.record(
        {
          actorId,
          action: 'shipment.packing',
          subjectType: 'shipment',
          subjectId: s.id,
          before: { status: 'pending' },
          after: { status: 'packing' },
        },
        tx,
      );
      return (await vaultShipmentViews(tx, [s]))[0]!;
    });
  }

  /**
   * The collector cancels their vault box while it is still pending: → cancelled. 404 for
   * another's or none, 409 once staff started packing it or it left. The caller moves the cards
   * back and refunds the fee in the same transaction.
   */
  async cancelVaultBox(tx: Tx, userId: string, shipmentId: string) {
    const mine = and(
      eq(shipments.id, shipmentId),
      eq(shipments.userId, userId),
      eq(shipments.sourceType, 'vault'),
    );
    const [s] = await tx
      .update(shipments)
      .set({ status: 'cancelled' })
      .where(and(mine, eq(shipments.status, 'pending')))
      .returning();
    if (s) {
      await this.notify.notifications.notify(tx, userId, {
        category: 'shipping',
        kind: 'shipment.cancelled',
        title: 'Shipment cancelled',
        body: 'Your cards are back in your vault and the shipping fee is refunded.',
        link: '/dashboard/vault',
        subject: { type: 'shipment', id: s.id },
      });
      return s;
    }
    const [found] = await tx.select({ status: shipments.status }).from(shipments).where(mine);
    if (!found) throw notFound('No shipment with this id.');
    // A pending box was just cancelled by a racing request: it is cancelled now.
    const status = found.status === 'pending' ? 'cancelled' : found.status;
    throw conflict(CANNOT_CANCEL[status], { status });
  }

  private async sendShippedMail(shipment: DueShipment, userId: string, tx: Tx): Promise<void> {
    const many = shipment.items.length !== 1;
    const sent = `Your ${many ? 'cards have' : 'card has'} shipped: ${shipment.items.join(', ')}.`;
    await this.notify.notifications.notify(tx, userId, {
      category: 'shipping',
      kind: 'shipment.shipped',
      title: many ? 'Your cards have shipped' : 'Your card has shipped',
      body: `${sent} ${shipment.carrier} tracking number ${shipment.trackingNumber}.`,
      link: '/dashboard/vault',
      subject: { type: 'shipment', id: shipment._id },
      mail: {
        subject: 'Your card has shipped',
        text: shippedMailText({
          username: shipment.username,
          sent,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          publicUrl: this.notify.publicUrl,
        }),
      },
    });
  }
}

/** Why a box that is no longer pending cannot be cancelled. */
const CANNOT_CANCEL: Record<Exclude<ShipmentRow['status'], 'pending'>, string> = {
  packing: 'We have started packing this shipment, so it can no longer be cancelled.',
  shipped: 'This shipment has already shipped.',
  delivered: 'This shipment has already been delivered.',
  cancelled: 'This shipment was already cancelled.',
};

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
