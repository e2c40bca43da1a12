import { centsToDollars, type AnalyticsQuery, type AnalyticsResponse } from '@grail/contract';
import type { Db } from '../../db/client.js';
import { daysBetween, weeksBetween } from '../../lib/report-periods.js';
import { buybackOfPulls, cardsOfCases, packsSoldPerCase } from '../grail/grail.reads.js';
import { cardNamesAndFmv } from '../inventory/inventory.reads.js';
import { shippedPerWeek } from '../shipping/shipping.reads.js';
import { returnsShippedPerWeek } from '../submissions/submissions.reads.js';
import { newUsersByDay } from '../users/users.reads.js';
import { activeCollectorsByDay, revenueByDay } from '../wallet/wallet.reads.js';

const ratio = (a: number, b: number) => (b ? a / b : null);

/**
 * The staff dashboard's figures, computed on each request from the counts each owner of the
 * data reads (the wallet ledger, pulls, shipments…; nothing is stored twice). Days and weeks are
 * UTC; both ends of the range are included.
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

  /** Money taken per day, every day of the range (a day without entries shows zeros). */
  private async revenue(from: string, to: string) {
    const byDay = new Map((await revenueByDay(this.db, from, to)).map((r) => [r.day, r]));
    return daysBetween(from, to).map((day) => {
      const r = byDay.get(day);
      return {
        day,
        store: centsToDollars(r?.storeCents ?? 0),
        packs: centsToDollars(r?.packsCents ?? 0),
        breaks: centsToDollars(r?.breaksCents ?? 0),
        shipping: centsToDollars(r?.shippingCents ?? 0),
        topUps: centsToDollars(r?.topUpsCents ?? 0),
      };
    });
  }

  /** Packs pulled in the range per case, beside the case's EV (mean FMV of all its cards). */
  private async packsPerCase(from: string, to: string) {
    const sold = await packsSoldPerCase(this.db, from, to);
    const held = await cardsOfCases(
      this.db,
      sold.map((c) => c.caseId),
    );
    const fmvOf = new Map(
      (
        await cardNamesAndFmv(
          this.db,
          held.map((h) => h.cardId),
        )
      ).map((c) => [c.id, c.fmvCents]),
    );
    return sold.map((c) => {
      const fmvs = held.filter((h) => h.caseId === c.caseId).map((h) => fmvOf.get(h.cardId) ?? 0);
      const ev = fmvs.length ? Math.round(fmvs.reduce((a, b) => a + b, 0) / fmvs.length) : 0;
      return {
        caseId: c.caseId,
        name: c.name,
        packsSold: c.packsSold,
        packPrice: centsToDollars(c.packPriceCents),
        expectedValue: centsToDollars(ev),
      };
    });
  }

  /** Of the pulls made in the range: how many were sold back, and the credit paid against their FMV. */
  private async buyback(from: string, to: string) {
    const { pulled, soldBack, creditCents, fmvCents } = await buybackOfPulls(this.db, from, to);
    return {
      pulled,
      soldBack,
      rate: ratio(soldBack, pulled),
      credit: centsToDollars(creditCents),
      fmv: centsToDollars(fmvCents),
      creditToFmv: ratio(creditCents, fmvCents),
    };
  }

  /**
   * Per week (from its Monday): everything shipped (orders, pulls, breaks and graded returns),
   * and how much left within its 48 hours.
   */
  private async shippingCompliance(from: string, to: string) {
    const counted = new Map<string, { shipped: number; onTime: number }>();
    const [shipments, returns] = await Promise.all([
      shippedPerWeek(this.db, from, to),
      returnsShippedPerWeek(this.db, from, to),
    ]);
    for (const r of [...shipments, ...returns]) {
      const week = counted.get(r.week) ?? { shipped: 0, onTime: 0 };
      counted.set(r.week, { shipped: week.shipped + r.shipped, onTime: week.onTime + r.onTime });
    }
    return weeksBetween(from, to).map((week) => {
      const { shipped, onTime } = counted.get(week) ?? { shipped: 0, onTime: 0 };
      return { week, shipped, onTime, share: ratio(onTime, shipped) };
    });
  }

  /** New accounts per day, and accounts with any wallet entry that day. */
  private async collectors(from: string, to: string) {
    const [created, active] = await Promise.all([
      newUsersByDay(this.db, from, to),
      activeCollectorsByDay(this.db, from, to),
    ]);
    const newOn = new Map(created.map((r) => [r.day, r.created]));
    const activeOn = new Map(active.map((r) => [r.day, r.active]));
    return daysBetween(from, to).map((day) => ({
      day,
      new: newOn.get(day) ?? 0,
      active: activeOn.get(day) ?? 0,
    }));
  }
}
