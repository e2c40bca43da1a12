import { and, desc, eq } from 'drizzle-orm';
import {
  centsToDollars,
  dollarsToCents,
  type AutoSellRule,
  type ClaimBody,
  type Pull,
  type PublicPull,
  type PullPreferences,
  type SellBackResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { grailCases, pulls } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { holdingsOfPulls } from '../vault/vault.reads.js';
import type { VaultService } from '../vault/vault.service.js';
import { cardsByIds } from '../inventory/inventory.reads.js';
import { shipmentsByIds } from '../shipping/shipping.reads.js';
import { userById } from '../users/users.reads.js';
import { setPullPreferences } from '../users/users.service.js';
import { autoSellRuleOf, saveAutoSellRule } from './auto-sell-rules.js';
import { publicPull } from './grail.reads.js';
import { leftTheVault, PullSellBacks } from './sell-back.js';
import { toPublicPull, toPull, type BuybackTerms, type PullRow } from './pull.view.js';

const pullNotFound = () => notFound('No pull with this id.');

/** What a collector does with a pull: look at it, claim it for shipping, or sell it back. */
export class PullsService {
  private readonly sellBacks: PullSellBacks;

  constructor(
    private readonly db: Db,
    wallet: WalletService,
    private readonly vault: VaultService,
    private readonly buyback: BuybackTerms,
    limits: LimitsService,
    private readonly notifications: Pick<NotificationsService, 'notify' | 'answered'>,
  ) {
    this.sellBacks = new PullSellBacks({ wallet, buyback, limits, notifications });
  }

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

  /** The pulls with their cards, their holdings' states and boxes, read in one batch. */
  private async withCardsAndShipments(
    tx: Db | Tx,
    rows: Omit<PullRow, 'card' | 'shipment' | 'holdingState'>[],
  ): Promise<PullRow[]> {
    const held = await holdingsOfPulls(
      tx,
      rows.map((r) => r.pull.id),
    );
    const shipmentIds = [...held.values()].flatMap((h) => (h.shipmentId ? [h.shipmentId] : []));
    const cardsById = await cardsByIds(
      tx,
      rows.map((r) => r.pull.cardId),
    );
    const shipmentsById = await shipmentsByIds(tx, shipmentIds);
    return rows.flatMap((r) => {
      const card = cardsById.get(r.pull.cardId);
      const holding = held.get(r.pull.id);
      // Every pull has its holding (written with the pull); the guard satisfies the types.
      if (!card || !holding) return [];
      const shipment = holding.shipmentId ? (shipmentsById.get(holding.shipmentId) ?? null) : null;
      return [{ ...r, card, shipment, holdingState: holding.state }];
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

  /** The caller's pull, locked, with its card's holding; 409 once the card left the vault. */
  private async lockOwned(userId: string, pullId: string, tx: Tx) {
    const [pull] = await tx
      .select()
      .from(pulls)
      .where(and(eq(pulls.id, pullId), eq(pulls.userId, userId)))
      .for('update');
    if (!pull) throw pullNotFound();
    const holding = (await holdingsOfPulls(tx, [pull.id])).get(pull.id);
    if (!holding) throw pullNotFound();
    if (holding.state !== 'in_vault') throw leftTheVault(holding.state);
    return { pull, holding };
  }

  /**
   * Claim & Ship: the pull's card shipped from the vault in a box of its own, through the vault's
   * ship request (its fee schedule applies), to the given or the profile's address.
   */
  async claim(user: SessionUser, pullId: string, body: ClaimBody): Promise<Pull> {
    return this.db.transaction(async (tx) => {
      const { pull, holding } = await this.lockOwned(user.id, pullId, tx);
      if (!body.shippingAddress && !user.shippingAddress) {
        throw badRequest('Add a shipping address to claim this card.', {
          field: 'shippingAddress',
        });
      }
      await this.vault.ship(tx, user, {
        holdingIds: [holding.id],
        ...(body.shippingAddress ? { shippingAddress: body.shippingAddress } : {}),
      });
      await this.notifications.answered(tx, user.id, { type: 'pull', id: pull.id });
      return this.get(user.id, pull.id, tx);
    });
  }

  /** Instant credit of BUYBACK_PERCENT of the FMV, from the vault and within the window, once. */
  async sellBack(userId: string, pullId: string): Promise<SellBackResponse> {
    return this.db.transaction(async (tx) => {
      const { pull } = await this.lockOwned(userId, pullId, tx);
      const { creditCents, balanceCents } = await this.sellBacks.sellIn(tx, userId, pull);
      return {
        pull: await this.get(userId, pull.id, tx),
        credited: centsToDollars(creditCents),
        balance: centsToDollars(balanceCents),
      };
    });
  }

  /** The caller's auto-sell rule (decision 031): the threshold the buy dialog shows. */
  async autoSellRule(userId: string): Promise<AutoSellRule> {
    const belowCents = await autoSellRuleOf(this.db, userId);
    return { below: belowCents === null ? null : centsToDollars(belowCents) };
  }

  async setAutoSellRule(userId: string, rule: AutoSellRule): Promise<AutoSellRule> {
    await saveAutoSellRule(
      this.db,
      userId,
      rule.below === null ? null : dollarsToCents(rule.below),
    );
    return this.autoSellRule(userId);
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
