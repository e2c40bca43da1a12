import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  dollarsToCents,
  imageUrl,
  SUBMISSION_MAX_CARDS,
  SUBMISSION_MAX_OPEN,
  type CreateSubmissionBody,
  type PayoutInput,
  type PhotoUploadResponse,
  type PsaLookupResponse,
  type SellSettingsResponse,
  type Submission,
  type SubmissionPayment,
  type SubmissionSummary,
  type TrackingBody,
} from '@grail/contract';
import type { z } from 'zod';
import {
  submissionCards,
  submissionEvents,
  submissionPayouts,
  submissions,
  submissionUploads,
} from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { isPhoto } from '../images/images.rules.js';
import type { Limit } from '../auth/rate-limits.service.js';
import { sealPayout } from './payouts.service.js';
import { act, expireDue, sendMail, type Apply } from './changes.js';
import { noSubmission, type SubmissionsContext } from './context.js';
import { collectorView, summaries, toSummary } from './submissions.reads.js';
import {
  allows,
  illegalTransition,
  OPEN_STATUSES,
  type SubmissionAction,
} from './submissions.rules.js';
import { toPayment } from './submissions.view.js';

type CreateInput = z.output<typeof CreateSubmissionBody>;

const MINUTE = 60_000;
/** The abuse limits of selling (before RATE_LIMIT_SCALE). */
export const SELL_LIMITS = {
  createPerUser: { name: 'submission-create:user', max: 10, windowMs: 60 * MINUTE },
  photosPerUser: { name: 'submission-photo:user', max: 300, windowMs: 60 * MINUTE },
  psaLookupsPerUser: { name: 'psa-lookup:user', max: 120, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** One collector's submissions are counted and created one at a time: held until commit. */
const lockCollector = rawStatement(
  'submissions.lock_collector',
  (userId: string) =>
    sql`select pg_advisory_xact_lock(hashtextextended(${`submissions:${userId}`}, 0))`,
  SAMPLE_UUID,
);

/**
 * What a collector does with their own submissions: the sell form (settings, PSA lookup, photos,
 * create), the list and a submission's page, and answering an offer. Anyone else's submission is
 * indistinguishable from a missing one (404).
 */
export class CollectorSubmissions {
  constructor(private readonly ctx: SubmissionsContext) {}

  private get db() {
    return this.ctx.db;
  }

  async settings(user: SessionUser): Promise<SellSettingsResponse> {
    const { deps } = this.ctx;
    const [row] = await this.db
      .select({ n: count() })
      .from(submissions)
      .where(and(eq(submissions.userId, user.id), inArray(submissions.status, [...OPEN_STATUSES])));
    return {
      psaLookup: deps.psa.configured,
      creditBonusPercent: deps.creditBonusPercent,
      offerDays: deps.offerDays,
      maxCards: SUBMISSION_MAX_CARDS,
      maxOpen: SUBMISSION_MAX_OPEN,
      openCount: row?.n ?? 0,
    };
  }

  async psaLookup(
    user: SessionUser,
    cert: string,
    log?: Pick<FastifyBaseLogger, 'warn'>,
  ): Promise<PsaLookupResponse> {
    await this.ctx.deps.rateLimits.take([SELL_LIMITS.psaLookupsPerUser, user.id]);
    return this.ctx.deps.psa.lookup(cert, log ?? this.ctx.deps.log);
  }

  /** One slab photo, re-encoded by the image pipeline and kept as the collector's own. */
  async uploadPhoto(
    user: SessionUser,
    bytes: Buffer,
    filename: string | null,
  ): Promise<PhotoUploadResponse> {
    if (!isPhoto(bytes)) {
      throw new AppError(
        415,
        'Only JPEG, PNG and WebP photos are accepted.',
        'Unsupported Media Type',
      );
    }
    const { images, rateLimits } = this.ctx.deps;
    await rateLimits.take([SELL_LIMITS.photosPerUser, user.id]);
    const encoded = await images.encode(bytes);
    const imageId = await this.db.transaction(async (tx) => {
      const id = await images.save(encoded, filename, tx);
      await tx.insert(submissionUploads).values({ imageId: id, userId: user.id });
      return id;
    });
    return { imageId, url: imageUrl(imageId) };
  }

  async create(user: SessionUser, body: CreateInput): Promise<Submission> {
    const { deps } = this.ctx;
    await deps.rateLimits.take([SELL_LIMITS.createPerUser, user.id]);
    await this.assertOwnPhotos(user.id, body);
    const payout = sealPayout(deps.payoutBox, body.payout);
    const now = deps.now();
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(lockCollector(user.id));
      const [open] = await tx
        .select({ n: count() })
        .from(submissions)
        .where(
          and(eq(submissions.userId, user.id), inArray(submissions.status, [...OPEN_STATUSES])),
        );
      if ((open?.n ?? 0) >= SUBMISSION_MAX_OPEN) {
        throw conflict(
          `You already have ${SUBMISSION_MAX_OPEN} submissions in progress, the most at once. Finish or cancel one to start another.`,
        );
      }
      const [created] = await tx
        .insert(submissions)
        .values({
          userId: user.id,
          note: body.note,
          payoutMethod: body.payout.method,
          payoutDetailsEnc: payout.sealed,
          payoutMask: payout.mask,
          creditBonusPercent: deps.creditBonusPercent,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(submissionCards).values(
        body.cards.map((c, position) => ({
          submissionId: created!.id,
          position,
          grader: c.grader,
          certNumber: c.certNumber.trim(),
          year: c.year,
          setName: c.setName,
          player: c.player,
          cardNumber: c.cardNumber,
          grade: c.grade,
          askingPriceCents: c.askingPrice === null ? null : dollarsToCents(c.askingPrice),
          frontImageId: c.frontImageId,
          backImageId: c.backImageId,
        })),
      );
      await tx.insert(submissionEvents).values({
        submissionId: created!.id,
        actorId: user.id,
        actorRole: 'collector',
        fromStatus: null,
        toStatus: 'submitted',
        note: null,
        createdAt: now,
      });
      await sendMail(
        this.ctx,
        { row: created!, mail: { from: null, to: 'submitted', note: null } },
        tx,
      );
      return created!;
    });
    return collectorView(this.ctx, row, this.db);
  }

  /** Every photo on the cards must be one this collector uploaded. */
  private async assertOwnPhotos(userId: string, body: CreateInput) {
    const ids = [...new Set(body.cards.flatMap((c) => [c.frontImageId, c.backImageId]))];
    const rows = await this.db
      .select({ id: submissionUploads.imageId })
      .from(submissionUploads)
      .where(and(eq(submissionUploads.userId, userId), inArray(submissionUploads.imageId, ids)));
    const own = new Set(rows.map((r) => r.id));
    body.cards.forEach((c, i) => {
      for (const side of ['frontImageId', 'backImageId'] as const) {
        if (!own.has(c[side])) {
          throw badRequest(
            `Invalid body cards.${i}.${side}: upload this photo again (it is not one of yours).`,
            { field: `cards.${i}.${side}` },
          );
        }
      }
    });
  }

  async list(user: SessionUser): Promise<SubmissionSummary[]> {
    await expireDue(this.ctx, { userId: user.id });
    const rows = await summaries(this.db, eq(submissions.userId, user.id))
      .orderBy(desc(submissions.createdAt))
      .limit(500);
    const now = this.ctx.deps.now();
    return rows.map((r) => toSummary(now, r));
  }

  async payments(user: SessionUser): Promise<SubmissionPayment[]> {
    const rows = await this.db
      .select({ payout: submissionPayouts, number: submissions.number })
      .from(submissionPayouts)
      .innerJoin(submissions, eq(submissions.id, submissionPayouts.submissionId))
      .where(eq(submissions.userId, user.id))
      .orderBy(desc(submissionPayouts.paidAt))
      .limit(500);
    return rows.map((r) => toPayment(r.payout, r.number));
  }

  async get(user: SessionUser, id: string): Promise<Submission> {
    await expireDue(this.ctx, { id, userId: user.id });
    const [row] = await this.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.userId, user.id)));
    if (!row) throw noSubmission();
    return collectorView(this.ctx, row, this.db);
  }

  async accept(user: SessionUser, id: string, totpCode: string | undefined): Promise<Submission> {
    await this.precheck(user.id, id, 'accept');
    await this.ctx.deps.secondFactor.requireSecondFactor(user, totpCode);
    return this.change(user, id, 'accept', async (_tx, row) =>
      row.status === 'offer_adjusted'
        ? { steps: [{ to: 'verified', note: 'Adjusted offer accepted.' }] }
        : {
            steps: [
              { to: 'accepted' },
              { to: 'awaiting_shipment', note: 'Waiting for your cards.', role: 'system' },
            ],
          },
    );
  }

  async decline(user: SessionUser, id: string): Promise<Submission> {
    return this.change(user, id, 'decline', async (_tx, row) => ({
      steps: [
        {
          to: 'declined',
          note: row.receivedAt ? 'Adjusted offer declined: the cards go back.' : null,
        },
      ],
    }));
  }

  async cancel(user: SessionUser, id: string): Promise<Submission> {
    return this.change(user, id, 'cancel', async () => ({ steps: [{ to: 'cancelled' }] }));
  }

  async setTracking(user: SessionUser, id: string, body: TrackingBody): Promise<Submission> {
    return this.change(user, id, 'tracking', async () => ({
      set: { carrier: body.carrier, trackingNumber: body.trackingNumber },
      same: {
        note: `Shipped with ${body.carrier}, tracking ${body.trackingNumber}.`,
        mail: `Thanks: we have your tracking number (${body.carrier} ${body.trackingNumber}) and will tell you when the cards arrive.`,
      },
    }));
  }

  async changePayout(
    user: SessionUser,
    id: string,
    payout: PayoutInput,
    totpCode: string | undefined,
  ): Promise<Submission> {
    await this.precheck(user.id, id, 'payout');
    await this.ctx.deps.secondFactor.requireSecondFactor(user, totpCode);
    const sealed = sealPayout(this.ctx.deps.payoutBox, payout);
    const described =
      payout.method === 'store_credit' ? 'store credit' : (sealed.mask ?? payout.method);
    return this.change(user, id, 'payout', async () => ({
      set: {
        payoutMethod: payout.method,
        payoutDetailsEnc: sealed.sealed,
        payoutMask: sealed.mask,
      },
      same: {
        note: `Payout changed to ${described}.`,
        mail: `The payout of this submission was changed to ${described}. If you did not make this change, contact support at once.`,
      },
    }));
  }

  /** The collector's change of their own submission, answered with the page as it now is. */
  private async change(
    user: SessionUser,
    id: string,
    action: SubmissionAction,
    apply: Apply,
  ): Promise<Submission> {
    const done = await act(
      this.ctx,
      id,
      { id: user.id, role: 'collector' },
      action,
      user.id,
      apply,
    );
    return collectorView(this.ctx, done.row, this.db);
  }

  /** 404 or 409 before a two-factor code is spent on a request that cannot succeed. */
  private async precheck(userId: string, id: string, action: SubmissionAction) {
    await expireDue(this.ctx, { id, userId });
    const [row] = await this.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.userId, userId)));
    if (!row) throw noSubmission();
    const now = this.ctx.deps.now();
    if (!allows(action, row, now, 'collector')) throw illegalTransition(action, row, now);
  }
}
