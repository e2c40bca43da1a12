import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  dollarsToCents,
  formatCents,
  SUBMISSION_STATUSES,
  type AddToInventoryBody,
  type AdminSubmission,
  type AdminSubmissionListResponse,
  type AdminSubmissionsQuery,
  type OfferBody,
  type ReturnBody,
} from '@grail/contract';
import type { z } from 'zod';
import { submissionCards, submissions } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { usersByIds } from '../users/users.reads.js';
import { act, expireDue, type Apply } from './changes.js';
import { joinNotes, noSubmission, type SubmissionsContext } from './context.js';
import { staffView, summaries, toSummary } from './submissions.reads.js';
import { gradeValueOf, type SubmissionAction } from './submissions.rules.js';
import { finalOfferCents, type SubmissionCardRow } from './submissions.view.js';

type AdminQuery = z.output<typeof AdminSubmissionsQuery>;
type OfferInput = z.output<typeof OfferBody>;
type ReturnInput = z.output<typeof ReturnBody>;
type InventoryInput = z.output<typeof AddToInventoryBody>;

/**
 * The staff's review queue: the list, a submission's page, and every step from review to offer,
 * receipt, verification, return and cancellation, and a verified slab into the inventory. Each
 * step is audited in its own transaction (payouts: payouts.service.ts).
 */
export class StaffSubmissions {
  constructor(private readonly ctx: SubmissionsContext) {}

  private get db() {
    return this.ctx.db;
  }

  async list(query: AdminQuery): Promise<AdminSubmissionListResponse> {
    await expireDue(this.ctx);
    const where = query.status ? eq(submissions.status, query.status) : undefined;
    const [rows, totals, byStatus] = await Promise.all([
      summaries(this.db, where)
        .orderBy(asc(submissions.createdAt), asc(submissions.number))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(submissions).where(where),
      this.db
        .select({ status: submissions.status, n: count() })
        .from(submissions)
        .groupBy(submissions.status),
    ]);
    const counts: Record<string, number> = Object.fromEntries(
      SUBMISSION_STATUSES.map((s) => [s, 0]),
    );
    for (const r of byStatus) counts[r.status] = r.n;
    const collectors = await usersByIds(
      this.db,
      rows.map((r) => r.submission.userId),
    );
    const now = this.ctx.deps.now();
    return {
      submissions: rows.map((r) => ({
        ...toSummary(now, r),
        collector: collectors.get(r.submission.userId)?.username ?? '',
        askingTotal: r.askingCents === null ? null : Number(r.askingCents) / 100,
        submittedAt: r.submission.createdAt.toISOString(),
      })),
      total: totals[0]?.n ?? 0,
      page: query.page,
      limit: query.limit,
      counts,
    };
  }

  async get(id: string): Promise<AdminSubmission> {
    await expireDue(this.ctx, { id });
    const [row] = await this.db.select().from(submissions).where(eq(submissions.id, id));
    if (!row) throw noSubmission();
    return staffView(this.ctx, row, this.db);
  }

