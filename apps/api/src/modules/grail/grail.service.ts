import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  type ActiveCaseResponse,
  type BuyPackBody,
  type BuyPacksBody,
  type PackPurchaseResponse,
  type CaseChecklistResponse,
  type CaseDetailResponse,
  type CaseSummary,
  centsToDollars,
  dollarsToCents,
  type FairnessResponse,
  type PullResponse,
  type RecentPull,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import type { cards } from '../../db/schema/index.js';
import { caseCards, grailCases, pulls } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { IdempotentResult } from '../idempotency/idempotency.service.js';
import { cardsByIds } from '../inventory/inventory.reads.js';
import { publicNamesOf } from '../users/users.reads.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { BuybackTerms } from './pull.view.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { PullSellBacks } from './sell-back.js';
import type { ContentsEntry, SeedVault } from './fairness.js';
import { displayGrade, iso, tierOf, toGrailCard, tiersToDollars } from './grail.view.js';
import { caseNotFound, effectiveStatus } from './grail.rules.js';
import { valueFigures } from './value-figures.js';
import { CaseCopies } from './purchase/case-copies.js';
import { PackPurchases } from './purchase/buy-pack.js';
import { SeveralPacks } from './purchase/buy-several.js';
import { severalAnswerFrom, type PackOrder } from './purchase/receipt.js';

type CaseRow = typeof grailCases.$inferSelect;
type CardRow = typeof cards.$inferSelect;

const TOP_GRAILS = 8;
const PUBLIC_STATUSES = ['scheduled', 'active', 'sold_out', 'closed'] as const;

/**
 * A stored time as ISO text, or null when the driver could not read it (it misreads years below
 * 100 as an invalid date): one such row must not turn a whole case list into a 500.
 */
const readableIso = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

/** The Grail Machine for collectors: the live case, its odds and history, and buying a pack. */
export class GrailService {
  /** Buying a pack (purchase/buy-pack.ts). */
  readonly purchases: PackPurchases;
  /** Buying several packs at once (purchase/buy-several.ts). */
  private readonly severalPacks: SeveralPacks;

  constructor(
    private readonly db: Db,
    wallet: WalletService,
    private readonly vault: SeedVault,
    private readonly buyback: BuybackTerms,
    limits: LimitsService,
    /** Sells back the pulls an auto-sell rule asks for (decision 031). */
    sellBacks: PullSellBacks,
    /** Pulls with an FMV above this many cents are announced on Discord; null announces none. */
    announceAboveCents: () => number | null = () => null,
    /** LISTENs to every instance's pull notices (GRAIL_EVENTS_CHANNEL). */
    listenForPulls?: (onNotice: (payload: string) => void) => Promise<unknown>,
    /** Told the size of each group of purchases bought together (metrics). */
    onPurchaseGroup?: (size: number) => void,
  ) {
    this.purchases = new PackPurchases({
      db,
      wallet,
      limits,
      buyback,
      announceAboveCents,
      onGroup: onPurchaseGroup,
      copies: new CaseCopies(db, vault, listenForPulls),
    });
    this.severalPacks = new SeveralPacks({
      db,
      wallet,
      limits,
      buyback,
      vault,
      sellBacks,
      announceAboveCents,
    });
  }

  // ---- Reading ----

  private async remainingCards(caseId: string, tx: Db | Tx = this.db): Promise<CardRow[]> {
    const rows = await caseCardsOf(tx, caseId, eq(caseCards.pulled, false));
    return rows.map((r) => r.card);
  }

  private summarize(c: CaseRow, remaining: CardRow[]): ActiveCaseResponse {
    return {
      caseId: c.id,
      packPrice: centsToDollars(c.packPriceCents),
      activationTime: readableIso(c.activationTime),
      name: c.name,
      description: c.description,
      status: effectiveStatus(c),
      totalItems: c.status === 'draft' ? remaining.length : c.totalItems,
      remaining: remaining.length,
      ...valueFigures(
        remaining.map((card) => card.fmvCents),
        c.packPriceCents,
        this.buyback.percent,
      ),
      tiers: c.tiers.map((tier) => {
        const inTier = remaining.filter((card) => tierOf(c.tiers, card.fmvCents) === tier).length;
        return {
          ...tiersToDollars([tier])[0]!,
          remaining: inTier,
          probability: remaining.length ? inTier / remaining.length : 0,
        };
      }),
      serverSeedHash: c.serverSeedHash,
      contentsHash: c.contentsHash,
      buybackPercent: this.buyback.percent,
      buybackWindowHours: this.buyback.windowHours,
    };
  }

  private async publicCase(caseId: string): Promise<CaseRow> {
    const [c] = await this.db
      .select()
      .from(grailCases)
      .where(and(eq(grailCases.id, caseId), ne(grailCases.status, 'draft')));
    if (!c) throw caseNotFound();
    return c;
  }

