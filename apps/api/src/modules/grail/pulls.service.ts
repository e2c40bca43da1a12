import { and, desc, eq, sql } from 'drizzle-orm';
import {
  centsToDollars,
  percentOfCents,
  type ClaimBody,
  type Pull,
  type PublicPull,
  type PullPreferences,
  type SellBackResponse,
  SHIPPING_PROMISE_HOURS,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { grailCases, pulls } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { returnPulledCard } from '../inventory/cards.service.js';
import { cardsByIds } from '../inventory/inventory.reads.js';
import { shipmentsByIds } from '../shipping/shipping.reads.js';
import { userById } from '../users/users.reads.js';
import { setPullPreferences } from '../users/users.service.js';
import { publicPull } from './grail.reads.js';
import {
  buybackDeadline,
  toPublicPull,
  toPull,
  type BuybackTerms,
  type PullRow,
} from './pull.view.js';

const pullNotFound = () => notFound('No pull with this id.');

/** What a collector does with a pull: look at it, claim it for shipping, or sell it back. */
export class PullsService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly shipping: ShippingService,
    private readonly buyback: BuybackTerms,
    private readonly limits: LimitsService,
  ) {}

  private query(tx: Db | Tx) {
    return tx
      .select({
        pull: pulls,
        caseName: grailCases.name,
        totalItems: grailCases.totalItems,
        tiers: grailCases.tiers,
      })
      .from(pulls)
      .innerJoin(grailCases, eq(grailCases.id, pulls.caseId))
      .$dynamic();
  }

  /** The pulls with their cards and shipments, read in one batch per owner. */
  private async withCardsAndShipments(
    tx: Db | Tx,
    rows: Omit<PullRow, 'card' | 'shipment'>[],
  ): Promise<PullRow[]> {
    const shipmentIds = rows.flatMap((r) => (r.pull.shipmentId ? [r.pull.shipmentId] : []));
    const [cardsById, shipmentsById] = await Promise.all([
      cardsByIds(
        tx,
        rows.map((r) => r.pull.cardId),
      ),
      shipmentsByIds(tx, shipmentIds),
    ]);
    return rows.flatMap((r) => {
      const card = cardsById.get(r.pull.cardId);
      if (!card) return [];
      const shipment = r.pull.shipmentId ? (shipmentsById.get(r.pull.shipmentId) ?? null) : null;
      return [{ ...r, card, shipment }];
    });
  }

  async list(userId: string): Promise<Pull[]> {
    const rows = await this.query(this.db)
      .where(eq(pulls.userId, userId))
      .orderBy(desc(pulls.pulledAt), desc(pulls.k))
      .limit(500);
    return (await this.withCardsAndShipments(this.db, rows)).map((r) => toPull(r, this.buyback));
  }

  /** The owner's pull; anyone else's is indistinguishable from a missing one (404). */
  async get(userId: string, pullId: string, tx: Db | Tx = this.db): Promise<Pull> {
    const rows = await this.query(tx).where(and(eq(pulls.id, pullId), eq(pulls.userId, userId)));
    const [row] = await this.withCardsAndShipments(tx, rows);
    if (!row) throw pullNotFound();
    return toPull(row, this.buyback);
  }

  /**
   * Any pull as its public page shows it. The collector is their username only when they let recent
   * pulls show it; their id, e-mail and address never leave here.
   */
  async getPublic(pullId: string): Promise<PublicPull> {
    const row = await publicPull(this.db, pullId);
    if (!row) throw pullNotFound();
    return toPublicPull(row);
  }

  private async lockOwned(userId: string, pullId: string, tx: Tx) {
    const [pull] = await tx
      .select()
      .from(pulls)
      .where(and(eq(pulls.id, pullId), eq(pulls.userId, userId)))
      .for('update');
    if (!pull) throw pullNotFound();
    if (pull.status === 'sold_back') throw conflict('This pull was sold back.');
    if (pull.status !== 'revealed') throw conflict('This pull was already claimed.');
    return pull;
  }

  /** Claim & Ship: a shipment to the given (or profile) address, due within 48 hours. */
  async claim(user: SessionUser, pullId: string, body: ClaimBody): Promise<Pull> {
    return this.db.transaction(async (tx) => {
      const pull = await this.lockOwned(user.id, pullId, tx);
      const address = body.shippingAddress ?? user.shippingAddress;
      if (!address) {
        throw badRequest('Add a shipping address to claim this card.', {
          field: 'shippingAddress',
        });
      }
      const shipment = await this.shipping.create(
        {
          userId: user.id,
          sourceType: 'pull',
          sourceId: pull.id,
          address,
          shipBy: new Date(Date.now() + SHIPPING_PROMISE_HOURS * 3600 * 1000),
        },
        tx,
      );
      await tx
        .update(pulls)
        .set({ status: 'claimed', claimedAt: sql`now()`, shipmentId: shipment.id })
        .where(eq(pulls.id, pull.id));
      return this.get(user.id, pull.id, tx);
    });
  }

  /** Instant credit of BUYBACK_PERCENT of the FMV, before a claim and within the window, once. */
  async sellBack(userId: string, pullId: string): Promise<SellBackResponse> {
    return this.db.transaction(async (tx) => {
      const pull = await this.lockOwned(userId, pullId, tx);
      if (new Date() >= buybackDeadline(pull.pulledAt, this.buyback)) {
        throw conflict(
          `The sell-back window of ${this.buyback.windowHours} hours has passed for this pull.`,
        );
      }
      const credit = percentOfCents(pull.fmvCents, this.buyback.percent);
      await this.limits.checkSellBack(userId, credit, pull.priceCents, tx);
      const balance =
        credit > 0
          ? await this.wallet.credit(
              userId,
              credit,
              {
                kind: 'buyback',
                refType: 'pull',
                refId: pull.id,
                description: `Sell-back of pull #${pull.k} at ${this.buyback.percent}% of FMV`,
              },
              tx,
            )
          : await this.wallet.balance(userId, tx);
      await tx
        .update(pulls)
        .set({ status: 'sold_back', soldBackAt: sql`now()`, buybackCents: credit })
        .where(eq(pulls.id, pull.id));
      // The card returns to inventory; it stays out of future cases (a card is in one case at most).
      await returnPulledCard(tx, pull.cardId);
      await notifyChange('catalog', tx);
      return {
        pull: await this.get(userId, pull.id, tx),
        credited: centsToDollars(credit),
        balance: centsToDollars(balance),
      };
    });
  }

  async preferences(userId: string): Promise<PullPreferences> {
    const user = await userById(this.db, userId);
    if (!user) throw notFound();
    return { clientSeed: user.clientSeed, pullsAnonymous: user.pullsAnonymous };
  }

  async setPreferences(userId: string, prefs: PullPreferences): Promise<PullPreferences> {
    const row = await setPullPreferences(this.db, userId, prefs);
    // Recent pulls name the collector unless they chose to stay anonymous.
    await notifyChange('grail', this.db);
    return row!;
  }
}