  /** Asks PSA about the submission's PSA certs (the cache answers those it knows). */
  async psaRefresh(id: string, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<AdminSubmission> {
    const [row] = await this.db.select().from(submissions).where(eq(submissions.id, id));
    if (!row) throw noSubmission();
    const cards = await this.db
      .select()
      .from(submissionCards)
      .where(and(eq(submissionCards.submissionId, id), eq(submissionCards.grader, 'PSA')));
    for (const card of cards) {
      await this.ctx.deps.psa.lookup(card.certNumber, log ?? this.ctx.deps.log);
    }
    return staffView(this.ctx, row, this.db);
  }

  async review(staff: SessionUser, id: string, note: string | null) {
    return this.change(staff, id, 'review', async () => ({
      steps: [{ to: 'under_review', note }],
    }));
  }

  async makeOffer(staff: SessionUser, id: string, body: OfferInput) {
    return this.change(staff, id, 'offer', async (tx, _row, cards) => {
      const offers = offersFor(cards, body, true);
      for (const [cardId, o] of offers) {
        await tx
          .update(submissionCards)
          .set({
            offerCents: o.cents,
            offerNote: o.note,
            adjustedOfferCents: null,
            adjustedNote: null,
          })
          .where(eq(submissionCards.id, cardId));
      }
      const total = [...offers.values()].reduce((t, o) => t + o.cents, 0);
      return {
        set: { offerExpiresAt: this.offerExpiry() },
        steps: [
          { to: 'offer_made', note: joinNotes(`Offer of ${formatCents(total)}.`, body.note) },
        ],
      };
    });
  }

  async receive(staff: SessionUser, id: string, note: string | null) {
    return this.change(staff, id, 'receive', async () => ({
      set: { receivedAt: this.ctx.deps.now() },
      steps: [{ to: 'received', note }],
    }));
  }

  async verify(staff: SessionUser, id: string, note: string | null) {
    return this.change(staff, id, 'verify', async () => ({ steps: [{ to: 'verified', note }] }));
  }

  async adjust(staff: SessionUser, id: string, body: OfferInput) {
    return this.change(staff, id, 'adjust', async (tx, _row, cards) => {
      const offers = offersFor(cards, body, false);
      for (const [cardId, o] of offers) {
        await tx
          .update(submissionCards)
          .set({ adjustedOfferCents: o.cents, adjustedNote: o.note })
          .where(eq(submissionCards.id, cardId));
      }
      const after = cards.map((c) => offers.get(c.id)?.cents ?? finalOfferCents(c) ?? 0);
      const total = after.reduce((t, c) => t + c, 0);
      return {
        set: { offerExpiresAt: this.offerExpiry() },
        steps: [
          {
            to: 'offer_adjusted',
            note: joinNotes(`Adjusted offer of ${formatCents(total)}.`, body.note),
          },
        ],
      };
    });
  }

  async returnCards(staff: SessionUser, id: string, body: ReturnInput) {
    return this.change(staff, id, 'return', async () => {
      const shipped =
        body.carrier && body.trackingNumber
          ? `Sent back with ${body.carrier}, tracking ${body.trackingNumber}.`
          : null;
      return { steps: [{ to: 'returned', note: joinNotes(shipped, body.note) }] };
    });
  }

  async cancel(staff: SessionUser, id: string, note: string | null) {
    return this.change(staff, id, 'cancel', async () => ({ steps: [{ to: 'cancelled', note }] }));
  }

  /**
   * A verified (or paid) slab becomes a catalogue card in one step: a store card with a price, or
   * a case card without one, with its FMV. One slab becomes at most one card (UNIQUE).
   */
  async addToInventory(staff: SessionUser, id: string, cardId: string, body: InventoryInput) {
    let productId = '';
    const submission = await this.change(staff, id, 'inventory', async (tx, _row, cards) => {
      const card = cards.find((c) => c.id === cardId);
      if (!card) throw notFound('No card with this id in the submission.');
      if (card.inventoryCardId) throw conflict('This card is already in the inventory.');
      const product = await this.ctx.deps.catalog.create(
        {
          name: body.name ?? `${card.year} ${card.setName} ${card.player} #${card.cardNumber}`,
          player: card.player,
          year: card.year,
          setName: card.setName,
          cardNumber: card.cardNumber,
          sport: body.sport,
          team: null,
          variant: null,
          grader: card.grader,
          grade: card.grade,
          gradeValue: gradeValueOf(card.grade),
          certNumber: card.certNumber,
          conditionNote: null,
          fmv: body.fmv,
          storePrice: body.storePrice,
          imageIds: [card.frontImageId, card.backImageId],
        },
        tx,
      );
      const claimed = await tx
        .update(submissionCards)
        .set({ inventoryCardId: product._id })
        .where(and(eq(submissionCards.id, card.id), isNull(submissionCards.inventoryCardId)))
        .returning({ id: submissionCards.id });
      if (claimed.length === 0) throw conflict('This card is already in the inventory.');
      productId = product._id;
      return {};
    });
    return { ...submission, productId };
  }

  private offerExpiry() {
    return new Date(this.ctx.deps.now().getTime() + this.ctx.deps.offerDays * 24 * 3600_000);
  }

  /** A staff step, answered with the submission as staff now see it. */
  private async change(
    staff: SessionUser,
    id: string,
    action: SubmissionAction,
    apply: Apply,
  ): Promise<{ submission: AdminSubmission }> {
    await expireDue(this.ctx, { id });
    const done = await act(this.ctx, id, { id: staff.id, role: 'staff' }, action, undefined, apply);
    return { submission: await staffView(this.ctx, done.row, this.db) };
  }
}

/** Offers by card id; every card needs one when `all`, and only the submission's cards count. */
function offersFor(cards: SubmissionCardRow[], body: OfferInput, all: boolean) {
  const ids = new Set(cards.map((c) => c.id));
  const offers = new Map<string, { cents: number; note: string | null }>();
  body.cards.forEach((o, i) => {
    if (!ids.has(o.cardId)) {
      throw badRequest(`Invalid body cards.${i}.cardId: no card with this id in the submission.`, {
        field: `cards.${i}.cardId`,
      });
    }
    offers.set(o.cardId, { cents: dollarsToCents(o.offer), note: o.note });
  });
  if (all && offers.size !== cards.length) {
    const missing = cards.filter((c) => !offers.has(c.id)).map((c) => `#${c.position + 1}`);
    throw badRequest(`Make an offer for every card (missing: ${missing.join(', ')}).`, {
      field: 'cards',
    });
  }
  return offers;
}
