import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type ActiveCaseResponse,
  type BuyPackBody,
  type CaseDetailResponse,
  type CaseSummary,
  centsToDollars,
  type FairnessResponse,
  type PullResponse,
  type RecentPull,
  SOLD_OUT_MESSAGE,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, cards, grailCases, pulls, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { toPull, type BuybackTerms } from '../pulls/pull.view.js';
import { drawIndex, type ContentsEntry, type SeedVault } from './fairness.js';
import { GRAIL_EVENTS_CHANNEL, type PullNotice } from './grail.events.js';
import { displayGrade, iso, tierOf, toGrailCard, tiersToDollars } from './grail.view.js';

type CaseRow = typeof grailCases.$inferSelect;
type CardRow = typeof cards.$inferSelect;

const TOP_GRAILS = 8;
const PUBLIC_STATUSES = ['scheduled', 'active', 'sold_out', 'closed'] as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface DrawnRow {
  id: string;
  name: string;
  grader: CardRow['grader'];
  grade: string | null;
  cert_number: string | null;
  image_ids: string[];
  fmv_cents: number;
  position: number;
  pulled_at: string | Date;
}

/** 'scheduled' becomes 'active' by itself once its activation time has passed. */
export function effectiveStatus(c: CaseRow, now = new Date()): CaseRow['status'] {
  if (c.status === 'scheduled' && (!c.activationTime || c.activationTime <= now)) return 'active';
  return c.status;
}

export const caseNotFound = () => notFound('No Grail case with this id.');

/**
 * A stored time as ISO text, or null when the driver could not read it (it misreads years below
 * 100 as an invalid date): one such row must not turn a whole case list into a 500.
 */
const readableIso = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