  /** The live or scheduled case; none is a 404, which the home page reads as "inactive". */
  async activeCase(): Promise<ActiveCaseResponse> {
    const [c] = await this.db
      .select()
      .from(grailCases)
      .where(inArray(grailCases.status, ['scheduled', 'active']))
      .limit(1);
    if (!c) throw notFound('No Grail case is live right now.');
    return this.summarize(c, await this.remainingCards(c.id));
  }

  async caseDetail(caseId: string): Promise<CaseDetailResponse> {
    const c = await this.publicCase(caseId);
    const remaining = await this.remainingCards(c.id);
    const summary = this.summarize(c, remaining);
    return {
      ...summary,
      liveAt: iso(c.liveAt),
      closedAt: iso(c.closedAt),
      remainingByTier: summary.tiers.map((odds) => ({
        ...odds,
        cards: remaining
          .filter((card) => tierOf(c.tiers, card.fmvCents)?.name === odds.name)
          .map((card) => toGrailCard(card, c.tiers)),
      })),
      topGrails: remaining.slice(0, TOP_GRAILS).map((card) => toGrailCard(card, c.tiers)),
    };
  }

  /**
   * The whole case as a checklist: every card it was filled with, by tier, the pulled ones marked,
   * with each tier's odds over the cards still in it.
   */
  async caseChecklist(caseId: string): Promise<CaseChecklistResponse> {
    const c = await this.publicCase(caseId);
    const rows = await caseCardsOf(this.db, c.id);
    const summary = this.summarize(
      c,
      rows.filter((r) => !r.pulled).map((r) => r.card),
    );
    return {
      caseId: c.id,
      totalItems: summary.totalItems,
      remaining: summary.remaining,
      tiers: summary.tiers.map((odds) => {
        const inTier = rows.filter((r) => tierOf(c.tiers, r.card.fmvCents)?.name === odds.name);
        return {
          ...odds,
          total: inTier.length,
          cards: inTier.map((r) => ({ ...toGrailCard(r.card, c.tiers), pulled: r.pulled })),
        };
      }),
    };
  }

  /** Every case collectors have seen, newest first (the fairness page lists them). */
  async listCases(): Promise<CaseSummary[]> {
    const rows = await this.db
      .select()
      .from(grailCases)
      .where(inArray(grailCases.status, [...PUBLIC_STATUSES]))
      .orderBy(desc(grailCases.liveAt))
      .limit(50);
    return rows.map((c) => toCaseSummary(c));
  }

  async recentPulls(limit: number, pullId?: string): Promise<RecentPull[]> {
    const rows = await this.db
      .select()
      .from(pulls)
      .where(pullId ? eq(pulls.id, pullId) : undefined)
      .orderBy(desc(pulls.pulledAt), desc(pulls.k))
      .limit(limit);
    const [cardsById, names] = await Promise.all([
      cardsByIds(
        this.db,
        rows.map((p) => p.cardId),
      ),
      publicNamesOf(this.db, [...new Set(rows.map((p) => p.userId))]),
    ]);
    return rows.flatMap((p) => {
      const card = cardsById.get(p.cardId);
      const name = names.get(p.userId);
      if (!card || !name) return [];
      return [
        toRecentPull(p.id, card, p.fmvCents, p.pulledAt, name.anonymous ? null : name.username),
      ];
    });
  }

  async fairness(caseId: string): Promise<FairnessResponse> {
    const c = await this.publicCase(caseId);
    const contents = await contentsOf(c.id, this.db);
    const history = await this.db
      .select()
      .from(pulls)
      .where(eq(pulls.caseId, c.id))
      .orderBy(asc(pulls.k));
    const revealed = c.status === 'sold_out' || c.status === 'closed';
    return {
      caseId: c.id,
      name: c.name,
      status: effectiveStatus(c),
      serverSeedHash: c.serverSeedHash ?? '',
      contentsHash: c.contentsHash ?? '',
      // Read from the cards: the database keeps a committed card's FMV, grader, grade and cert
      // number as they were at go-live (migration 0007), so these recompute the contents hash.
      contents,
      pulls: history.map((p) => ({
        k: p.k,
        clientSeed: p.clientSeed,
        remainingBefore: p.remainingBefore,
        index: p.drawIndex,
        position: p.position,
        cardId: p.cardId,
        pulledAt: p.pulledAt.toISOString(),
      })),
      serverSeed:
        revealed && c.serverSeedEnc ? this.vault.open(c.serverSeedEnc).toString('hex') : null,
    };
  }

  // ---- Buying a pack ----

