import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, Offer } from '@grail/contract';
import { buildTestApp, createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { vaultCard } from '../../../test/fixtures/market.js';
import { fund } from '../../../test/fixtures/wallet.js';
import type { App } from '../../app.js';
import { mailOutbox, notifications, playControls } from '../../db/schema/index.js';
import { sendReminders } from './reminders.js';

const HOUR_MS = 3_600_000;
const BUYBACK_WINDOW_HOURS = 6;

/**
 * The worker's notices: a marketplace offer expiring within 24 hours and a time-out or
 * self-exclusion that ended. Each is told once, however many turns, instances or restarts.
 */
describe(`the reminders worker (${testEngine})`, () => {
  let t: TestApp;
  /** A second app on the same database: the worker after a restart, or another instance. */
  let restarted: App;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp();
    restarted = await buildTestApp(t.database);
    await restarted.ready();
  }, 120_000);
  afterAll(async () => {
    await restarted?.close();
    await t?.close();
  });

  const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': `reminders-${++keys}` },
      ...(payload ? { payload } : {}),
    });
  const ok =
    (status: number) =>
    <R extends { statusCode: number; body: string }>(res: R): R => {
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };
  const turn = (at: Date, app: App = t.app) =>
    sendReminders(t.database.db, app.services.notifications, BUYBACK_WINDOW_HOURS, at);
  const noticesOf = (userId: string, kind: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const mailsTo = async (email: string, subject: string) =>
    (
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)))
    ).length;
  const hoursFrom = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR_MS);

  describe('a marketplace offer expiring within 24 hours', () => {
    const KIND = 'reminder.market_offer_expiring';

    /** A seller's listing that takes offers, and a buyer's offer of $80 on it for `days`. */
    async function openOffer(days = 2) {
      const seller = await createUser(t);
      const buyer = await createUser(t);
      await fund(t.database, buyer.id, 10_000);
      const { holding } = await vaultCard(t.database.db, seller.id, { name: 'Test Wembanyama' });
      const listing = (
        await call(seller, 'POST', '/api/market/listings', {
          holdingId: holding.id,
          price: 100,
          acceptsOffers: true,
        }).then(ok(201))
      ).json() as Listing;
      const offer = (
        await call(buyer, 'POST', `/api/market/listings/${listing._id}/offers`, {
          amount: 80,
          expiresInDays: days,
        }).then(ok(201))
      ).json() as Offer;
      return { seller, buyer, offer, expiresAt: new Date(offer.expiresAt) };
    }

    it('reminds the side whose turn it is once, across turns and a restart, with one e-mail', async () => {
      const { seller, buyer, offer, expiresAt } = await openOffer();
      // More than a day left: nothing yet.
      await turn(hoursFrom(expiresAt, -30));
      expect(await noticesOf(seller.id, KIND)).toHaveLength(0);

      const within = hoursFrom(expiresAt, -20);
      await turn(within);
      await turn(hoursFrom(within, 1 / 60));
      await turn(hoursFrom(within, 2 / 60), restarted);
      const [reminder, ...more] = await noticesOf(seller.id, KIND);
      expect(more).toHaveLength(0);
      expect(reminder).toMatchObject({
        category: 'reminders',
        title: 'The offer of $80.00 for Test Wembanyama expires soon',
        link: '/dashboard/vault?tab=offers',
        subjectId: offer._id,
        needsAnswer: true,
      });
      expect(reminder!.body).toMatch(
        /^Accept, counter or decline it before \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
      );
      expect(await mailsTo(seller.email, reminder!.title)).toBe(1);
      // The buyer named the amount: it is not their turn.
      expect(await noticesOf(buyer.id, KIND)).toHaveLength(0);

      // A counter hands the turn to the buyer: the offer was reminded of once, so no more.
      await call(seller, 'POST', `/api/market/offers/${offer._id}/counter`, { amount: 90 }).then(
        ok(200),
      );
      const [answered] = await noticesOf(seller.id, KIND);
      expect(answered!.answeredAt).not.toBeNull();
      await turn(hoursFrom(within, 3 / 60));
      expect(await noticesOf(buyer.id, KIND)).toHaveLength(0);
    });

    it('reminds of nothing answered, withdrawn or expired', async () => {
      const declined = await openOffer();
      await call(
        declined.seller,
        'POST',
        `/api/market/offers/${declined.offer._id}/decline`,
        {},
      ).then(ok(200));
      const withdrawn = await openOffer();
      await call(
        withdrawn.buyer,
        'POST',
        `/api/market/offers/${withdrawn.offer._id}/withdraw`,
        {},
      ).then(ok(200));
      const expired = await openOffer(1);
      for (const o of [declined, withdrawn]) await turn(hoursFrom(o.expiresAt, -20));
      // Past its time (whether or not the expiry worker has ended it yet).
      await turn(hoursFrom(expired.expiresAt, 1));
      for (const o of [declined, withdrawn, expired]) {
        expect(await noticesOf(o.seller.id, KIND)).toHaveLength(0);
        expect(await noticesOf(o.buyer.id, KIND)).toHaveLength(0);
      }
    });

    it('a switched-off Reminders category stops the e-mail, not the notice', async () => {
      const { seller, expiresAt } = await openOffer();
      await call(seller, 'PUT', '/api/notifications/preferences', {
        email: { reminders: false },
      }).then(ok(200));
      await turn(hoursFrom(expiresAt, -20));
      const [reminder] = await noticesOf(seller.id, KIND);
      expect(reminder).toBeDefined();
      expect(await mailsTo(seller.email, reminder!.title)).toBe(0);
    });
  });

  it('a turn that fails writes nothing: no notice, no e-mail', async () => {
    const u = await createUser(t);
    await call(u, 'POST', '/api/limits/time-out', { period: '24h' }).then(ok(200));
    const [controls] = await t.database.db
      .select()
      .from(playControls)
      .where(eq(playControls.userId, u.id));
    const real = t.app.services.notifications;
    // The turn writes the notice, then fails before its transaction commits.
    const failing = {
      unpinPassed: real.unpinPassed.bind(real),
      notify: async (...args: Parameters<typeof real.notify>) => {
        await real.notify(...args);
        throw new Error('the worker stopped mid-turn');
      },
    };
    const at = hoursFrom(controls!.timeOutUntil!, 1 / 60);
    await expect(sendReminders(t.database.db, failing, BUYBACK_WINDOW_HOURS, at)).rejects.toThrow(
      'the worker stopped mid-turn',
    );
    expect(await noticesOf(u.id, 'limits.time_out_ended')).toHaveLength(0);
    expect(await mailsTo(u.email, 'Your time-out has ended')).toBe(0);
    // The next turn tells it.
    await turn(at);
    expect(await noticesOf(u.id, 'limits.time_out_ended')).toHaveLength(1);
  });

  describe('a time-out or self-exclusion that ended', () => {
    const until = async (userId: string) =>
      (await t.database.db.select().from(playControls).where(eq(playControls.userId, userId)))[0]!;

    it('tells a time-out’s end once, when it has ended, across turns and a restart', async () => {
      const u = await createUser(t);
      await call(u, 'POST', '/api/limits/time-out', { period: '24h' }).then(ok(200));
      const ends = (await until(u.id)).timeOutUntil!;
      await turn(hoursFrom(ends, -1));
      expect(await noticesOf(u.id, 'limits.time_out_ended')).toHaveLength(0);

      await turn(hoursFrom(ends, 1 / 60));
      await turn(hoursFrom(ends, 2 / 60));
      await turn(hoursFrom(ends, 3 / 60), restarted);
      const [ended, ...more] = await noticesOf(u.id, 'limits.time_out_ended');
      expect(more).toHaveLength(0);
      expect(ended).toMatchObject({
        category: 'limits',
        title: 'Your time-out has ended',
        body: 'Purchases and top-ups are open again. You can take another time-out or set a limit on the Limits tab.',
        link: '/dashboard?tab=limits',
      });
      expect(await mailsTo(u.email, 'Your time-out has ended')).toBe(1);
    });

    it('tells a self-exclusion’s end once; a time-out ending during it is not told', async () => {
      const u = await createUser(t);
      await call(u, 'POST', '/api/limits/self-exclusion', { period: '6m' }).then(ok(200));
      await call(u, 'POST', '/api/limits/time-out', { period: '24h' }).then(ok(200));
      // As if the six months had passed: the collector asks to end it; it ends 24 hours later.
      await t.database.db
        .update(playControls)
        .set({ selfExcludedUntil: new Date(Date.now() - HOUR_MS) })
        .where(eq(playControls.userId, u.id));
      await call(u, 'POST', '/api/limits/self-exclusion/end').then(ok(200));
      const controls = await until(u.id);

      await turn(hoursFrom(controls.timeOutUntil!, 1 / 60));
      expect(await noticesOf(u.id, 'limits.time_out_ended')).toHaveLength(0);

      const ends = controls.selfExclusionEndsAt!;
      await turn(hoursFrom(ends, 1 / 60));
      await turn(hoursFrom(ends, 2 / 60), restarted);
      const [ended, ...more] = await noticesOf(u.id, 'limits.self_exclusion_ended');
      expect(more).toHaveLength(0);
      expect(ended).toMatchObject({
        category: 'limits',
        title: 'Your self-exclusion has ended',
        body: 'Purchases, top-ups and sell-backs are open again. You can self-exclude again, take a time-out or set a limit on the Limits tab.',
      });
      expect(await mailsTo(u.email, 'Your self-exclusion has ended')).toBe(1);
    });

    it('a switched-off Limits category stops the e-mail, not the notice', async () => {
      const u = await createUser(t);
      await call(u, 'PUT', '/api/notifications/preferences', { email: { limits: false } }).then(
        ok(200),
      );
      await call(u, 'POST', '/api/limits/time-out', { period: '24h' }).then(ok(200));
      await turn(hoursFrom((await until(u.id)).timeOutUntil!, 1 / 60));
      expect(await noticesOf(u.id, 'limits.time_out_ended')).toHaveLength(1);
      expect(await mailsTo(u.email, 'Your time-out has ended')).toBe(0);
    });
  });
});
