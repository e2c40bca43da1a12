import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  dollarsToCents,
  formatCents,
  imageUrl,
  percentOfCents,
  SUBMISSION_MAX_OPEN,
  SUBMISSION_STATUSES,
  SUBMISSION_MAX_CARDS,
  type AddToInventoryBody,
  type AdminSubmission,
  type AdminSubmissionListResponse,
  type AdminSubmissionsQuery,
  type CreateSubmissionBody,
  type OfferBody,
  type PayBody,
  type PayoutDetailsResponse,
  type PayoutInput,
  type PhotoUploadResponse,
  type PsaLookupResponse,
  type ReturnBody,
  type SellSettingsResponse,
  type Submission,
  type SubmissionPayment,
  type SubmissionStatus,
  type SubmissionSummary,
  type TrackingBody,
} from '@grail/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  submissionCards,
  submissionEvents,
  submissionPayouts,
  submissionReturns,
  submissions,
  submissionUploads,
  users,
} from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { SealedBox } from '../../lib/sealed-box.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { LIMITS, type Limit, type RateLimitService } from '../auth/rate-limits.service.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { ImagesService } from '../images/images.service.js';
import type { MailService } from '../mail/mail.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { PsaLookup } from './psa-lookup.js';
import { PsaClient } from './psa.client.js';
import { changeMail } from './submissions.mail.js';
import {
  allows,
  collectorActions,
  currentStatus,
  gradeValueOf,
  illegalTransition,
  isPhoto,
  maskPayout,
  payoutMethodChanged,
  payoutMethodWords,
  OFFER_STATUSES,
  OPEN_STATUSES,
  staffActions,
  submissionNumber,
  type Actor,
  type SubmissionAction,
} from './submissions.rules.js';
import {
  finalOfferCents,
  submissionBase,
  toPayment,
  toSubmissionCard,
  totalsOf,
  withPsa,
  type SubmissionCardRow,
  type SubmissionEventRow,
  type SubmissionPayoutRow,
  type SubmissionRow,
} from './submissions.view.js';

