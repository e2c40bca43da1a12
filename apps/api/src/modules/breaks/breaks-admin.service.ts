import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminBreak,
  type BreakSummary,
  type BreakUpdate,
  type CancelBreakResponse,
  dollarsToCents,
  type HitInput,
  type HitUpdate,
  teamKey,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { breakHits, breaks, breakSpotSales, breakSpots } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { unknownImageIds } from '../images/images.service.js';
import { holdBreakHit } from '../vault/holdings.service.js';
import { type BreakSeedVault, drawTeams, unownedHitSpot } from './fairness.js';
import { insertDraft, type NewBreak, putOnSale, spotRowsOf, type Team } from './drafts.js';
import { breakNotFound, notifyBreak, saleOfSpot } from './breaks.reads.js';
import type { BreaksService } from './breaks.service.js';
import type { BreakRow } from './breaks.view.js';
import { withHoldings } from './hit-status.js';

type NewHit = z.output<typeof HitInput>;

/** Once spots are on sale, only these may change: the rest is what buyers paid for. */
const CHANGEABLE_ON_SALE = new Set(['streamUrl', 'description']);

/** What an audit record keeps of a break. */
const auditView = (b: BreakRow) => ({
  status: b.status,
  title: b.title,
  spotsSold: b.spotsSold,
  totalSpots: b.totalSpots,
});

/**
 * Staff running breaks: drafts, putting spots on sale (the seed is committed), running the
 * break (the teams are drawn and the seed revealed), entering hits, ending and cancelling.
 * Every command is one transaction with its audit record.
 */
export class BreaksAdminService {
  constructor(
    private readonly db: Db,
    private readonly deps: { breaks: BreaksService; vault: BreakSeedVault; audit: AuditService },
  ) {}

  async list(): Promise<BreakSummary[]> {
    await this.deps.breaks.refunds.sweepDue();
    const rows = await this.db.select().from(breaks).orderBy(desc(breaks.createdAt)).limit(500);
    return this.deps.breaks.pages.summaries(rows);
  }

  async get(breakId: string, tx: Db | Tx = this.db): Promise<AdminBreak> {
    const [b] = await tx.select().from(breaks).where(eq(breaks.id, breakId));
    if (!b) throw breakNotFound();
    return this.deps.breaks.pages.assemble(b, null, tx);
  }

  /** The audit record of a staff command on a break, in its transaction. */
  private async audit(
    tx: Tx,
    actor: SessionUser,
    action: string,
    breakId: string,
    change: { before?: unknown; after?: unknown },
  ) {
    await this.deps.audit.record(
      { actorId: actor.id, action, subjectType: 'break', subjectId: breakId, ...change },
      tx,
    );
  }

  private async lock(breakId: string, tx: Tx): Promise<BreakRow> {
    const [b] = await tx.select().from(breaks).where(eq(breaks.id, breakId)).for('update');
    if (!b) throw breakNotFound();
    return b;
  }

  private async assertImage(imageId: string | null | undefined, tx: Tx) {
    if (imageId && (await unknownImageIds([imageId], tx)).length > 0) {
      throw badRequest('Invalid body imageId: must be the id of an uploaded image', {
        field: 'imageId',
      });
    }
  }

  async create(actor: SessionUser, input: NewBreak): Promise<AdminBreak> {
    return this.db.transaction(async (tx) => {
      await this.assertImage(input.imageId, tx);
      const b = await insertDraft(input, actor.id, tx);
      await this.audit(tx, actor, 'break.create', b.id, { after: auditView(b) });
      return this.get(b.id, tx);
    });
  }

  /**
   * A break on sale from the first start (the demo data, seeded before any staff account exists,
   * so no audit record names an actor). Returns its id.
   */
  async createOnSale(input: NewBreak, tx: Tx): Promise<string> {
    const b = await insertDraft(input, null, tx);
    await putOnSale(b.id, this.deps.vault, tx);
    return b.id;
  }

