import { and, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LedgerEntry } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { walletLedger } from '../../db/schema/index.js';
import { utcDayAfter, utcDayOf, utcDayStart } from '../../lib/report-periods.js';
import { toLedgerEntry } from './wallet.view.js';

/** What other modules read of the wallet ledger (the wallet alone writes it). */

/** A collector's newest ledger entries. */
export async function recentLedgerEntries(
  db: Db | Tx,
  userId: string,
  limit: number,
): Promise<LedgerEntry[]> {
  const rows = await db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
    .orderBy(desc(walletLedger.id))
    .limit(limit);
  return rows.map(toLedgerEntry);
}

/** Packs and spots a collector bought, and sell-back credits, since `since` (cents). */
export async function playedSince(
  db: Db | Tx,
  userId: string,
  since: Date,
): Promise<{ boughtCents: number; soldBackCents: number }> {
  const { amountCents, kind } = walletLedger;
  const [row] = await db
    .select({
      boughtCents: sql<number>`coalesce(sum(-${amountCents}) filter (where ${kind} in ('pack', 'break') and ${amountCents} < 0), 0)::float8`,
      soldBackCents: sql<number>`coalesce(sum(${amountCents}) filter (where ${kind} = 'buyback'), 0)::float8`,
    })
    .from(walletLedger)
    .where(and(eq(walletLedger.userId, userId), gte(walletLedger.createdAt, since)));
  return { boughtCents: Number(row!.boughtCents), soldBackCents: Number(row!.soldBackCents) };
}

const inDays = (from: string, to: string) =>
  and(gte(walletLedger.createdAt, utcDayStart(from)), lt(walletLedger.createdAt, utcDayAfter(to)));

/**
 * Money taken per UTC day (days with entries only): store orders, packs, break spots and
 * shipping fees are debits (a break spot refunded is taken off its day's break revenue, a
 * cancelled box's fee off shipping, or off the store when the box was paid in its order's total);
 * top-ups are what collectors paid in.
 */
export async function revenueByDay(db: Db | Tx, from: string, to: string) {
  const { amountCents, kind, refType } = walletLedger;
  const paid = alias(walletLedger, 'paid');
  const day = utcDayOf(walletLedger.createdAt);
  const feeRefund = sql`${kind} = 'refund' and ${refType} = 'shipment'`;
  const rows = await db
    .select({
      day,
      storeCents: sql<number>`coalesce(-sum(${amountCents}) filter (
          where ${kind} = 'order' or (${feeRefund} and ${paid.kind} = 'order')
        ), 0)::bigint`,
      packsCents: sql<number>`coalesce(-sum(${amountCents}) filter (where ${kind} = 'pack'), 0)::bigint`,
      breaksCents: sql<number>`coalesce(-sum(${amountCents}) filter (
          where ${kind} = 'break' or (${kind} = 'refund' and ${refType} = 'break_spot')
        ), 0)::bigint`,
      shippingCents: sql<number>`coalesce(-sum(${amountCents}) filter (
          where ${kind} = 'shipping' or (${feeRefund} and ${paid.kind} is distinct from 'order')
        ), 0)::bigint`,
      topUpsCents: sql<number>`coalesce(sum(${amountCents}) filter (where ${kind} = 'top_up'), 0)::bigint`,
    })
    .from(walletLedger)
    .leftJoin(paid, eq(paid.id, walletLedger.refundOf))
    .where(inDays(from, to))
    .groupBy(day);
  return rows.map((r) => ({
    day: r.day,
    storeCents: Number(r.storeCents),
    packsCents: Number(r.packsCents),
    breaksCents: Number(r.breaksCents),
    shippingCents: Number(r.shippingCents),
    topUpsCents: Number(r.topUpsCents),
  }));
}

/** Per UTC day (days with entries only): the collectors with any wallet entry that day. */
export async function activeCollectorsByDay(db: Db | Tx, from: string, to: string) {
  const day = utcDayOf(walletLedger.createdAt);
  const rows = await db
    .select({ day, active: countDistinct(walletLedger.userId) })
    .from(walletLedger)
    .where(inDays(from, to))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, active: Number(r.active) }));
}

/*
 * The wallet's reads for other modules, so that only this module names its tables: SQL fragments
 * for statements that cannot call a service between their parts, and read functions.
 */

/** The balance in cents of the wallet of `user` (SQL: a literal or parameter), or null for none. */
export const walletBalance = (user: string) =>
  `(select balance_cents from wallets where user_id = ${user})`;
