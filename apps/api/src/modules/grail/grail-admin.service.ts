import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type AdminCase,
  type CaseInput,
  type CaseSummary,
  type CaseUpdate,
  DEFAULT_TIERS,
  dollarsToCents,
  type GrailCard,
  type TierInput,
  tierProblems,
  tierRange,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, grailCases } from '../../db/schema/index.js';
import { rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import { badRequest, conflict } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { contentsHash, newServerSeed, sha256Hex, type SeedVault } from './fairness.js';
import { availableCardsExcept } from '../inventory/inventory.reads.js';
import { releaseCardsFromCase, takeCardsForCase } from '../inventory/cards.service.js';
import { caseCardsOf, contentsOf, toCaseSummary } from './grail.service.js';
import { caseNotFound } from './grail.rules.js';
import { tierOf, toGrailCard, tiersToCents, tiersToDollars } from './grail.view.js';

type CaseRow = typeof grailCases.$inferSelect;

/** Go-live fixes the positions 1..N in the order the cards were added. */
const numberPositions = rawStatement(
  'grail.number_case_positions',
  (caseId: string) => sql`
    update ${caseCards} set position = numbered.n
    from (select card_id, row_number() over (order by added_at, card_id) as n
          from ${caseCards} where case_id = ${caseId}) as numbered
    where ${caseCards.cardId} = numbered.card_id`,
  SAMPLE_UUID,
);

/** The ids of every card any case holds or held (a card goes into one case at most). */
const cardsInCases = (db: Db | Tx) => db.select({ id: caseCards.cardId }).from(caseCards);

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' ||
    (err as { cause?: { code?: string } }).cause?.code === '23505');

/** Loading, launching and closing cases. Contents change only while a case is a draft. */
export class GrailAdminService {
  constructor(
    private readonly db: Db,
    private readonly vault: SeedVault,
  ) {}

  async listCases(): Promise<CaseSummary[]> {
    const rows = await this.db.select().from(grailCases).orderBy(desc(grailCases.createdAt));
    return rows.map(toCaseSummary);
  }

  async getCase(caseId: string, tx: Db | Tx = this.db): Promise<AdminCase> {
    const [c] = await tx.select().from(grailCases).where(eq(grailCases.id, caseId));
    if (!c) throw caseNotFound();
    const rows = (await caseCardsOf(tx, caseId)).sort(
      (a, b) =>
        (a.position ?? Infinity) - (b.position ?? Infinity) || b.card.fmvCents - a.card.fmvCents,
    );
    const summary = toCaseSummary(c);
    return {
      ...summary,
      totalItems: c.status === 'draft' ? rows.length : c.totalItems,
      remaining: c.status === 'draft' ? rows.length : summary.remaining,
      description: c.description,
      tiers: tiersToDollars(c.tiers),
      serverSeedHash: c.serverSeedHash,
      contentsHash: c.contentsHash,
      dropQueueMinutes: c.dropQueueMinutes,
      firstHourPackCap: c.firstHourPackCap,
      cards: rows.map((r) => ({
        ...toGrailCard(r.card, c.tiers),
        position: r.position,
        pulled: r.pulled,
      })),
    };
  }

  /** Cards that can go into a case: available and never in a case before. */
  async availableCards(): Promise<GrailCard[]> {
    const rows = await availableCardsExcept(this.db, cardsInCases(this.db), 500);
    return rows.map((card) => toGrailCard(card));
  }

  async createCase(input: CaseInput, tx: Db | Tx = this.db): Promise<string> {
    const tiers = input.tiers ?? DEFAULT_TIERS;
    assertTiersValid(tiers);
    const [row] = await tx
      .insert(grailCases)
      .values({
        name: input.name,
        description: input.description ?? '',
        packPriceCents: dollarsToCents(input.packPrice),
        activationTime: input.activationTime ? new Date(input.activationTime) : null,
        tiers: tiersToCents(tiers),
        dropQueueMinutes: input.dropQueueMinutes,
        firstHourPackCap: input.firstHourPackCap,
      })
      .returning({ id: grailCases.id });
    return row!.id;
  }