  /** A draft may change in full; once on sale, only its stream link and description. */
  async update(actor: SessionUser, breakId: string, patch: BreakUpdate): Promise<AdminBreak> {
    return this.db.transaction(async (tx) => {
      const b = await this.lock(breakId, tx);
      const fields = Object.keys(patch).filter((k) => patch[k as keyof BreakUpdate] !== undefined);
      if (b.status === 'completed' || b.status === 'cancelled') {
        throw conflict(`This break is ${b.status}: it can no longer change.`);
      }
      if (b.status !== 'draft') {
        const fixed = fields.filter((f) => !CHANGEABLE_ON_SALE.has(f));
        if (fixed.length) {
          throw conflict(
            `Spots are on sale: only the stream link and the description can change, not ${fixed.join(', ')}.`,
          );
        }
      }
      await this.assertImage(patch.imageId, tx);
      const teams = patch.teams?.length ? patch.teams : null;
      const total = teams ? teams.length : b.totalSpots;
      const minSpots = patch.minSpots === undefined ? null : (patch.minSpots ?? total);
      const minAfter = minSpots ?? (teams ? Math.min(b.minSpots, total) : b.minSpots);
      if (patch.minSpots != null && patch.minSpots > total) {
        throw badRequest(`Invalid body minSpots: must be at most the number of spots (${total})`, {
          field: 'minSpots',
        });
      }
      const deadline = patch.salesDeadline ? new Date(patch.salesDeadline) : b.salesDeadline;
      const scheduled = patch.scheduledAt ? new Date(patch.scheduledAt) : b.scheduledAt;
      if (scheduled < deadline) {
        throw badRequest('Invalid body scheduledAt: must not be before the sales deadline', {
          field: 'scheduledAt',
        });
      }
      const spotPriceCents =
        patch.spotPrice === undefined ? b.spotPriceCents : dollarsToCents(patch.spotPrice);
      const format = patch.format ?? b.format;
      const [after] = await tx
        .update(breaks)
        .set({
          ...(patch.title !== undefined && { title: patch.title }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.sport !== undefined && { sport: patch.sport }),
          ...(patch.imageId !== undefined && { imageId: patch.imageId }),
          ...(patch.boxes !== undefined && { boxes: patch.boxes }),
          ...(patch.packsPerBox !== undefined && { packsPerBox: patch.packsPerBox }),
          ...(patch.streamUrl !== undefined && { streamUrl: patch.streamUrl }),
          ...(patch.unownedHitRule !== undefined && { unownedHitRule: patch.unownedHitRule }),
          format,
          spotPriceCents,
          totalSpots: total,
          minSpots: minAfter,
          teams: teams ? teams.map((t) => t.name) : b.teams,
          salesDeadline: deadline,
          scheduledAt: scheduled,
          updatedAt: sql`now()`,
        })
        .where(eq(breaks.id, breakId))
        .returning();
      if (
        b.status === 'draft' &&
        (teams || patch.format !== undefined || patch.spotPrice !== undefined)
      ) {
        // The spots follow the team list, format and price of the draft.
        const current = await tx
          .select()
          .from(breakSpots)
          .where(eq(breakSpots.breakId, breakId))
          .orderBy(asc(breakSpots.spotNumber));
        const list: Team[] =
          teams ??
          b.teams.map((name, i) => {
            const spot = current[i];
            const ownPrice =
              b.format === 'pick_team' && spot && spot.priceCents !== b.spotPriceCents;
            return { name, price: ownPrice ? spot.priceCents / 100 : undefined };
          });
        await tx.delete(breakSpots).where(eq(breakSpots.breakId, breakId));
        await tx.insert(breakSpots).values(spotRowsOf(breakId, format, list, spotPriceCents));
      }
      await this.audit(tx, actor, 'break.update', breakId, {
        before: { ...auditView(b), fields },
        after: auditView(after!),
      });
      if (b.status !== 'draft') await notifyBreak({ breakId, type: 'spots' }, tx);
      return this.get(breakId, tx);
    });
  }

  /** Puts the spots on sale: a fresh server seed, sealed, with its SHA-256 published. */
  async open(actor: SessionUser, breakId: string): Promise<AdminBreak> {
    return this.db.transaction(async (tx) => {
      const b = await this.lock(breakId, tx);
      if (b.status !== 'draft') throw conflict('This break is already on sale or past it.');
      if (b.salesDeadline.getTime() <= Date.now()) {
        throw conflict('The sales deadline has passed: move it into the future before opening.');
      }
      const after = await putOnSale(breakId, this.deps.vault, tx);
      await this.audit(tx, actor, 'break.open', breakId, {
        before: auditView(b),
        after: { ...auditView(after), serverSeedHash: after.serverSeedHash },
      });
      return this.get(breakId, tx);
    });
  }

