import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToDollars,
  SHIPPING_PROMISE_HOURS,
  type ClaimHitsBody,
  type ClaimHitsResponse,
  type MyBreak,
  type SellBackHitResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  breakClaims,
  breakHits,
  breaks,
  breakSpotSales,
  breakSpots,
} from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import { shipmentsByIds, unpackedBoxStatus } from '../shipping/shipping.reads.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import { publicNamesOf } from '../users/users.reads.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { saleOfSpot } from './breaks.reads.js';
import { toMyHit, toMySpot } from './breaks.view.js';
import type { BreakPages } from './pages.service.js';
import type { BreakRefunds } from './refunds.service.js';

/** A claim's hits are on their way: the shipping module calls this when staff mark the box sent. */
export async function markClaimShipped(tx: Tx, claimId: string): Promise<void> {
  await tx
    .update(breakHits)
    .set({ status: 'shipped' })
    .where(and(eq(breakHits.claimId, claimId), eq(breakHits.status, 'claimed')));
}

/**
 * A collector's breaks and hits: what they hold, claiming the hits of a finished break in one
 * combined shipment, and selling a hit back.
 */
export class BreakHits {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      shipping: ShippingService;
      limits: LimitsService;
      pages: BreakPages;
      refunds: BreakRefunds;
    },
  ) {}

  /** The caller's breaks: where they hold or held a spot or a hit, newest first. */
  async mine(userId: string): Promise<MyBreak[]> {
    await this.deps.refunds.sweepDue();
    const sales = await this.db
      .select({ sale: breakSpotSales, team: breakSpots.team })
      .from(breakSpotSales)
      .innerJoin(breakSpots, saleOfSpot)
      .where(eq(breakSpotSales.userId, userId))
      .orderBy(asc(breakSpotSales.k));
    const hits = await this.db
      .select()
      .from(breakHits)
      .where(eq(breakHits.userId, userId))
      .orderBy(asc(breakHits.hitNumber));
    const ids = [...new Set([...sales.map((s) => s.sale.breakId), ...hits.map((h) => h.breakId)])];
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(breaks)
      .where(inArray(breaks.id, ids))
      .orderBy(desc(breaks.scheduledAt));
    const summaries = await this.deps.pages.summaries(rows);
    const claimRows = await this.db
      .select()
      .from(breakClaims)
      .where(and(eq(breakClaims.userId, userId), inArray(breakClaims.breakId, ids)));
    const shipments = await shipmentsByIds(
      this.db,
      claimRows.map((c) => c.shipmentId),
    );
    const claims = claimRows.flatMap((claim) => {
      const shipment = shipments.get(claim.shipmentId);
      return shipment ? [{ claim, shipment }] : [];
    });
    const owner = (await publicNamesOf(this.db, [userId])).get(userId) ?? null;
    return rows.map((b, i) => {
      const myHits = hits.filter((h) => h.breakId === b.id).map((h) => toMyHit(h, owner, userId));
      const claim = claims.find((c) => c.claim.breakId === b.id);
      return {
        break: summaries[i]!,
        spots: sales.filter((s) => s.sale.breakId === b.id).map((s) => toMySpot(s.sale, s.team)),
        hits: myHits,
        shipment: claim
          ? {
              _id: claim.shipment.id,
              status: unpackedBoxStatus(claim.shipment.status),
              shipBy: claim.shipment.shipBy.toISOString(),
              carrier: claim.shipment.carrier,
              trackingNumber: claim.shipment.trackingNumber,
            }
          : null,
        canClaim: b.status === 'completed' && myHits.some((h) => h.status === 'held'),
      };
    });
  }

  /**
   * Claims every hit the caller holds in a finished break as one combined shipment (UNIQUE per
   * break and owner), due 48 hours after the break ended, or after the claim when it comes later.
   */
  async claim(user: SessionUser, breakId: string, body: ClaimHitsBody): Promise<ClaimHitsResponse> {
    await this.db.transaction(async (tx) => {
      const b = await this.deps.pages.visible(breakId, tx);
      if (b.status !== 'completed') {
        throw conflict(
          b.status === 'cancelled'
            ? 'This break was cancelled and its spots refunded.'
            : 'You can claim your hits once the break has ended.',
        );
      }
      const held = await tx
        .select()
        .from(breakHits)
        .where(
          and(
            eq(breakHits.breakId, breakId),
            eq(breakHits.userId, user.id),
            eq(breakHits.status, 'held'),
          ),
        )
        .for('update');
      if (held.length === 0) {
        const [claimed] = await tx
          .select({ id: breakClaims.id })
          .from(breakClaims)
          .where(and(eq(breakClaims.breakId, breakId), eq(breakClaims.userId, user.id)));
        throw conflict(
          claimed
            ? 'Your hits of this break are already claimed.'
            : 'You have no hits to claim in this break.',
        );
      }
      const address = body.shippingAddress ?? user.shippingAddress;
      if (!address) {
        throw badRequest('Add a shipping address to claim your hits.', {
          field: 'shippingAddress',
        });
      }
      const promise = SHIPPING_PROMISE_HOURS * 3600 * 1000;
      const from = Math.max(b.endedAt?.getTime() ?? Date.now(), Date.now());
      const claimId = randomUUID();
      const shipment = await this.deps.shipping.create(
        {
          userId: user.id,
          sourceType: 'break',
          sourceId: claimId,
          address,
          shipBy: new Date(from + promise),
        },
        tx,
      );
      await tx
        .insert(breakClaims)
        .values({ id: claimId, breakId, userId: user.id, shipmentId: shipment.id });
      await tx
        .update(breakHits)
        .set({ status: 'claimed', claimId })
        .where(
          inArray(
            breakHits.id,
            held.map((h) => h.id),
          ),
        );
    });
    const mine = await this.mine(user.id);
    return { break: mine.find((m) => m.break._id === breakId)! };
  }

  /** Sells a held hit back for the price staff set, credited to the wallet; once. */
  async sellBack(userId: string, hitId: string): Promise<SellBackHitResponse> {
    return this.db.transaction(async (tx) => {
      const [hit] = await tx
        .select()
        .from(breakHits)
        .where(and(eq(breakHits.id, hitId), eq(breakHits.userId, userId)))
        .for('update');
      if (!hit) throw notFound('No hit of yours with this id.');
      if (hit.status === 'sold_back') throw conflict('This hit was already sold back.');
      if (hit.status !== 'held') throw conflict('This hit is claimed for shipping.');
      if (hit.buybackCents === null) {
        throw conflict('This hit has no buyback price: claim it to have it shipped.');
      }
      // What the collector paid for the spot the hit came from: a sell-back above it is a profit,
      // which self-exclusion stops (as for pulls).
      const [spot] =
        hit.spotNumber === null
          ? []
          : await tx
              .select({ priceCents: breakSpotSales.priceCents })
              .from(breakSpotSales)
              .where(
                and(
                  eq(breakSpotSales.breakId, hit.breakId),
                  eq(breakSpotSales.spotNumber, hit.spotNumber),
                  eq(breakSpotSales.userId, userId),
                ),
              );
      await this.deps.limits.checkSellBack(userId, hit.buybackCents, spot?.priceCents ?? 0, tx);
      const [b] = await tx.select().from(breaks).where(eq(breaks.id, hit.breakId));
      const balance = await this.deps.wallet.credit(
        userId,
        hit.buybackCents,
        {
          kind: 'buyback',
          refType: 'break_hit',
          refId: hit.id,
          description: `Sell-back of ${hit.cardName} (${b?.title ?? 'break'})`,
        },
        tx,
      );
      const [updated] = await tx
        .update(breakHits)
        .set({ status: 'sold_back', soldBackCents: hit.buybackCents, soldBackAt: sql`now()` })
        .where(eq(breakHits.id, hit.id))
        .returning();
      const me = (await publicNamesOf(tx, [userId])).get(userId) ?? null;
      return {
        hit: toMyHit(updated!, me, userId),
        credited: centsToDollars(hit.buybackCents),
        balance: centsToDollars(balance),
      };
    });
  }
}