/** The Grail Machine for collectors: the live case, its odds and history, and buying a pack. */
export class GrailService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly vault: SeedVault,
    private readonly buyback: BuybackTerms,
  ) {}

  // ---- Reading ----

  private async remainingCards(caseId: string, tx: Db | Tx = this.db): Promise<CardRow[]> {
    return (
      await tx
        .select({ card: cards })
        .from(caseCards)
        .innerJoin(cards, eq(cards.id, caseCards.cardId))
        .where(and(eq(caseCards.caseId, caseId), eq(caseCards.pulled, false)))
        .orderBy(desc(cards.fmvCents), asc(caseCards.position))
    ).map((r) => r.card);
  }

  private summarize(c: CaseRow, remaining: CardRow[]): ActiveCaseResponse {
    const fmvs = remaining.map((card) => card.fmvCents);
    const total = fmvs.reduce((a, b) => a + b, 0);
    return {
      caseId: c.id,
      packPrice: centsToDollars(c.packPriceCents),
      activationTime: readableIso(c.activationTime),
      name: c.name,
      description: c.description,
      status: effectiveStatus(c),
      totalItems: c.status === 'draft' ? remaining.length : c.totalItems,
      remaining: remaining.length,
      floorValue: fmvs.length ? centsToDollars(Math.min(...fmvs)) : 0,
      expectedValue: fmvs.length ? centsToDollars(Math.round(total / fmvs.length)) : 0,
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

  /** The live or scheduled case (SPEC §4: a 404 reads as "inactive" on the home page). */
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
      .select({ pull: pulls, card: cards, username: users.username, anon: users.pullsAnonymous })
      .from(pulls)
      .innerJoin(cards, eq(cards.id, pulls.cardId))
      .innerJoin(users, eq(users.id, pulls.userId))
      .where(pullId ? eq(pulls.id, pullId) : undefined)
      .orderBy(desc(pulls.pulledAt), desc(pulls.k))
      .limit(limit);
    return rows.map((r) =>
      toRecentPull(r.pull.id, r.card, r.pull.fmvCents, r.pull.pulledAt, r.anon ? null : r.username),
    );
  }

  async fairness(caseId: string): Promise<FairnessResponse> {
    const c = await this.publicCase(caseId);
    const contents = await contentsOf(this.db, c.id);
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

  /**
   * One pack, one transaction: check the case is open, debit the pack price, lock the case and
   * take pull number k, draw the card by the fairness rule from the remaining cards in position
   * order, record the pull, mark the card pulled, and NOTIFY (delivered on commit). Any failure
   * rolls all of it back; the same Idempotency-Key returns the first answer.
   */
  async buyPack(
    user: SessionUser,
    caseId: string,
    body: BuyPackBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<PullResponse>> {
    const clientSeed = body.clientSeed ?? user.clientSeed;
    return runIdempotent<PullResponse>(
      this.db,
      {
        userId: user.id,
        scope: `grail-pack:${caseId}`,
        key: idempotencyKey,
        request: { caseId, clientSeed },
      },
      async (tx) => {
        // A plain read first, so a sold-out or unopened case answers without touching the wallet.
        const [seen] = await tx.select().from(grailCases).where(eq(grailCases.id, caseId));
        assertOpen(seen);

        // The debit locks only this buyer's wallet row; it comes before the case lock so the
        // case row (the one point every buyer shares) is held for as little time as possible.
        const pullId = randomUUID();
        await this.wallet.debit(tx, user.id, seen.packPriceCents, {
          kind: 'pack',
          refType: 'pull',
          refId: pullId,
          description: `Grail pack: ${seen.name}`,
        });

        // Lock the case row and take pull number k in one statement; no row means it closed or
        // sold out while we waited, and the throw rolls the debit back.
        const [taken] = await tx
          .update(grailCases)
          .set({
            pullsCount: sql`${grailCases.pullsCount} + 1`,
            status: sql`case when ${grailCases.pullsCount} + 1 = ${grailCases.totalItems} then 'sold_out' else 'active' end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(grailCases.id, caseId),
              inArray(grailCases.status, ['scheduled', 'active']),
              sql`${grailCases.pullsCount} < ${grailCases.totalItems}`,
              sql`(${grailCases.activationTime} is null or ${grailCases.activationTime} <= now())`,
            ),
          )
          .returning();
        if (!taken) {
          const [now] = await tx.select().from(grailCases).where(eq(grailCases.id, caseId));
          assertOpen(now);
          throw conflict(SOLD_OUT_MESSAGE);
        }
        const k = taken.pullsCount;
        const remainingBefore = taken.totalItems - k + 1;
        // The server seed never leaves this process: the draw is computed here.
        const index = drawIndex(
          this.vault.open(taken.serverSeedEnc!),
          clientSeed,
          k,
          remainingBefore,
        );

        // One more statement while the row is held: the index-th remaining card by position is
        // marked pulled, the pull is recorded, and the NOTIFY is queued (delivered on commit).
        const notice: PullNotice = {
          pullId,
          caseId,
          k,
          remaining: remainingBefore - 1,
          totalItems: taken.totalItems,
          status: taken.status,
        };
        const [drawn] = rowsOf<DrawnRow>(
          await tx.execute(sql`
            with slot as (
              select card_id, position from ${caseCards}
              where case_id = ${caseId} and pulled = false
              order by position offset ${index} limit 1
            ), marked as (
              update ${caseCards} cc set pulled = true from slot
              where cc.card_id = slot.card_id
              returning slot.card_id, slot.position
            ), card as (
              update ${cards} c set status = 'pulled', updated_at = now() from marked
              where c.id = marked.card_id and c.status = 'in_case'
              returning c.id, c.name, c.grader, c.grade, c.cert_number, c.image_ids, c.fmv_cents
            ), pull as (
              insert into ${pulls} (id, case_id, user_id, card_id, k, client_seed, remaining_before,
                draw_index, position, price_cents, fmv_cents)
              select ${pullId}::uuid, ${caseId}::uuid, ${user.id}::uuid, card.id, ${k}::int,
                ${clientSeed}::text, ${remainingBefore}::int, ${index}::int, marked.position,
                ${taken.packPriceCents}::int, card.fmv_cents
              from card join marked on marked.card_id = card.id
              returning pulled_at
            )
            select card.*, marked.position, pull.pulled_at,
              pg_notify(${GRAIL_EVENTS_CHANNEL}, ${JSON.stringify(notice)})
            from card join marked on marked.card_id = card.id cross join pull`),
        );
        if (!drawn) throw new Error(`case ${caseId} has no card at index ${index}`);
        const card = {
          id: drawn.id,
          name: drawn.name,
          grader: drawn.grader,
          grade: drawn.grade,
          certNumber: drawn.cert_number,
          imageIds: drawn.image_ids,
          fmvCents: drawn.fmv_cents,
        };
        const pulledAt = new Date(drawn.pulled_at);
        const view = toPull(
          {
            pull: {
              id: pullId,
              caseId,
              userId: user.id,
              cardId: card.id,
              k,
              clientSeed,
              remainingBefore,
              drawIndex: index,
              position: drawn.position,
              priceCents: taken.packPriceCents,
              fmvCents: card.fmvCents,
              status: 'revealed',
              shipmentId: null,
              buybackCents: null,
              pulledAt,
              claimedAt: null,
              soldBackAt: null,
            },
            card,
            caseName: taken.name,
            totalItems: taken.totalItems,
            tiers: taken.tiers,
            shipment: null,
          },
          this.buyback,
        );
        return { pull: view };
      },
    );
  }
}

/**
 * A case's committed contents in position order: what the contents hash is computed over at
 * go-live, and what the fairness page lists so anyone can recompute it.
 */
export async function contentsOf(db: Db | Tx, caseId: string): Promise<ContentsEntry[]> {
  const rows = await db
    .select({
      position: caseCards.position,
      cardId: caseCards.cardId,
      grader: cards.grader,
      grade: cards.grade,
      certNumber: cards.certNumber,
      fmvCents: cards.fmvCents,
    })
    .from(caseCards)
    .innerJoin(cards, eq(cards.id, caseCards.cardId))
    .where(eq(caseCards.caseId, caseId))
    .orderBy(asc(caseCards.position));
  return rows.map((e) => ({ ...e, position: e.position ?? 0 }));
}

/** 404 for no such (or draft) case; 409 for closed, sold out or not yet open. */
function assertOpen(c: CaseRow | undefined, now = new Date()): asserts c is CaseRow {
  if (!c || c.status === 'draft') throw caseNotFound();
  if (c.status === 'closed') throw conflict('This case is closed.');
  if (c.status === 'sold_out' || c.pullsCount >= c.totalItems) throw conflict(SOLD_OUT_MESSAGE);
  if (c.activationTime && c.activationTime > now) {
    throw conflict(`This case opens at ${c.activationTime.toISOString()}.`, {
      activationTime: c.activationTime.toISOString(),
    });
  }
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
