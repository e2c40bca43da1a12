import { eq, sql } from 'drizzle-orm';
import { centsToDollars, type AdminMarketResponse, type Listing } from '@grail/contract';
import type { Db } from '../../db/client.js';
import {
  marketAccessFreezes,
  marketListings,
  marketOffers,
  marketTrades,
} from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { cardNamesAndFmv } from '../inventory/inventory.reads.js';
import { namesOf, userById } from '../users/users.reads.js';
import type { WalletHolds } from '../wallet/holds.service.js';
import { flaggedSales, saleCount } from './comps.js';
import { listingById } from './market.reads.js';
import { toListing } from './market.view.js';

/** What staff see and do on the marketplace: its figures, flagged sales, and freezes (audited). */
export class MarketStaffService {
  constructor(
    private readonly db: Db,
    private readonly deps: { holds: WalletHolds; audit: AuditService },
  ) {}

  async overview(): Promise<AdminMarketResponse> {
    const count = (
      table: typeof marketListings | typeof marketOffers | typeof marketTrades,
      where: ReturnType<typeof sql>,
    ) =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
        .then((r) => r[0]?.n ?? 0);
    const [openListings, frozenListings, openOffers, openTrades, sales, fees, flagged, frozen] =
      await Promise.all([
        count(marketListings, sql`${marketListings.status} = 'open'`),
        count(
          marketListings,
          sql`${marketListings.status} = 'open' and ${marketListings.frozenAt} is not null`,
        ),
        count(marketOffers, sql`${marketOffers.status} = 'open'`),
        count(marketTrades, sql`${marketTrades.status} = 'open'`),
        saleCount(this.db),
        this.deps.holds.feesCollected(this.db),
        flaggedSales(this.db, 50),
        this.db.select().from(marketAccessFreezes),
      ]);
    const names = await namesOf(this.db, [
      ...flagged.flatMap((s) => [s.sellerId, s.buyerId]),
      ...frozen.map((f) => f.userId),
    ]);
    const cards = new Map(
      (
        await cardNamesAndFmv(
          this.db,
          flagged.map((s) => s.cardId),
        )
      ).map((c) => [c.id, c]),
    );
    const name = (id: string) => names.get(id)?.username ?? 'collector';
    return {
      openListings,
      frozenListings,
      openOffers,
      openTrades,
      sales,
      feesCollected: centsToDollars(fees),
      flaggedSales: flagged.map((s) => ({
        _id: s.id,
        cardName: cards.get(s.cardId)?.name ?? 'Card',
        seller: name(s.sellerId),
        buyer: name(s.buyerId),
        price: centsToDollars(s.priceCents),
        reason: s.flagReason ?? '',
        soldAt: s.soldAt.toISOString(),
      })),
      frozenCollectors: frozen.map((f) => ({
        userId: f.userId,
        username: name(f.userId),
        reason: f.reason,
        since: f.frozenAt.toISOString(),
      })),
    };
  }

  async freezeListing(staff: SessionUser, listingId: string, frozen: boolean): Promise<Listing> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(marketListings)
        .set({
          frozenAt: frozen ? sql`coalesce(${marketListings.frozenAt}, now())` : null,
          updatedAt: sql`now()`,
        })
        .where(eq(marketListings.id, listingId))
        .returning({ id: marketListings.id });
      if (!row) throw notFound('No listing with this id.');
      await this.deps.audit.record(
        {
          actorId: staff.id,
          action: frozen ? 'market.listing.freeze' : 'market.listing.unfreeze',
          subjectType: 'market_listing',
          subjectId: listingId,
          after: { frozen },
        },
        tx,
      );
    });
    const row = await listingById(this.db, listingId);
    return toListing(row!);
  }

  async setAccess(staff: SessionUser, userId: string, frozen: boolean, reason?: string) {
    if (!(await userById(this.db, userId))) throw notFound('No account with this id.');
    await this.db.transaction(async (tx) => {
      if (frozen) {
        await tx
          .insert(marketAccessFreezes)
          .values({ userId, reason: reason ?? '', frozenBy: staff.id })
          .onConflictDoUpdate({
            target: marketAccessFreezes.userId,
            set: { reason: reason ?? '' },
          });
      } else {
        await tx.delete(marketAccessFreezes).where(eq(marketAccessFreezes.userId, userId));
      }
      await this.deps.audit.record(
        {
          actorId: staff.id,
          action: frozen ? 'market.access.freeze' : 'market.access.restore',
          subjectType: 'user',
          subjectId: userId,
          after: { frozen, reason: reason ?? null },
        },
        tx,
      );
    });
    return { frozen };
  }
}
