import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { TEST_BANK } from '../../../test/fixtures/submissions.js';
import { BREAKS_ON, buySpots, openBreak } from '../../../test/fixtures/breaks.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { sendReminders } from './reminders.js';

/** Each event of the issue, caused through the product: one notice, and one e-mail where on. */
describe(`notification events (${testEngine})`, () => {
  let t: TestApp;
  let staff: TestUser;
  let caseId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
    ({ caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 20 }));
  }, 120_000);
  afterAll(() => t?.close());

  const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  const noticesOf = (userId: string, kind: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const mailsTo = async (email: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

  /** Runs `cause` and expects exactly one notice of `kind` and `mails` e-mails more. */
  async function expectOne(user: TestUser, kind: string, cause: () => Promise<unknown>, mails = 1) {
    const before = await mailsTo(user.email);
    await cause();
    const notices = await noticesOf(user.id, kind);
    expect(notices, kind).toHaveLength(1);
    expect(await mailsTo(user.email), `${kind} e-mails`).toBe(before + mails);
    return notices[0]!;
  }
  const ok =
    (status: number) =>
    <R extends { statusCode: number; body: string }>(res: R): R => {
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };
  /**
   * Every pending notice's e-mail is queued: the mail worker also runs in the background, and a
   * row it holds is skipped here, so this waits until none is pending.
   */
  const mailSettled = async () => {
    const pending = () =>
      t.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.mailPending, true));
    while ((await pending()).length) await t.app.services.notifications.mailPending(20);
  };
  /** A pack, its receipt's e-mail queued (so it lands in no later count). */
  const buyPack = async (u: TestUser) => {
    const res = await call(u, 'POST', `/api/grail-cases/${caseId}/packs`, {}).then(ok(201));
    await mailSettled();
    return res;
  };

  it('receipts: a store order, a top-up, a sell-back and break spots', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 50_000);
    const card = await insertCard(t.database.db, { storePriceCents: 2_000 });
    const order = await expectOne(u, 'order.paid', () =>
      call(u, 'POST', '/api/orders', { items: [card.id], delivery: 'vault' }).then(ok(201)),
    );
    expect(order).toMatchObject({ category: 'receipts', title: 'Order confirmed: 1 card' });

    await expectOne(u, 'top_up.succeeded', async () => {
      const { topUpId } = (await call(u, 'POST', '/api/wallet/top-ups', { amount: 25 })).json();
      await call(u, 'POST', `/api/payments/sandbox/${topUpId}/confirm`).then(ok(200));
    });

    const pullId = (await buyPack(u)).json().pull._id as string;
    const sold = await expectOne(u, 'pull.sold_back', () =>
      call(u, 'POST', `/api/pulls/${pullId}/sell-back`).then(ok(200)),
    );
    expect(sold.link).toBe(`/pulls/${pullId}`);

    const breakId = (await openBreak(t, staff, { spots: 10, spotPrice: 5 }))._id;
    const spots = await expectOne(u, 'break.spots_bought', async () =>
      ok(201)(await buySpots(t, u, breakId, { quantity: 2 })),
    );
    expect(spots.link).toBe(`/breaks/${breakId}`);
  });

  it('shipping: requested and shipped with its tracking number; a switched-off category mails nothing', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    const pullId = (await buyPack(u)).json().pull._id as string;
    const claimed = await call(u, 'POST', `/api/pulls/${pullId}/claim`, {}).then(ok(200));
    expect(await noticesOf(u.id, 'shipment.requested')).toHaveLength(1);
    const shipmentId = claimed.json().pull.shipment._id as string;
    await call(u, 'PUT', '/api/notifications/preferences', { email: { shipping: false } });
    const shipped = await expectOne(
      u,
      'shipment.shipped',
      () =>
        t.app.services.shipping.markShipped(shipmentId, {
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        }),
      0,
    );
    expect(shipped.body).toContain('1Z999AA10123456784');
  });

  it('money: a withdrawal requested and a staff wallet adjustment', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 5_000);
    const method = (await call(u, 'POST', '/api/withdrawals/payout-methods', TEST_BANK)).json();
    await expectOne(u, 'withdrawal.requested', () =>
      call(u, 'POST', '/api/withdrawals', { amount: 10, payoutMethodId: method._id }).then(ok(201)),
    );
    const adjusted = await expectOne(u, 'wallet.adjusted', () =>
      t.app.services.staffUsers.adjustWallet(
        staff.id,
        u.id,
        { amount: 5, reason: 'A goodwill credit', storeCredit: false },
        randomUUID(),
      ),
    );
    expect(adjusted.title).toBe('We added $5.00 to your wallet');
  });

  it('limits: a limit used up, a time-out and a self-exclusion', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    await call(u, 'PUT', '/api/limits/spending', { '24h': 20 }).then(ok(200));
    const card = await insertCard(t.database.db, { storePriceCents: 2_000 });
    // Two e-mails: the order's receipt and the limit's notice.
    await expectOne(
      u,
      'limits.spending_reached',
      () => call(u, 'POST', '/api/orders', { items: [card.id], delivery: 'vault' }).then(ok(201)),
      2,
    );
    await expectOne(u, 'limits.time_out', () =>
      call(u, 'POST', '/api/limits/time-out', { period: '24h' }).then(ok(200)),
    );
    await expectOne(u, 'limits.self_exclusion', () =>
      call(u, 'POST', '/api/limits/self-exclusion', { period: '6m' }).then(ok(200)),
    );
  });

  it('limits: a pack that uses up a spending limit is told in the purchase’s own batch, once', async () => {
    const limitMails = async (u: TestUser) =>
      (
        await t.database.db
          .select()
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.to, u.email),
              eq(mailOutbox.subject, 'You reached your 24 hours spending limit'),
            ),
          )
      ).length;
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    // $50 a day, so the second $25 pack uses it up; a limit sends the purchase on the full path.
    await call(u, 'PUT', '/api/limits/spending', { '24h': 50 }).then(ok(200));
    const buy = (who: TestUser) => call(who, 'POST', `/api/grail-cases/${caseId}/packs`, {});
    await buy(u).then(ok(201));
    expect(await noticesOf(u.id, 'limits.spending_reached')).toHaveLength(0);

    // The second purchase's first batch draws for a pull number already taken and rolls back,
    // its notice with it; the second try commits.
    const purchases = t.app.services.grail.purchases;
    const draw = purchases.drawCandidates.bind(purchases);
    const spy = vi
      .spyOn(purchases, 'drawCandidates')
      .mockImplementationOnce((seed, clientSeed, remaining, _count, total) => ({
        ...draw(seed, clientSeed, remaining, 1, total),
        base: remaining.k - 1,
      }));
    await buy(u).then(ok(201));
    const tries = spy.mock.calls.length;
    spy.mockRestore();
    expect(tries).toBe(2);
    const [reached, ...more] = await noticesOf(u.id, 'limits.spending_reached');
    expect(more).toHaveLength(0);
    expect(reached).toMatchObject({
      category: 'limits',
      title: 'You reached your 24 hours spending limit',
      link: '/dashboard?tab=limits',
    });
    expect(reached!.body).toMatch(
      /^This uses the last of your \$50\.00 spending limit\. More becomes available from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    // Its e-mail follows through the mail worker, as a pack's receipt does.
    await mailSettled();
    expect(await limitMails(u)).toBe(1);
    // A third pack is refused and tells nothing more.
    expect((await buy(u)).statusCode).toBe(403);
    expect(await noticesOf(u.id, 'limits.spending_reached')).toHaveLength(1);

    // With the Limits e-mail switched off: the notice, no e-mail.
    const quiet = await createUser(t);
    await fund(t.database, quiet.id, 10_000);
    await call(quiet, 'PUT', '/api/notifications/preferences', { email: { limits: false } });
    await call(quiet, 'PUT', '/api/limits/spending', { '24h': 25 }).then(ok(200));
    await buy(quiet).then(ok(201));
    await mailSettled();
    expect(await noticesOf(quiet.id, 'limits.spending_reached')).toHaveLength(1);
    expect(await limitMails(quiet)).toBe(0);
  });

  it('security: a new browser, a password change; always e-mailed', async () => {
    const u = await createUser(t);
    await call(u, 'PUT', '/api/notifications/preferences', { email: { security: false } });
    await expectOne(u, 'security.new_browser', () =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: u.email, password: TEST_PASSWORD },
        })
        .then(ok(200)),
    );
    await expectOne(u, 'security.password_changed', () =>
      call(u, 'PUT', '/api/users/me/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Another-long-passphrase-2026!',
      }).then(ok(200)),
    );
  });

  it('security: an e-mail change, when its link is opened; the old address is mailed too', async () => {
    const u = await createUser(t);
    const to = `moved-${u.id.slice(0, 8)}@example.com`;
    await call(u, 'POST', '/api/users/me/email', {
      newEmail: to,
      currentPassword: TEST_PASSWORD,
    }).then(ok(200));
    const link = (await t.app.services.mail.outbox()).find((m) => m.to === to)!.links[0]!;
    await expectOne(u, 'security.email_changed', () =>
      call(u, 'POST', '/api/auth/confirm-email-change', {
        token: new URL(link).searchParams.get('token'),
      }).then(ok(200)),
    );
  });

  it('reminders: a closing sell-back window once, pinned until answered by the sell-back', async () => {
    const u = await createUser(t);
    await fund(t.database, u.id, 10_000);
    const pullId = (await buyPack(u)).json().pull._id as string;
    // Its window closes within 12 hours of this turn; a second turn (another instance, the next
    // minute) writes nothing more.
    const windowHours = 6;
    await sendReminders(t.database.db, t.app.services.notifications, windowHours);
    await sendReminders(t.database.db, t.app.services.notifications, windowHours);
    const reminders = await noticesOf(u.id, 'reminder.sell_back_closing');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ needsAnswer: true, link: `/pulls/${pullId}` });
    const first = async () =>
      (await call(u, 'GET', '/api/notifications')).json().notifications[0] as {
        kind: string;
        needsAnswer: boolean;
      };
    expect(await first()).toMatchObject({ kind: 'reminder.sell_back_closing', needsAnswer: true });
    await call(u, 'POST', `/api/pulls/${pullId}/sell-back`).then(ok(200));
    expect((await first()).kind).toBe('pull.sold_back');
    expect((await noticesOf(u.id, 'reminder.sell_back_closing'))[0]!.answeredAt).not.toBeNull();
  });

  it('a pack purchase is one notice; a purchase that fails writes none', async () => {
    const u = await createUser(t);
    const broke = await call(u, 'POST', `/api/grail-cases/${caseId}/packs`, {});
    expect(broke.statusCode).toBe(402);
    expect(await noticesOf(u.id, 'pack.pulled')).toHaveLength(0);
    await fund(t.database, u.id, 10_000);
    await buyPack(u);
    expect(await noticesOf(u.id, 'pack.pulled')).toHaveLength(1);
  });
});