  async updateCase(caseId: string, patch: CaseUpdate): Promise<AdminCase> {
    if (patch.tiers !== undefined) assertTiersValid(patch.tiers);
    return this.db.transaction(async (tx) => {
      await lockDraft(caseId, tx);
      await tx
        .update(grailCases)
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.packPrice !== undefined && { packPriceCents: dollarsToCents(patch.packPrice) }),
          ...(patch.activationTime !== undefined && {
            activationTime: patch.activationTime ? new Date(patch.activationTime) : null,
          }),
          ...(patch.tiers !== undefined && { tiers: tiersToCents(patch.tiers) }),
          ...(patch.dropQueueMinutes !== undefined && {
            dropQueueMinutes: patch.dropQueueMinutes,
          }),
          ...(patch.firstHourPackCap !== undefined && {
            firstHourPackCap: patch.firstHourPackCap,
          }),
          updatedAt: sql`now()`,
        })
        .where(eq(grailCases.id, caseId));
      await notifyChange('grail', tx);
      return this.getCase(caseId, tx);
    });
  }

  /** Puts available cards into a draft case (they become `in_case`); all or none. */
  async addCards(caseId: string, cardIds: string[], tx?: Tx): Promise<void> {
    const run = async (t: Tx) => {
      await lockDraft(caseId, t);
      const unique = [...new Set(cardIds)];
      const taken = await takeCardsForCase(t, unique, cardsInCases(t));
      if (taken.length !== unique.length) {
        const got = new Set(taken);
        const missing = unique.filter((id) => !got.has(id));
        throw conflict(`These cards are not available for a case: ${missing.join(', ')}.`, {
          cardIds: missing,
        });
      }
      await t.insert(caseCards).values(unique.map((cardId) => ({ caseId, cardId })));
      await notifyChange('catalog', t);
    };
    if (tx) return run(tx);
    return this.db.transaction(run);
  }

  async removeCard(caseId: string, cardId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockDraft(caseId, tx);
      const [gone] = await tx
        .delete(caseCards)
        .where(and(eq(caseCards.caseId, caseId), eq(caseCards.cardId, cardId)))
        .returning();
      if (!gone) throw conflict('This card is not in the case.');
      await releaseCardsFromCase(tx, [cardId]);
      await notifyChange('catalog', tx);
    });
  }

  /**
   * Locks the contents and commits: positions 1..N are fixed, the contents hash and the hash of
   * a fresh 256-bit server seed are published, the seed is stored encrypted. Scheduled when the
   * activation time is still ahead, active otherwise. Only one case is live at a time. The tiers
   * must cover every FMV once and each must hold a card, so no published tier has zero odds.
   */
  async goLive(caseId: string, tx?: Tx): Promise<void> {
    const run = async (t: Tx) => {
      const c = await lockDraft(caseId, t);
      await t.execute(numberPositions(caseId));
      const contents = await contentsOf(caseId, t);
      if (contents.length === 0) throw conflict('Add at least one card before going live.');
      const problems = tierProblems(tiersToDollars(c.tiers));
      if (problems.length > 0) {
        throw conflict(`Fix the tiers before going live: ${problems.join('; ')}.`, {
          field: 'tiers',
        });
      }
      const empty = c.tiers.filter(
        (tier) => !contents.some((e) => tierOf(c.tiers, e.fmvCents) === tier),
      );
      if (empty.length > 0) {
        const names = tiersToDollars(empty).map((t) => `"${t.name}" (${tierRange(t)})`);
        throw conflict(
          empty.length === 1
            ? `Every tier needs a card before going live: tier ${names[0]} has none. Add a card in its range or change the tiers.`
            : `Every tier needs a card before going live: tiers ${names.join(', ')} have none. Add cards in their ranges or change the tiers.`,
          { field: 'tiers', emptyTiers: empty.map((t) => t.name) },
        );
      }
      const seed = newServerSeed();
      const scheduled = c.activationTime !== null && c.activationTime > new Date();
      try {
        await t
          .update(grailCases)
          .set({
            status: scheduled ? 'scheduled' : 'active',
            serverSeedEnc: this.vault.seal(seed),
            serverSeedHash: sha256Hex(seed),
            contentsHash: contentsHash(contents),
            totalItems: contents.length,
            pullsCount: 0,
            liveAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(grailCases.id, caseId));
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('Another case is live or scheduled; close it first.');
        throw err;
      }
      await notifyChange(['grail', 'catalog'], t);
    };
    if (tx) return run(tx);
    return this.db.transaction(run);
  }

  /**
   * Ends a case: the seed becomes public (fairness endpoint), unpulled cards go back to
   * inventory. A committed case is marked closed first: the database releases a committed card
   * from its case only once that case is closed.
   */
  async close(caseId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [c] = await tx.select().from(grailCases).where(eq(grailCases.id, caseId)).for('update');
      if (!c) throw caseNotFound();
      if (c.status === 'closed') throw conflict('This case is already closed.');
      const markClosed = () =>
        tx
          .update(grailCases)
          .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(grailCases.id, caseId));
      if (c.status !== 'draft') await markClosed();
      await releaseCardsFromCase(
        tx,
        tx
          .select({ id: caseCards.cardId })
          .from(caseCards)
          .where(and(eq(caseCards.caseId, caseId), eq(caseCards.pulled, false))),
      );
      if (c.status === 'draft') {
        // A draft never committed to anything: its cards are simply released.
        await tx.delete(caseCards).where(eq(caseCards.caseId, caseId));
        await markClosed();
      }
      await notifyChange(['grail', 'catalog'], tx);
    });
  }
}

async function lockDraft(caseId: string, tx: Tx): Promise<CaseRow> {
  const [c] = await tx.select().from(grailCases).where(eq(grailCases.id, caseId)).for('update');
  if (!c) throw caseNotFound();
  if (c.status !== 'draft') throw conflict('Only a draft case can be changed.');
  return c;
}

/** Tiers as the contract defines them (every FMV from 0 up in exactly one tier), else 400. */
function assertTiersValid(tiers: TierInput[]): void {
  const problems = tierProblems(tiers);
  if (problems.length > 0) {
    throw badRequest(`Invalid tiers: ${problems.join('; ')}.`, { field: 'tiers' });
  }
}