  /**
   * Runs a filled break: the public input is fixed from the sold spots' client seeds in
   * purchase order, the teams are drawn (random team) and the seed is revealed; watchers see the
   * shuffle step by step over the live events.
   */
  async start(actor: SessionUser, breakId: string): Promise<AdminBreak> {
    await this.deps.breaks.refunds.sweepDue(breakId);
    return this.db.transaction(async (tx) => {
      const b = await this.lock(breakId, tx);
      if (b.status === 'draft') throw conflict('Put the spots on sale first.');
      if (b.status === 'open') {
        throw conflict(
          `Sales are still open: ${b.spotsSold} of ${b.totalSpots} spots sold. The break can run once it fills, or at its deadline with at least ${b.minSpots} sold.`,
        );
      }
      if (b.status === 'cancelled') throw conflict('This break was cancelled.');
      if (b.status !== 'filled') throw conflict('This break has already run.');
      const sales = await tx
        .select()
        .from(breakSpotSales)
        .where(and(eq(breakSpotSales.breakId, breakId), isNull(breakSpotSales.refundedAt)))
        .orderBy(asc(breakSpotSales.k));
      const publicInput = sales.map((s) => s.clientSeed).join(',');
      if (b.format === 'random_team') {
        const { order } = drawTeams(this.deps.vault.open(b.serverSeedEnc!), publicInput, b.teams);
        for (const [index, team] of order.entries()) {
          await tx
            .update(breakSpots)
            .set({ team })
            .where(and(eq(breakSpots.breakId, breakId), eq(breakSpots.spotNumber, index + 1)));
        }
      }
      const [after] = await tx
        .update(breaks)
        .set({ status: 'live', startedAt: sql`now()`, publicInput, updatedAt: sql`now()` })
        .where(eq(breaks.id, breakId))
        .returning();
      await this.audit(tx, actor, 'break.start', breakId, {
        before: auditView(b),
        after: { ...auditView(after!), publicInput },
      });
      await notifyBreak({ breakId, type: 'started' }, tx);
      await notifyBreak({ breakId, type: 'spots' }, tx);
      return this.get(breakId, tx);
    });
  }

  /**
   * Enters a hit of a live break and gives it to the holder of its team's spot. A team whose
   * spot did not sell stays with the breaker (the house); a team on no spot goes by the break's
   * rule: the house, or a sold spot drawn with the revealed seed from the hit's number.
   */
  async addHit(actor: SessionUser, breakId: string, input: NewHit) {
    return this.db.transaction(async (tx) => {
      const b = await this.lock(breakId, tx);
      if (b.status !== 'live') {
        throw conflict(
          b.status === 'completed'
            ? 'This break has ended: no more hits can be entered.'
            : 'Hits are entered while the break is live: start it first.',
        );
      }
      await this.assertImage(input.imageId, tx);
      const listed = b.teams.find((t) => teamKey(t) === teamKey(input.team));
      const [{ next } = { next: 1 }] = await tx
        .select({ next: sql<number>`coalesce(max(${breakHits.hitNumber}), 0)::int + 1` })
        .from(breakHits)
        .where(eq(breakHits.breakId, breakId));
      const held = await tx
        .select({
          spotNumber: breakSpots.spotNumber,
          team: breakSpots.team,
          userId: breakSpotSales.userId,
          priceCents: breakSpotSales.priceCents,
        })
        .from(breakSpots)
        .innerJoin(breakSpotSales, and(saleOfSpot, isNull(breakSpotSales.refundedAt)))
        .where(eq(breakSpots.breakId, breakId))
        .orderBy(asc(breakSpots.spotNumber));
      let owner: (typeof held)[number] | null = null;
      if (listed) {
        owner = held.find((s) => s.team === listed) ?? null;
      } else if (b.unownedHitRule === 'random_spot' && held.length > 0) {
        const spotNumber = unownedHitSpot(
          this.deps.vault.open(b.serverSeedEnc!),
          b.publicInput ?? '',
          next,
          held.map((s) => s.spotNumber),
        );
        owner = held.find((s) => s.spotNumber === spotNumber)!;
      }
      const [hit] = await tx
        .insert(breakHits)
        .values({
          breakId,
          hitNumber: next,
          packNumber: input.packNumber,
          cardName: input.cardName,
          team: listed ?? input.team,
          detail: input.detail,
          imageId: input.imageId,
          spotNumber: owner?.spotNumber ?? null,
          userId: owner?.userId ?? null,
          status: owner ? 'held' : 'house',
          buybackCents:
            owner && input.buybackPrice !== null ? dollarsToCents(input.buybackPrice) : null,
        })
        .returning();
      if (owner) {
        await holdBreakHit(tx, {
          userId: owner.userId,
          hitId: hit!.id,
          breakId,
          costCents: owner.priceCents,
          at: hit!.createdAt,
        });
      }
      await this.audit(tx, actor, 'break.hit', breakId, {
        after: {
          hitId: hit!.id,
          hitNumber: hit!.hitNumber,
          cardName: hit!.cardName,
          team: hit!.team,
          spotNumber: hit!.spotNumber,
          userId: hit!.userId,
        },
      });
      await notifyBreak({ breakId, type: 'hit', hitId: hit!.id }, tx);
      return this.get(breakId, tx);
    });
  }

