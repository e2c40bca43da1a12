import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { utcDayAfter, utcDayStart, utcWeekOf } from '../../lib/report-periods.js';
import type { AdminSubmission, Submission, SubmissionSummary } from '@grail/contract';
import {
  submissionCards,
  submissionEvents,
  submissionPayouts,
  submissionReturns,
  submissions,
} from '../../db/schema/index.js';
import { userById, usersByIds } from '../users/users.reads.js';
import type { SubmissionsContext } from './context.js';
import {
  collectorActions,
  currentStatus,
  OFFER_STATUSES,
  staffActions,
  submissionNumber,
} from './submissions.rules.js';
import {
  submissionBase,
  toSubmissionCard,
  withPsa,
  type SubmissionEventRow,
  type SubmissionRow,
} from './submissions.view.js';

/** What other modules read of submissions (the submissions module alone writes them). */

/** Per week (weeks with any only): graded cards returned in the UTC days `from`..`to`, and those on time. */
export async function returnsShippedPerWeek(db: Db | Tx, from: string, to: string) {
  const { shippedAt, shipBy } = submissionReturns;
  const week = utcWeekOf(shippedAt);
  const rows = await db
    .select({
      week,
      shipped: count(),
      onTime: sql<number>`count(*) filter (where ${shippedAt} <= ${shipBy})::int`,
    })
    .from(submissionReturns)
    .where(and(gte(shippedAt, utcDayStart(from)), lt(shippedAt, utcDayAfter(to))))
    .groupBy(week);
  return rows.map((r) => ({ week: r.week, shipped: Number(r.shipped), onTime: Number(r.onTime) }));
}

/**
 * Every return shipment, as rows of (shipped_at, ship_by): the submissions' part of "shipped
 * within 48 hours", which fulfilment and analytics count with the store's shipments.
 */
export const returnsShippedSql: SQL = sql`select shipped_at, ship_by from ${submissionReturns}`;

export function cardsOf(id: string, tx: Db | Tx) {
  return tx
    .select()
    .from(submissionCards)
    .where(eq(submissionCards.submissionId, id))
    .orderBy(asc(submissionCards.position));
}

async function parts(row: SubmissionRow, tx: Db | Tx) {
  const cards = await cardsOf(row.id, tx);
  const eventRows = await tx
    .select()
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, row.id))
    .orderBy(asc(submissionEvents.id));
  const actors = await usersByIds(
    tx,
    eventRows.flatMap((e) => (e.actorId ? [e.actorId] : [])),
  );
  const events: SubmissionEventRow[] = eventRows.map((e) => ({
    ...e,
    actorName: e.actorId ? (actors.get(e.actorId)?.username ?? null) : null,
  }));
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

/** A submission as its collector sees it. */
export async function collectorView(
  ctx: SubmissionsContext,
  row: SubmissionRow,
  tx: Db | Tx,
): Promise<Submission> {
  const { cards, events, payout, returnShipment } = await parts(row, tx);
  return {
    ...submissionBase(row, cards, events, payout, returnShipment, false),
    cards: cards.map(toSubmissionCard),
    actions: collectorActions(row, ctx.deps.now()),
  };
}

/** A submission as staff see it: the collector named, PSA's answers beside each cert. */
export async function staffView(
  ctx: SubmissionsContext,
  row: SubmissionRow,
  tx: Db | Tx,
): Promise<AdminSubmission> {
  const { cards, events, payout, returnShipment } = await parts(row, tx);
  const psa = await ctx.deps.psa.cached(
    cards.filter((c) => c.grader === 'PSA').map((c) => c.certNumber),
    tx,
  );
  const collector = await userById(tx, row.userId);
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
      ctx.deps.now(),
      cards.filter((c) => c.inventoryCardId === null).length,
    ),
  };
}

/** List rows with their card count and totals, summed in the database. */
export function summaries(db: Db, where: SQL | undefined) {
  return db
    .select({
      submission: submissions,
      cardCount: sql<number>`count(${submissionCards.id})::int`,
      offerCents: sql<
        number | null
      >`case when count(${submissionCards.id}) > 0 and bool_and(${submissionCards.offerCents} is not null) then sum(coalesce(${submissionCards.adjustedOfferCents}, ${submissionCards.offerCents}))::bigint end`,
      askingCents: sql<number | null>`sum(${submissionCards.askingPriceCents})::bigint`,
    })
    .from(submissions)
    .leftJoin(submissionCards, eq(submissionCards.submissionId, submissions.id))
    .where(where)
    .groupBy(submissions.id)
    .$dynamic();
}

export function toSummary(
  now: Date,
  r: { submission: SubmissionRow; cardCount: number; offerCents: number | null },
): SubmissionSummary {
  const s = r.submission;
  return {
    _id: s.id,
    number: submissionNumber(s.number),
    status: currentStatus(s, now),
    cardCount: Number(r.cardCount),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    offerTotal: r.offerCents === null ? null : r.offerCents / 100,
    offerExpiresAt: OFFER_STATUSES.includes(s.status)
      ? (s.offerExpiresAt?.toISOString() ?? null)
      : null,
  };
}

/** The cards of these submissions, in their order on the form. */
export function cardsOfMany(ids: string[], tx: Db | Tx) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(submissionCards)
    .where(inArray(submissionCards.submissionId, ids))
    .orderBy(asc(submissionCards.position));
}

/** Submissions whose open offer expires between `from` and `to`: the offer reminders. */
export function offersExpiring(db: Db | Tx, from: Date, to: Date) {
  return db
    .select({
      id: submissions.id,
      userId: submissions.userId,
      number: submissions.number,
      offerExpiresAt: submissions.offerExpiresAt,
    })
    .from(submissions)
    .where(
      and(
        inArray(submissions.status, [...OFFER_STATUSES]),
        gte(submissions.offerExpiresAt, from),
        lt(submissions.offerExpiresAt, to),
      ),
    )
    .limit(500);
}