const MINUTE = 60_000;
/** The abuse limits of selling (before RATE_LIMIT_SCALE). */
export const SELL_LIMITS = {
  createPerUser: { name: 'submission-create:user', max: 10, windowMs: 60 * MINUTE },
  photosPerUser: { name: 'submission-photo:user', max: 300, windowMs: 60 * MINUTE },
  psaLookupsPerUser: { name: 'psa-lookup:user', max: 120, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** What proves the collector is at the keyboard: the auth module's code check (TOTP or recovery). */
export interface SecondFactorCheck {
  acceptSecondFactor(user: SessionUser, code: string): Promise<boolean>;
}

export interface SubmissionsDeps {
  wallet: WalletService;
  mail: MailService;
  images: ImagesService;
  catalog: CatalogService;
  audit: AuditService;
  rateLimits: RateLimitService;
  secondFactor: SecondFactorCheck;
  /** Seals bank and PayPal details (its own purpose of APP_SECRET). */
  payoutBox: SealedBox;
  psa: PsaLookup;
  publicUrl: string;
  creditBonusPercent: number;
  offerDays: number;
  /** The clock offers expire by; tests pass their own. */
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type AdminQuery = z.output<typeof AdminSubmissionsQuery>;
type OfferInput = z.output<typeof OfferBody>;
type PayInput = z.output<typeof PayBody>;
type ReturnInput = z.output<typeof ReturnBody>;
type InventoryInput = z.output<typeof AddToInventoryBody>;
type CreateInput = z.output<typeof CreateSubmissionBody>;

type StoredPayout = Exclude<PayoutInput, { method: 'store_credit' }>;

/** One status step of a change; `system` steps follow from the actor's (accepted → awaiting shipment). */
interface Step {
  to: SubmissionStatus;
  note?: string | null;
  role?: 'system';
}
interface Change {
  set?: Partial<typeof submissions.$inferInsert>;
  steps?: Step[];
  /** A change that keeps the status (tracking number, payout details): one timeline entry. */
  same?: { note: string; mail: string };
  payout?: SubmissionPayoutRow;
}
interface Done {
  row: SubmissionRow;
  mail: {
    from: SubmissionStatus | null;
    to: SubmissionStatus;
    note: string | null;
    detail?: string;
    payout?: SubmissionPayoutRow;
  } | null;
}

const noSubmission = () => notFound('No submission with this id.');
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};
const joinNotes = (...notes: (string | null | undefined)[]) =>
  notes.filter((n): n is string => Boolean(n)).join(' — ') || null;

/**
 * Selling graded cards: a collector's submission from the form to the payout, and the staff's
 * review queue. Every state change is one transaction (the row locked, the status checked against
 * the transition rules, the timeline entry and, for staff, the audit record written with it), and
 * the collector's e-mail goes out after it commits: a failed send is logged, never undone.
 */
export class SubmissionsService {
  constructor(
    private readonly db: Db,
    private readonly deps: SubmissionsDeps,
  ) {}

  /** The same service on another clock (tests of the offer expiry). */
  withClock(now: () => Date): SubmissionsService {
    return new SubmissionsService(this.db, { ...this.deps, now });
  }

  private now() {
    return this.deps.now();
  }

  // ---- The sell form ----

  async settings(user: SessionUser): Promise<SellSettingsResponse> {
    const [row] = await this.db
      .select({ n: count() })
      .from(submissions)
      .where(and(eq(submissions.userId, user.id), inArray(submissions.status, [...OPEN_STATUSES])));
    return {
      psaLookup: this.deps.psa.configured,
      creditBonusPercent: this.deps.creditBonusPercent,
      offerDays: this.deps.offerDays,
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
    await this.deps.rateLimits.take([SELL_LIMITS.psaLookupsPerUser, user.id]);
    return this.deps.psa.lookup(cert, log ?? this.deps.log);
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
    await this.deps.rateLimits.take([SELL_LIMITS.photosPerUser, user.id]);
    const encoded = await this.deps.images.encode(bytes);
    const imageId = await this.db.transaction(async (tx) => {
      const id = await this.deps.images.save(encoded, filename, tx);
      await tx.insert(submissionUploads).values({ imageId: id, userId: user.id });
      return id;
    });
    return { imageId, url: imageUrl(imageId) };
  }

  async create(user: SessionUser, body: CreateInput): Promise<Submission> {
    await this.deps.rateLimits.take([SELL_LIMITS.createPerUser, user.id]);
    await this.assertOwnPhotos(user.id, body);
    const payout = this.sealPayout(body.payout);
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      // One collector's submissions are counted and created one at a time.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`submissions:${user.id}`}, 0))`,
      );
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
          creditBonusPercent: this.deps.creditBonusPercent,
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
      await this.sendMail({ row: created!, mail: { from: null, to: 'submitted', note: null } }, tx);
      return created!;
    });
    return this.collectorView(row, this.db);
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

  private sealPayout(payout: PayoutInput): { sealed: string | null; mask: string | null } {
    if (payout.method === 'store_credit') return { sealed: null, mask: null };
    return {
      sealed: this.deps.payoutBox.seal(Buffer.from(JSON.stringify(payout), 'utf8')),
      mask: maskPayout(payout),
    };
  }

  private openPayout(sealed: string): StoredPayout {
    return JSON.parse(this.deps.payoutBox.open(sealed).toString('utf8')) as StoredPayout;
  }

  // ---- The collector's own submissions ----

  async list(user: SessionUser): Promise<SubmissionSummary[]> {
    await this.expireDue({ userId: user.id });
    const rows = await this.summaries(eq(submissions.userId, user.id))
      .orderBy(desc(submissions.createdAt))
      .limit(500);
    return rows.map((r) => this.toSummary(r));
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

  /** The owner's submission; anyone else's is indistinguishable from a missing one (404). */
  async get(user: SessionUser, id: string): Promise<Submission> {
    await this.expireDue({ id, userId: user.id });
    const [row] = await this.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.userId, user.id)));
    if (!row) throw noSubmission();
    return this.collectorView(row, this.db);
  }

  async accept(user: SessionUser, id: string, totpCode: string | undefined): Promise<Submission> {
    const owner = { id: user.id, role: 'collector' } as const;
    await this.precheck(user.id, id, 'accept');
    await this.assertSecondFactor(user, totpCode);
    const done = await this.act(id, owner, 'accept', user.id, async (_tx, row) =>
      row.status === 'offer_adjusted'
        ? { steps: [{ to: 'verified', note: 'Adjusted offer accepted.' }] }
        : {
            steps: [
              { to: 'accepted' },
              { to: 'awaiting_shipment', note: 'Waiting for your cards.', role: 'system' },
            ],
          },
    );
    return this.collectorView(done.row, this.db);
  }

  async decline(user: SessionUser, id: string): Promise<Submission> {
    const done = await this.act(
      id,
      { id: user.id, role: 'collector' },
      'decline',
      user.id,
      async (_tx, row) => ({
        steps: [
          {
            to: 'declined',
            note: row.receivedAt ? 'Adjusted offer declined: the cards go back.' : null,
          },
        ],
      }),
    );
    return this.collectorView(done.row, this.db);
  }

  async cancel(user: SessionUser, id: string): Promise<Submission> {
    const done = await this.act(
      id,
      { id: user.id, role: 'collector' },
      'cancel',
      user.id,
      async () => ({
        steps: [{ to: 'cancelled' }],
      }),
    );
    return this.collectorView(done.row, this.db);
  }

  async setTracking(user: SessionUser, id: string, body: TrackingBody): Promise<Submission> {
    const done = await this.act(
      id,
      { id: user.id, role: 'collector' },
      'tracking',
      user.id,
      async () => ({
        set: { carrier: body.carrier, trackingNumber: body.trackingNumber },
        same: {
          note: `Shipped with ${body.carrier}, tracking ${body.trackingNumber}.`,
          mail: `Thanks: we have your tracking number (${body.carrier} ${body.trackingNumber}) and will tell you when the cards arrive.`,
        },
      }),
    );
    return this.collectorView(done.row, this.db);
  }

  async changePayout(
    user: SessionUser,
    id: string,
    payout: PayoutInput,
    totpCode: string | undefined,
  ): Promise<Submission> {
    await this.precheck(user.id, id, 'payout');
    await this.assertSecondFactor(user, totpCode);
    const sealed = this.sealPayout(payout);
    const described =
      payout.method === 'store_credit' ? 'store credit' : (sealed.mask ?? payout.method);
    const done = await this.act(
      id,
      { id: user.id, role: 'collector' },
      'payout',
      user.id,
      async () => ({
        set: {
          payoutMethod: payout.method,
          payoutDetailsEnc: sealed.sealed,
          payoutMask: sealed.mask,
        },
        same: {
          note: `Payout changed to ${described}.`,
          mail: `The payout of this submission was changed to ${described}. If you did not make this change, contact support at once.`,
        },
      }),
    );
    return this.collectorView(done.row, this.db);
  }

  /** 404 or 409 before a two-factor code is spent on a request that cannot succeed. */
  private async precheck(userId: string, id: string, action: SubmissionAction) {
    await this.expireDue({ id, userId });
    const [row] = await this.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.userId, userId)));
    if (!row) throw noSubmission();
    if (!allows(action, row, this.now(), 'collector')) {
      throw illegalTransition(action, row, this.now());
    }
  }

  /**
   * With two-factor sign-in on, a current code (or a recovery code) is needed. Wrong codes count
   * against the account's two-factor failures, the same budget the sign-in step uses.
   */
  private async assertSecondFactor(user: SessionUser, code: string | undefined) {
    if (!user.totpEnabledAt) return;
    if (!code) {
      throw badRequest('Enter the current code from your authenticator app.', {
        field: 'totpCode',
        totpRequired: true,
      });
    }
    const taken = await this.deps.rateLimits.take([LIMITS.totpFailuresPerAccount, user.id]);
    if (await this.deps.secondFactor.acceptSecondFactor(user, code)) {
      await taken.refund();
      return;
    }
    throw badRequest('That code is not right. Check your authenticator app and try again.', {
      field: 'totpCode',
      totpRequired: true,
    });
  }

  // ---- Staff ----

  async adminList(query: AdminQuery): Promise<AdminSubmissionListResponse> {
    await this.expireDue();
    const where = query.status ? eq(submissions.status, query.status) : undefined;
    const [rows, totals, byStatus] = await Promise.all([
      this.summaries(where)
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
    return {
      submissions: rows.map((r) => ({
        ...this.toSummary(r),
        collector: r.username,
        askingTotal: r.askingCents === null ? null : Number(r.askingCents) / 100,
        submittedAt: r.submission.createdAt.toISOString(),
      })),
      total: totals[0]?.n ?? 0,
      page: query.page,
      limit: query.limit,
      counts,
    };
  }

  async adminGet(id: string): Promise<AdminSubmission> {
    await this.expireDue({ id });
    const [row] = await this.db.select().from(submissions).where(eq(submissions.id, id));
    if (!row) throw noSubmission();
    return this.staffView(row, this.db);
  }

  /** The full payout details, for paying by hand; each look is in the audit log. */
  async payoutDetails(staff: SessionUser, id: string): Promise<PayoutDetailsResponse> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(submissions).where(eq(submissions.id, id));
      if (!row) throw noSubmission();
      await this.deps.audit.record(
        {
          actorId: staff.id,
          action: 'submission.payout_details.view',
          subjectType: 'submission',
          subjectId: id,
          after: { method: row.payoutMethod },
        },
        tx,
      );
      const details = row.payoutDetailsEnc ? this.openPayout(row.payoutDetailsEnc) : null;
      return {
        method: row.payoutMethod,
        accountHolder: details?.method === 'bank' ? details.accountHolder : null,
        routingNumber: details?.method === 'bank' ? details.routingNumber : null,
        accountNumber: details?.method === 'bank' ? details.accountNumber : null,
        email: details?.method === 'paypal' ? details.email : null,
      };
    });
  }

  /** Asks PSA about the submission's PSA certs (the cache answers those it knows). */
  async adminPsaRefresh(
    id: string,
    log?: Pick<FastifyBaseLogger, 'warn'>,
  ): Promise<AdminSubmission> {
    const [row] = await this.db.select().from(submissions).where(eq(submissions.id, id));
    if (!row) throw noSubmission();
    const cards = await this.db
      .select()
      .from(submissionCards)
      .where(and(eq(submissionCards.submissionId, id), eq(submissionCards.grader, 'PSA')));
    for (const card of cards) await this.deps.psa.lookup(card.certNumber, log ?? this.deps.log);
    return this.staffView(row, this.db);
  }

  async review(staff: SessionUser, id: string, note: string | null) {
    return this.staffAct(staff, id, 'review', async () => ({
      steps: [{ to: 'under_review', note }],
    }));
  }

  async makeOffer(staff: SessionUser, id: string, body: OfferInput) {
    return this.staffAct(staff, id, 'offer', async (tx, row, cards) => {
      const offers = this.offersFor(cards, body, true);
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
    return this.staffAct(staff, id, 'receive', async () => ({
      set: { receivedAt: this.now() },
      steps: [{ to: 'received', note }],
    }));
  }

  async verify(staff: SessionUser, id: string, note: string | null) {
    return this.staffAct(staff, id, 'verify', async () => ({ steps: [{ to: 'verified', note }] }));
  }

  async adjust(staff: SessionUser, id: string, body: OfferInput) {
    return this.staffAct(staff, id, 'adjust', async (tx, _row, cards) => {
      const offers = this.offersFor(cards, body, false);
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

  /**
   * Pays a verified submission, once, and only by the payout method staff were shown (the collector
   * cannot change it once verified; a view from before that is 409). Store credit is one wallet
   * ledger credit of the final offer
   * plus the bonus, in the same transaction as the status change; a bank or PayPal payout is paid
   * by hand and recorded with its reference. UNIQUE(submission_id) on the payout refuses a second
   * one whatever happens above it.
   */
  async pay(
    staff: SessionUser,
    id: string,
    body: PayInput,
    idempotencyKey: string,
  ): Promise<IdempotentResult<{ submission: AdminSubmission }>> {
    let done: Done | null = null;
    const result = await runIdempotent(
      this.db,
      { userId: staff.id, scope: 'submission-pay', key: idempotencyKey, request: { id, body } },
      async (tx) => {
        done = await this.actIn(
          id,
          { id: staff.id, role: 'staff' },
          'pay',
          undefined,
          async (tx2, row, cards) => {
            if (row.payoutMethod !== body.method)
              throw payoutMethodChanged(row.payoutMethod, body.method);
            const totals = totalsOf(cards, row.creditBonusPercent);
            const amount = totals.finalCents ?? 0;
            if (amount <= 0) throw conflict('This submission has no offer to pay.');
            const storeCredit = row.payoutMethod === 'store_credit';
            if (!storeCredit && !body.reference) {
              throw badRequest('Enter the reference of the bank or PayPal payment you made.', {
                field: 'reference',
              });
            }
            const bonus = storeCredit ? percentOfCents(amount, row.creditBonusPercent) : 0;
            let payout: SubmissionPayoutRow;
            try {
              [payout] = (await tx2
                .insert(submissionPayouts)
                .values({
                  submissionId: row.id,
                  method: row.payoutMethod,
                  amountCents: amount,
                  bonusCents: bonus,
                  reference: storeCredit ? null : body.reference,
                  paidBy: staff.id,
                  paidAt: this.now(),
                })
                .returning()) as [SubmissionPayoutRow];
            } catch (err) {
              if (isUniqueViolation(err))
                throw conflict('This submission has already been paid.', { status: 'paid' });
              throw err;
            }
            const number = submissionNumber(row.number);
            if (storeCredit) {
              await this.deps.wallet.credit(
                row.userId,
                amount + bonus,
                {
                  kind: 'sale',
                  refType: 'submission',
                  refId: row.id,
                  description: `Sale of submission ${number}: ${formatCents(amount)} plus a ${formatCents(bonus)} store-credit bonus`,
                },
                tx2,
              );
            }
            const paid = storeCredit
              ? `Paid ${formatCents(amount + bonus)} in store credit (${formatCents(amount)} plus a ${formatCents(bonus)} bonus).`
              : `Paid ${formatCents(amount)} by ${payoutMethodWords[row.payoutMethod]}, reference ${body.reference}.`;
            return { steps: [{ to: 'paid', note: joinNotes(paid, body.note) }], payout };
          },
          tx,
        );
        await this.sendMail(done, tx);
        return { submission: await this.staffView(done.row, tx) };
      },
    );
    return result;
  }

  async returnCards(staff: SessionUser, id: string, body: ReturnInput) {
    return this.staffAct(staff, id, 'return', async () => {
      const shipped =
        body.carrier && body.trackingNumber
          ? `Sent back with ${body.carrier}, tracking ${body.trackingNumber}.`
          : null;
      return { steps: [{ to: 'returned', note: joinNotes(shipped, body.note) }] };
    });
  }

  async adminCancel(staff: SessionUser, id: string, note: string | null) {
    return this.staffAct(staff, id, 'cancel', async () => ({ steps: [{ to: 'cancelled', note }] }));
  }

  /**
   * A verified (or paid) slab becomes a catalogue card in one step: a store card with a price, or
   * a case card without one, with its FMV. One slab becomes at most one card (UNIQUE).
   */
  async addToInventory(staff: SessionUser, id: string, cardId: string, body: InventoryInput) {
    let productId = '';
    const submission = await this.staffAct(staff, id, 'inventory', async (tx, _row, cards) => {
      const card = cards.find((c) => c.id === cardId);
      if (!card) throw notFound('No card with this id in the submission.');
      if (card.inventoryCardId) throw conflict('This card is already in the inventory.');
      const product = await this.deps.catalog.create(
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

  /** Offers by card id; every card needs one when `all`, and only the submission's cards count. */
  private offersFor(cards: SubmissionCardRow[], body: OfferInput, all: boolean) {
    const ids = new Set(cards.map((c) => c.id));
    const offers = new Map<string, { cents: number; note: string | null }>();
    body.cards.forEach((o, i) => {
      if (!ids.has(o.cardId)) {
        throw badRequest(
          `Invalid body cards.${i}.cardId: no card with this id in the submission.`,
          {
            field: `cards.${i}.cardId`,
          },
        );
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

  private offerExpiry() {
    return new Date(this.now().getTime() + this.deps.offerDays * 24 * 3600_000);
  }

  private async staffAct(
    staff: SessionUser,
    id: string,
    action: SubmissionAction,
    apply: (tx: Tx, row: SubmissionRow, cards: SubmissionCardRow[]) => Promise<Change>,
  ): Promise<{ submission: AdminSubmission }> {
    await this.expireDue({ id });
    const done = await this.act(id, { id: staff.id, role: 'staff' }, action, undefined, apply);
    return { submission: await this.staffView(done.row, this.db) };
  }

  // ---- Transitions ----

  private async act(
    id: string,
    actor: Actor,
    action: SubmissionAction,
    ownerId: string | undefined,
    apply: (tx: Tx, row: SubmissionRow, cards: SubmissionCardRow[]) => Promise<Change>,
  ): Promise<Done> {
    return this.db.transaction(async (tx) => {
      const done = await this.actIn(id, actor, action, ownerId, apply, tx);
      await this.sendMail(done, tx);
      return done;
    });
  }

  /**
   * One change in the caller's transaction: the row locked, the transition checked as of now,
   * the change applied, one timeline entry per status step, and the audit record for staff.
   */
  private async actIn(
    id: string,
    actor: Actor,
    action: SubmissionAction,
    ownerId: string | undefined,
    apply: (tx: Tx, row: SubmissionRow, cards: SubmissionCardRow[]) => Promise<Change>,
    tx: Tx,
  ): Promise<Done> {
    const owner = ownerId ? eq(submissions.userId, ownerId) : undefined;
    const [row] = await tx
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, id), owner))
      .for('update');
    if (!row) throw noSubmission();
    const now = this.now();
    if (!allows(action, row, now, actor.role)) throw illegalTransition(action, row, now);
    const cardsBefore = await this.cardsOf(id, tx);
    const change = await apply(tx, row, cardsBefore);

    let status = row.status;
    const events: (typeof submissionEvents.$inferInsert)[] = [];
    for (const step of change.steps ?? []) {
      events.push({
        submissionId: id,
        actorId: step.role === 'system' ? null : actor.id,
        actorRole: step.role ?? actor.role,
        fromStatus: status,
        toStatus: step.to,
        note: step.note ?? null,
        createdAt: now,
      });
      status = step.to;
    }
    if (change.same) {
      events.push({
        submissionId: id,
        actorId: actor.id,
        actorRole: actor.role,
        fromStatus: status,
        toStatus: status,
        note: change.same.note,
        createdAt: now,
      });
    }
    const [updated] = await tx
      .update(submissions)
      .set({ ...change.set, status, updatedAt: now })
      .where(eq(submissions.id, id))
      .returning();
    if (events.length > 0) await tx.insert(submissionEvents).values(events);
    if (actor.role === 'staff') {
      await this.deps.audit.record(
        {
          actorId: actor.id,
          action: `submission.${action}`,
          subjectType: 'submission',
          subjectId: id,
          before: auditSnapshot(row, cardsBefore),
          after: auditSnapshot(updated!, await this.cardsOf(id, tx)),
        },
        tx,
      );
    }
    const last = events.at(-1);
    return {
      row: updated!,
      mail: last
        ? {
            from: row.status,
            to: last.toStatus,
            note: last.note ?? null,
            detail: change.same?.mail,
            payout: change.payout,
          }
        : null,
    };
  }

  /**
   * Offers past their expiry become `expired` (the system's timeline entry, and an e-mail). Run
   * lazily before every read and command, and by the sweep; `scope` narrows it to one submission
   * or one collector.
   */
  async expireDue(scope: { id?: string; userId?: string } = {}): Promise<number> {
    const now = this.now();
    const conditions: (SQL | undefined)[] = [
      inArray(submissions.status, [...OFFER_STATUSES]),
      lte(submissions.offerExpiresAt, now),
      scope.id ? eq(submissions.id, scope.id) : undefined,
      scope.userId ? eq(submissions.userId, scope.userId) : undefined,
    ];
    const expired = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(submissions)
        .where(and(...conditions))
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(submissions)
        .set({ status: 'expired', updatedAt: now })
        .where(
          inArray(
            submissions.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      await tx.insert(submissionEvents).values(
        due.map((d) => ({
          submissionId: d.id,
          actorId: null,
          actorRole: 'system' as const,
          fromStatus: d.status,
          toStatus: 'expired' as const,
          note: `The offer was open until ${d.offerExpiresAt!.toISOString().slice(0, 10)}.`,
          createdAt: now,
        })),
      );
      const changed = rows.map((r) => ({ row: r, from: due.find((d) => d.id === r.id)!.status }));
      for (const { row, from } of changed) {
        await this.sendMail({ row, mail: { from, to: 'expired', note: null } }, tx);
      }
      return changed;
    });
    return expired.length;
  }

  /** The sweep: expires every offer past due (run on a timer, and by tests). */
  sweepExpired(): Promise<number> {
    return this.expireDue();
  }

  // ---- Views ----

  private cardsOf(id: string, tx: Db | Tx) {
    return tx
      .select()
      .from(submissionCards)
      .where(eq(submissionCards.submissionId, id))
      .orderBy(asc(submissionCards.position));
  }

  private async parts(row: SubmissionRow, tx: Db | Tx) {
    const cards = await this.cardsOf(row.id, tx);
    const events: SubmissionEventRow[] = (
      await tx
        .select({ event: submissionEvents, actorName: users.username })
        .from(submissionEvents)
        .leftJoin(users, eq(users.id, submissionEvents.actorId))
        .where(eq(submissionEvents.submissionId, row.id))
        .orderBy(asc(submissionEvents.id))
    ).map((r) => ({ ...r.event, actorName: r.actorName }));
    const [payout] = await tx
      .select()
      .from(submissionPayouts)
      .where(eq(submissionPayouts.submissionId, row.id));
    const [returnShipment] = await tx
      .select()
      .from(submissionReturns)
      .where(eq(submissionReturns.submissionId, row.id));
    return { cards, events, payout: payout ?? null, returnShipment: returnShipment ?? null };
  }

  private async collectorView(row: SubmissionRow, tx: Db | Tx): Promise<Submission> {
    const { cards, events, payout, returnShipment } = await this.parts(row, tx);
    return {
      ...submissionBase(row, cards, events, payout, returnShipment, false),
      cards: cards.map(toSubmissionCard),
      actions: collectorActions(row, this.now()),
    };
  }

  private async staffView(row: SubmissionRow, tx: Db | Tx): Promise<AdminSubmission> {
    const { cards, events, payout, returnShipment } = await this.parts(row, tx);
    const psa = await this.deps.psa.cached(
      cards.filter((c) => c.grader === 'PSA').map((c) => c.certNumber),
      tx,
    );
    const [collector] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    return {
      ...submissionBase(row, cards, events, payout, returnShipment, true),
      collector: {
        _id: row.userId,
        username: collector?.username ?? '',
        email: collector?.email ?? '',
      },
      cards: cards.map((c) => withPsa(c, psa)),
      receivedAt: row.receivedAt?.toISOString() ?? null,
      actions: staffActions(
        row,
        this.now(),
        cards.filter((c) => c.inventoryCardId === null).length,
      ),
    };
  }

  /** List rows with their card count and totals, summed in the database. */
  private summaries(where: SQL | undefined) {
    return this.db
      .select({
        submission: submissions,
        username: users.username,
        cardCount: sql<number>`count(${submissionCards.id})::int`,
        offerCents: sql<
          number | null
        >`case when count(${submissionCards.id}) > 0 and bool_and(${submissionCards.offerCents} is not null) then sum(coalesce(${submissionCards.adjustedOfferCents}, ${submissionCards.offerCents}))::bigint end`,
        askingCents: sql<number | null>`sum(${submissionCards.askingPriceCents})::bigint`,
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .leftJoin(submissionCards, eq(submissionCards.submissionId, submissions.id))
      .where(where)
      .groupBy(submissions.id, users.username)
      .$dynamic();
  }

  private toSummary(r: {
    submission: SubmissionRow;
    cardCount: number;
    offerCents: number | null;
  }): SubmissionSummary {
    const s = r.submission;
    return {
      _id: s.id,
      number: submissionNumber(s.number),
      status: currentStatus(s, this.now()),
      cardCount: Number(r.cardCount),
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      offerTotal: r.offerCents === null ? null : r.offerCents / 100,
      offerExpiresAt: OFFER_STATUSES.includes(s.status)
        ? (s.offerExpiresAt?.toISOString() ?? null)
        : null,
    };
  }

  // ---- Mail ----

  /** Queued in `tx`, the change's own transaction: the outbox sends it once that commits. */
  private async sendMail(done: Done, tx: Tx): Promise<void> {
    if (!done.mail) return;
    const { row, mail } = done;
    const [user] = await tx
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user) return;
    const cards = await this.cardsOf(row.id, tx);
    const totals = totalsOf(cards, row.creditBonusPercent);
    const message = changeMail({
      number: submissionNumber(row.number),
      link: `${this.deps.publicUrl}/dashboard/submissions/${row.id}`,
      username: user.username,
      from: mail.from,
      to: mail.to,
      note: mail.detail ? null : mail.note,
      cardCount: cards.length,
      finalCents: totals.finalCents,
      offerExpiresAt: row.offerExpiresAt,
      receivedAt: row.receivedAt,
      payment: mail.payout
        ? {
            method: mail.payout.method,
            amountCents: mail.payout.amountCents,
            bonusCents: mail.payout.bonusCents,
            reference: mail.payout.reference,
          }
        : undefined,
      detail: mail.detail,
    });
    await this.deps.mail.send({ to: user.email, ...message }, tx);
  }
}

/** What the audit log keeps of a submission: its status, offers, payout method and shipment. */
function auditSnapshot(s: SubmissionRow, cards: SubmissionCardRow[]) {
  return {
    status: s.status,
    offerExpiresAt: s.offerExpiresAt?.toISOString() ?? null,
    payoutMethod: s.payoutMethod,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    receivedAt: s.receivedAt?.toISOString() ?? null,
    cards: cards.map((c) => ({
      id: c.id,
      offerCents: c.offerCents,
      adjustedOfferCents: c.adjustedOfferCents,
      inventoryCardId: c.inventoryCardId,
    })),
  };
}

/** PSA answers within this or the form is typed by hand. */
export const PSA_TIMEOUT_MS = 5_000;

/** The service as the app runs it: PSA only with a token, payout details sealed by APP_SECRET. */
export function createSubmissionsService(
  db: Db,
  config: {
    APP_SECRET?: string;
    PUBLIC_URL: string;
    PSA_API_TOKEN?: string;
    PSA_API_BASE_URL: string;
    SELL_CREDIT_BONUS_PERCENT: number;
    SUBMISSION_OFFER_DAYS: number;
  },
  services: Omit<
    SubmissionsDeps,
    'payoutBox' | 'psa' | 'publicUrl' | 'creditBonusPercent' | 'offerDays' | 'now' | 'log'
  >,
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  now: () => Date = () => new Date(),
): SubmissionsService {
  if (!config.APP_SECRET) throw new Error('APP_SECRET must be resolved before building the app');
  const client = config.PSA_API_TOKEN
    ? new PsaClient({
        baseUrl: config.PSA_API_BASE_URL,
        token: config.PSA_API_TOKEN,
        timeoutMs: PSA_TIMEOUT_MS,
      })
    : null;
  return new SubmissionsService(db, {
    ...services,
    payoutBox: new SealedBox(config.APP_SECRET, {
      salt: 'grail-submission-payout',
      info: 'submission-payout-v1',
    }),
    psa: new PsaLookup(db, client, now),
    publicUrl: config.PUBLIC_URL,
    creditBonusPercent: config.SELL_CREDIT_BONUS_PERCENT,
    offerDays: config.SUBMISSION_OFFER_DAYS,
    now,
    log,
  });
}
