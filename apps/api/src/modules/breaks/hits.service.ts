import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToDollars,
  shippingFeeCents,
  type ClaimHitsBody,
  type ClaimHitsResponse,
  type MyBreak,
  type SellBackHitResponse,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
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
import { publicNamesOf } from '../users/users.reads.js';
import { sellBackBreakHit } from '../vault/holdings.service.js';
import { holdingsOfHits } from '../vault/vault.reads.js';
import type { VaultService } from '../vault/vault.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { saleOfSpot } from './breaks.reads.js';
import { toMyHit, toMySpot } from './breaks.view.js';
import { withHoldings } from './hit-status.js';
import type { BreakPages } from './pages.service.js';
import type { BreakRefunds } from './refunds.service.js';

/**
 * A collector's breaks and hits: what they hold, claiming the hits of a finished break in one
 * combined shipment, and selling a hit back.
 */
export class BreakHits {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      vault: VaultService;
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
    const hits = await withHoldings(
      this.db,
      await this.db
        .select()
        .from(breakHits)
        .where(eq(breakHits.userId, userId))
        .orderBy(asc(breakHits.hitNumber)),
    );
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
    // A break's box: the vault box its hits are in, or a claim's from before the vault.
    const boxOf = new Map(claimRows.map((c) => [c.breakId, c.shipmentId]));
    for (const h of hits) if (h.shipmentId) boxOf.set(h.breakId, h.shipmentId);
    const shipments = await shipmentsByIds(this.db, [...boxOf.values()]);
    const owner = (await publicNamesOf(this.db, [userId])).get(userId) ?? null;
    return rows.map((b, i) => {
      const myHits = hits.filter((h) => h.breakId === b.id).map((h) => toMyHit(h, owner, userId));
      const heldHits = hits.filter((h) => h.breakId === b.id && h.status === 'held');
      const heldValue = heldHits.reduce(
        (sum, h) =>
          sum +
          (h.buybackCents ??
            sales.find((s) => s.sale.breakId === b.id && s.sale.spotNumber === h.spotNumber)?.sale
              .priceCents ??
            0),
        0,
      );
      const box = shipments.get(boxOf.get(b.id) ?? '');
      return {
        break: summaries[i]!,
        spots: sales.filter((s) => s.sale.breakId === b.id).map((s) => toMySpot(s.sale, s.team)),
        hits: myHits,
        shipment: box
          ? {
              _id: box.id,
              status: box.status === 'packing' ? 'pending' : unpackedBoxStatus(box.status),
              shipBy: box.shipBy.toISOString(),
              carrier: box.carrier,
              trackingNumber: box.trackingNumber,
            }
          : null,
        canClaim: b.status === 'completed' && heldHits.length > 0,
        claimFee: centsToDollars(shippingFeeCents(heldHits.length, heldValue)),
      };
    });
  }

  /**
   * Claims every hit the caller still holds in their vault from a finished break: one vault ship
   * request (decision 025), so the same fee schedule, 48-hour box, staff queue and packing slip.
   */
  async claim(user: SessionUser, breakId: string, body: ClaimHitsBody): Promise<ClaimHitsResponse> {
    const shipped = await this.db.transaction(async (tx) => {
      const b = await this.deps.pages.visible(breakId, tx);
      if (b.status !== 'completed') {
        throw conflict(
          b.status === 'cancelled'
            ? 'This break was cancelled and its spots refunded.'
            : 'You can claim your hits once the break has ended.',
        );
      }
      const mine = await withHoldings(
        tx,
        await tx
          .select()
          .from(breakHits)
          .where(and(eq(breakHits.breakId, breakId), eq(breakHits.userId, user.id))),
      );
      const held = await holdingsOfHits(
        tx,
        mine.filter((h) => h.status === 'held').map((h) => h.id),
      );
      if (held.size === 0) {
        throw conflict(
          mine.some((h) => h.status === 'claimed' || h.status === 'shipped')
            ? 'Your hits of this break are already claimed.'
            : 'You have no hits to claim in this break.',
        );
      }
      if (!body.shippingAddress && !user.shippingAddress) {
        throw badRequest('Add a shipping address to claim your hits.', {
          field: 'shippingAddress',
        });
      }
      return this.deps.vault.ship(tx, user, {
        holdingIds: [...held.values()].map((h) => h.id),
        shippingAddress: body.shippingAddress,
      });
    });
    const mine = await this.mine(user.id);
    return {
      break: mine.find((m) => m.break._id === breakId)!,
      fee: shipped.shipment.fee,
      balance: shipped.balance,
    };
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
      if (hit.buybackCents === null) {
        throw conflict('This hit has no buyback price: claim it to have it shipped.');
      }
      // It leaves the vault first: a ship request racing it finds it gone, or it finds the box.
      const found = await sellBackBreakHit(tx, hit.id);
      if (found === 'sold_back') throw conflict('This hit was already sold back.');
      if (found) throw conflict('This hit has left your vault for shipping.');
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
        .set({ soldBackCents: hit.buybackCents, soldBackAt: sql`now()` })
        .where(eq(breakHits.id, hit.id))
        .returning();
      const [now] = await withHoldings(tx, [updated!]);
      const me = (await publicNamesOf(tx, [userId])).get(userId) ?? null;
      return {
        hit: toMyHit(now!, me, userId),
        credited: centsToDollars(hit.buybackCents),
        balance: centsToDollars(balance),
      };
    });
  }
}