  /** One pack, one transaction (purchase/buy-pack.ts). */
  buyPack(
    user: SessionUser,
    caseId: string,
    body: BuyPackBody,
    idempotencyKey: string,
    /** The buyer's session, checked again inside the purchase's transaction. */
    sessionId: string,
  ): Promise<IdempotentResult<PullResponse>> {
    return this.purchases.buy({
      user,
      sessionId,
      caseId,
      chosenSeed: body.clientSeed,
      key: { userId: user.id, scope: `grail-pack:${caseId}`, key: idempotencyKey },
      packs: 1,
    });
  }

  /**
   * 1, 3, 5 or 10 packs in one purchase (decisions 028 and 036). One pack takes the single pack's
   * path (its key is a single pack's, and its answer the same pull); more go in the single pack's
   * groups, one round trip with the purchases waiting beside them, and when that cannot buy them,
   * one transaction of their own (purchase/buy-several.ts). With an auto-sell threshold (decision
   * 031) even one pack takes that transaction, under the single pack's key scope, so the single
   * pack's path stays as it is for every purchase without one.
   */
  async buyPacks(
    user: SessionUser,
    caseId: string,
    body: BuyPacksBody,
    idempotencyKey: string,
    sessionId: string,
  ): Promise<IdempotentResult<PackPurchaseResponse>> {
    const autoSellBelowCents =
      body.autoSellBelow === undefined ? undefined : dollarsToCents(body.autoSellBelow);
    if (body.packs === 1 && autoSellBelowCents === undefined) {
      const { body: answer, replayed } = await this.buyPack(
        user,
        caseId,
        body,
        idempotencyKey,
        sessionId,
      );
      const { pull } = answer;
      return {
        body: { pulls: [pull], paid: pull.price, totalFmv: pull.card.fmv, autoSell: null },
        replayed,
      };
    }
    const scope = body.packs === 1 ? `grail-pack:${caseId}` : `grail-packs:${caseId}`;
    const order: PackOrder = {
      user,
      sessionId,
      caseId,
      chosenSeed: body.clientSeed,
      key: { userId: user.id, scope, key: idempotencyKey },
      packs: body.packs,
    };
    if (autoSellBelowCents === undefined) {
      const receipts = await this.purchases.buyQuick(order);
      if (receipts) return { body: severalAnswerFrom(receipts), replayed: false };
    }
    return this.severalPacks.buy(order, body.packs, autoSellBelowCents);
  }
}

/**
 * A case's committed contents in position order: what the contents hash is computed over at
 * go-live, and what the fairness page lists so anyone can recompute it.
 */
export async function contentsOf(caseId: string, db: Db | Tx): Promise<ContentsEntry[]> {
  const rows = await db
    .select({ position: caseCards.position, cardId: caseCards.cardId })
    .from(caseCards)
    .where(eq(caseCards.caseId, caseId))
    .orderBy(asc(caseCards.position));
  const cardsById = await cardsByIds(
    db,
    rows.map((r) => r.cardId),
  );
  return rows.flatMap((e) => {
    const card = cardsById.get(e.cardId);
    if (!card) return [];
    const { grader, grade, certNumber, fmvCents } = card;
    return [{ position: e.position ?? 0, cardId: e.cardId, grader, grade, certNumber, fmvCents }];
  });
}

/**
 * A case's cards (those matching `where` too) with where each sits and whether it was pulled,
 * highest FMV first, then by position.
 */
export async function caseCardsOf(db: Db | Tx, caseId: string, where?: SQL) {
  const rows = await db
    .select({ cardId: caseCards.cardId, position: caseCards.position, pulled: caseCards.pulled })
    .from(caseCards)
    .where(and(eq(caseCards.caseId, caseId), where));
  const cardsById = await cardsByIds(
    db,
    rows.map((r) => r.cardId),
  );
  return rows
    .flatMap(({ cardId, position, pulled }) => {
      const card = cardsById.get(cardId);
      return card ? [{ card, position, pulled }] : [];
    })
    .sort(
      (a, b) =>
        b.card.fmvCents - a.card.fmvCents || (a.position ?? Infinity) - (b.position ?? Infinity),
    );
}

export function toCaseSummary(c: CaseRow): CaseSummary {
  return {
    caseId: c.id,
    name: c.name,
    status: effectiveStatus(c),
    packPrice: centsToDollars(c.packPriceCents),
    activationTime: readableIso(c.activationTime),
    totalItems: c.totalItems,
    remaining: c.totalItems - c.pullsCount,
    liveAt: readableIso(c.liveAt),
    closedAt: readableIso(c.closedAt),
  };
}

function toRecentPull(
  id: string,
  card: CardRow,
  fmvCents: number,
  pulledAt: Date,
  username: string | null,
): RecentPull {
  const view = toGrailCard({ ...card, fmvCents });
  return {
    _id: id,
    name: view.name,
    grade: displayGrade(card),
    images: view.images,
    imageUrl: view.imageUrl,
    fmv: view.fmv,
    pulledAt: pulledAt.toISOString(),
    pulledBy: username ?? 'Anonymous',
  };
}