  /** Sets or clears the buyback price of a hit its owner still holds. */
  async updateHit(
    actor: SessionUser,
    breakId: string,
    hitId: string,
    patch: HitUpdate,
  ): Promise<AdminBreak> {
    return this.db.transaction(async (tx) => {
      const [hit] = await tx
        .select()
        .from(breakHits)
        .where(and(eq(breakHits.id, hitId), eq(breakHits.breakId, breakId)))
        .for('update');
      if (!hit) throw breakNotFound();
      const [now] = await withHoldings(tx, [hit]);
      if (now!.status !== 'held') {
        throw conflict(
          now!.status === 'house'
            ? 'Nobody holds this hit: it has no buyback.'
            : `This hit is ${now!.status.replace('_', ' ')}: its buyback can no longer change.`,
        );
      }
      const buybackCents = patch.buybackPrice === null ? null : dollarsToCents(patch.buybackPrice);
      await tx.update(breakHits).set({ buybackCents }).where(eq(breakHits.id, hitId));
      await this.audit(tx, actor, 'break.hit.buyback', breakId, {
        before: { hitId, buybackCents: hit.buybackCents },
        after: { hitId, buybackCents },
      });
      return this.get(breakId, tx);
    });
  }

  /** Ends a live break: its owners may now claim their hits. */
  async complete(actor: SessionUser, breakId: string): Promise<AdminBreak> {
    return this.db.transaction(async (tx) => {
      const b = await this.lock(breakId, tx);
      if (b.status !== 'live') {
        throw conflict(
          b.status === 'completed' ? 'This break has already ended.' : 'Only a live break can end.',
        );
      }
      const [after] = await tx
        .update(breaks)
        .set({ status: 'completed', endedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(breaks.id, breakId))
        .returning();
      await this.audit(tx, actor, 'break.complete', breakId, {
        before: auditView(b),
        after: auditView(after!),
      });
      await notifyBreak({ breakId, type: 'spots' }, tx);
      return this.get(breakId, tx);
    });
  }

  /** Cancels a break that has not run; every spot is refunded to its buyer's wallet. */
  async cancel(actor: SessionUser, breakId: string): Promise<CancelBreakResponse> {
    return this.db.transaction(async (tx) => {
      const b = await this.lock(breakId, tx);
      const done = await this.deps.breaks.refunds.cancelAndRefund(
        breakId,
        { allowDraft: true },
        tx,
      );
      if (!done) {
        throw conflict(
          b.status === 'cancelled'
            ? 'This break is already cancelled.'
            : 'This break has run: it can no longer be cancelled.',
        );
      }
      await this.audit(tx, actor, 'break.cancel', breakId, {
        before: auditView(b),
        after: { ...auditView(done.row), refunded: done.refunded },
      });
      await notifyBreak({ breakId, type: 'spots' }, tx);
      return { break: await this.get(breakId, tx), refunded: done.refunded };
    });
  }
}
