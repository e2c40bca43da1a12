import { sql, type SQL } from 'drizzle-orm';
import { centsToDollars, type AnalyticsQuery, type AnalyticsResponse } from '@grail/contract';
import type { Db } from '../../db/client.js';

/** A UTC day `YYYY-MM-DD` as the timestamptz of its first instant. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
const dayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;
const ratio = (a: number, b: number) => (b ? a / b : null);

/**
 * The staff dashboard's figures, computed on each request by SQL over the wallet ledger and the
 * tables that already hold them (nothing is stored twice). Days and weeks are UTC; both ends of
 * the range are included.
 */
export class AnalyticsService {
  constructor(private readonly db: Db) {}

  async report({ from, to }: AnalyticsQuery): Promise<AnalyticsResponse> {
    const [revenue, packsPerCase, buyback, shippingCompliance, collectors] = await Promise.all([
      this.revenue(from, to),
      this.packsPerCase(from, to),
      this.buyback(from, to),
      this.shippingCompliance(from, to),
      this.collectors(from, to),
    ]);
    return { from, to, revenue, packsPerCase, buyback, shippingCompliance, collectors };
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /**
   * Money taken per day from the ledger: store orders, packs and break spots are debits (a
   * break spot refunded is taken off its day's break revenue); top-ups are what collectors paid in.
   */
  private async revenue(from: string, to: string) {
    const rows = await this.rows<{
      day: string;
      store: number;
      packs: number;
      breaks: number;
      top_ups: number;
    }>(sql`
      with days as (
        select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day
      ), entries as (
        select (created_at at time zone 'UTC')::date as day, kind, ref_type, amount_cents
        from wallet_ledger
        where created_at >= ${dayStart(from)} and created_at < ${dayAfter(to)}
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        coalesce(-sum(e.amount_cents) filter (where e.kind = 'order'), 0)::bigint as store,
        coalesce(-sum(e.amount_cents) filter (where e.kind = 'pack'), 0)::bigint as packs,
        coalesce(-sum(e.amount_cents) filter (
          where e.kind = 'break' or (e.kind = 'refund' and e.ref_type = 'break_spot')
        ), 0)::bigint as breaks,
        coalesce(sum(e.amount_cents) filter (where e.kind = 'top_up'), 0)::bigint as top_ups
      from days d left join entries e on e.day = d.day
      group by d.day
      order by d.day`);
    return rows.map((r) => ({
      day: r.day,
      store: centsToDollars(Number(r.store)),
      packs: centsToDollars(Number(r.packs)),
      breaks: centsToDollars(Number(r.breaks)),
      topUps: centsToDollars(Number(r.top_ups)),
    }));
  }

  /** Packs pulled in the range per case, beside the case's EV (mean FMV of all its cards). */
  private async packsPerCase(from: string, to: string) {
    const rows = await this.rows<{
      case_id: string;
      name: string;
      pack_price_cents: number;
      packs_sold: number;
      ev_cents: number;
    }>(sql`
      select c.id as case_id, c.name, c.pack_price_cents, count(p.id)::int as packs_sold,
        (select coalesce(round(avg(card.fmv_cents)), 0)::bigint
           from case_cards cc join cards card on card.id = cc.card_id
           where cc.case_id = c.id) as ev_cents
      from grail_cases c
      join pulls p on p.case_id = c.id
        and p.pulled_at >= ${dayStart(from)} and p.pulled_at < ${dayAfter(to)}
      group by c.id
      order by min(p.pulled_at), c.id`);
    return rows.map((r) => ({
      caseId: r.case_id,
      name: r.name,
      packsSold: Number(r.packs_sold),
      packPrice: centsToDollars(Number(r.pack_price_cents)),
      expectedValue: centsToDollars(Number(r.ev_cents)),
    }));
  }

  /** Of the pulls made in the range: how many were sold back, and the credit paid against their FMV. */
  private async buyback(from: string, to: string) {
    const [r] = await this.rows<{
      pulled: number;
      sold_back: number;
      credit: number;
      fmv: number;
    }>(sql`
      select count(*)::int as pulled,
        count(*) filter (where status = 'sold_back')::int as sold_back,
        coalesce(sum(buyback_cents) filter (where status = 'sold_back'), 0)::bigint as credit,
        coalesce(sum(fmv_cents) filter (where status = 'sold_back'), 0)::bigint as fmv
      from pulls
      where pulled_at >= ${dayStart(from)} and pulled_at < ${dayAfter(to)}`);
    const pulled = Number(r?.pulled ?? 0);
    const soldBack = Number(r?.sold_back ?? 0);
    const credit = Number(r?.credit ?? 0);
    const fmv = Number(r?.fmv ?? 0);
    return {
      pulled,
      soldBack,
      rate: ratio(soldBack, pulled),
      credit: centsToDollars(credit),
      fmv: centsToDollars(fmv),
      creditToFmv: ratio(credit, fmv),
    };
  }

  /** Per week (from its Monday): everything shipped, and how much left within its 48 hours. */
  private async shippingCompliance(from: string, to: string) {
    const rows = await this.rows<{ week: string; shipped: number; on_time: number }>(sql`
      with weeks as (
        select generate_series(
          date_trunc('week', ${from}::date::timestamp),
          date_trunc('week', ${to}::date::timestamp),
          interval '7 days')::date as week
      ), sent as (
        select date_trunc('week', shipped_at at time zone 'UTC')::date as week,
          shipped_at <= ship_by as on_time
        from (
          select shipped_at, ship_by from shipments where shipped_at is not null
          union all
          select shipped_at, ship_by from submission_returns
        ) s
        where shipped_at >= ${dayStart(from)} and shipped_at < ${dayAfter(to)}
      )
      select to_char(w.week, 'YYYY-MM-DD') as week,
        count(s.week)::int as shipped,
        count(s.week) filter (where s.on_time)::int as on_time
      from weeks w left join sent s on s.week = w.week
      group by w.week
      order by w.week`);
    return rows.map((r) => ({
      week: r.week,
      shipped: Number(r.shipped),
      onTime: Number(r.on_time),
      share: ratio(Number(r.on_time), Number(r.shipped)),
    }));
  }

  /** New accounts per day, and accounts with any wallet entry that day. */
  private async collectors(from: string, to: string) {
    const rows = await this.rows<{ day: string; new: number; active: number }>(sql`
      with days as (
        select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select count(*)::int from users u
          where u.created_at >= d.day::timestamp at time zone 'UTC'
            and u.created_at < (d.day + 1)::timestamp at time zone 'UTC') as new,
        (select count(distinct l.user_id)::int from wallet_ledger l
          where l.created_at >= d.day::timestamp at time zone 'UTC'
            and l.created_at < (d.day + 1)::timestamp at time zone 'UTC') as active
      from days d
      order by d.day`);
    return rows.map((r) => ({ day: r.day, new: Number(r.new), active: Number(r.active) }));
  }
}
