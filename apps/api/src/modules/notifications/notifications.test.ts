import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { mailOutbox, notifications, outboxMessages } from '../../db/schema/index.js';
import { mailBox } from '../mail/mail.service.js';
import type { NotificationEvent } from './notifications.service.js';

const shipped: NotificationEvent = {
  category: 'shipping',
  kind: 'shipment.shipped',
  title: 'Your cards are on their way',
  body: 'Tracking number 1Z999.',
  link: '/dashboard/vault',
};

describe(`notifications (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const notify = (userId: string, event: NotificationEvent) =>
    t.database.db.transaction((tx) => t.app.services.notifications.notify(tx, userId, event));
  const mailTo = (email: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const rowsOf = (userId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  /** The queued message as it will be sent, headers included (the outbox row is sealed). */
  const queued = async (email: string) => {
    const rows = await t.database.db.select().from(outboxMessages);
    const box = mailBox(t.config.APP_SECRET!);
    return rows
      .filter((r) => (r.payload as { to?: string }).to === email)
      .map((r) => {
        const p = r.payload as { subject: string; sealed: string };
        const sealed = JSON.parse(box.open(p.sealed).toString('utf8')) as {
          text: string;
          html?: string;
          headers?: Record<string, string>;
        };
        return { subject: p.subject, ...sealed };
      });
  };

  it('writes one notification and one e-mail with a text and an HTML part', async () => {
    const u = await createUser(t);
    await notify(u.id, shipped);
    expect(await rowsOf(u.id)).toHaveLength(1);
    const [mail] = await queued(u.email);
    expect(mail).toMatchObject({ subject: 'Your cards are on their way' });
    expect(mail!.text).toContain('Tracking number 1Z999.');
    expect(mail!.text).toContain('/dashboard/vault');
    expect(mail!.html).toContain('<p>Tracking number 1Z999.</p>');
    expect(mail!.headers).toBeUndefined();
    const list = (await call(u, 'GET', '/api/notifications')).json();
    expect(list).toMatchObject({ unread: 1, nextOffset: null });
    expect(list.notifications[0]).toMatchObject({ title: shipped.title, read: false });
  });

  it('writes nothing when the change rolls back', async () => {
    const u = await createUser(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.notifications.notify(tx, u.id, shipped);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(u.id)).toHaveLength(0);
    expect(await mailTo(u.email)).toHaveLength(0);
  });

  it("mails a batch of notices written by a trigger or a batch by each collector's own choice", async () => {
    const [off, on, locked] = [await createUser(t), await createUser(t), await createUser(t)];
    for (const u of [off, locked]) {
      const res = await call(u, 'PUT', '/api/notifications/preferences', {
        email: { shipping: false },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.database.db.insert(notifications).values([
      { ...shipped, userId: off.id, mailPending: true },
      { ...shipped, userId: on.id, mailPending: true },
      {
        ...shipped,
        userId: locked.id,
        category: 'security',
        kind: 'security.test',
        mailPending: true,
      },
    ]);
    // The mail worker also runs in the background; whichever takes the rows, none stays pending.
    const pending = () =>
      t.database.db.select().from(notifications).where(eq(notifications.mailPending, true));
    while ((await pending()).length) await t.app.services.notifications.mailPending(20);
    expect(await mailTo(off.email)).toHaveLength(0);
    expect(await mailTo(on.email)).toHaveLength(1);
    expect(await mailTo(locked.email)).toHaveLength(1);
  });

  it('a category switched off stops the e-mail, not the notice; security and receipts stay on', async () => {
    const u = await createUser(t);
    const off = await call(u, 'PUT', '/api/notifications/preferences', {
      email: { shipping: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences).toContainEqual({
      category: 'shipping',
      label: 'Shipping',
      email: false,
      locked: false,
    });
    await notify(u.id, shipped);
    expect(await rowsOf(u.id)).toHaveLength(1);
    expect(await mailTo(u.email)).toHaveLength(0);

    const refused = await call(u, 'PUT', '/api/notifications/preferences', {
      email: { security: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'email.security' });
    const prefs = (await call(u, 'GET', '/api/notifications/preferences')).json().preferences;
    expect(prefs.find((p: { category: string }) => p.category === 'receipts')).toMatchObject({
      email: true,
      locked: true,
    });
  });

  describe('marketing', () => {
    const news: NotificationEvent = {
      category: 'marketing',
      kind: 'news',
      title: 'A new case is live',
      body: 'The Rookies case opens today.',
      link: '/grail-machine',
    };

    it('is off by default, and never mailed during a time-out', async () => {
      const u = await createUser(t);
      await notify(u.id, news);
      expect(await mailTo(u.email)).toHaveLength(0);
      await call(u, 'PUT', '/api/notifications/preferences', { email: { marketing: true } });
      expect((await call(u, 'POST', '/api/limits/time-out', { period: '24h' })).statusCode).toBe(
        200,
      );
      await notify(u.id, news);
      const notices = await rowsOf(u.id);
      expect(notices.filter((n) => n.kind === 'news')).toHaveLength(2);
      // The only e-mail is the time-out's own notice (limits), none of the news.
      expect((await mailTo(u.email)).map((m) => m.subject)).toEqual(['Your time-out has started']);
    });

    it('carries RFC 8058 one-click unsubscribe through a signed link that needs no sign-in', async () => {
      const u = await createUser(t);
      await call(u, 'PUT', '/api/notifications/preferences', { email: { marketing: true } });
      await notify(u.id, news);
      const [mail] = await queued(u.email);
      expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<(https?:\/\/[^>]+|\/[^>]+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
      expect(mail!.text).toContain(link);
      const path = link.replace(/^https?:\/\/[^/]+/, '');

      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('method="post"');
      const json = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json' },
      });
      expect(json.json()).toEqual({ message: 'Send a POST to this link to unsubscribe.' });

      const tampered = path.replace(
        /signature=([\w-])/,
        (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
      );
      for (const bad of [tampered, path.replace(u.id, '00000000-0000-4000-8000-000000000000')]) {
        const res = await t.app.inject({
          method: 'POST',
          url: bad,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('This unsubscribe link is not valid.');
      }

      const done = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({
        message: 'You are unsubscribed from News and offers e-mails.',
      });
      const prefs = (await call(u, 'GET', '/api/notifications/preferences')).json().preferences;
      expect(prefs.find((p: { category: string }) => p.category === 'marketing').email).toBe(false);
      await notify(u.id, news);
      expect(await mailTo(u.email)).toHaveLength(1);
    });
  });

  it('pins what needs an answer first until it is answered', async () => {
    const u = await createUser(t);
    await notify(u.id, {
      category: 'selling',
      kind: 'submission.offer',
      title: 'We made an offer',
      body: 'Accept or decline it.',
      link: '/dashboard/submissions/s1',
      subject: { type: 'submission', id: 's1' },
      needsAnswer: true,
    });
    await notify(u.id, shipped);
    let list = (await call(u, 'GET', '/api/notifications')).json().notifications;
    expect(list.map((n: { title: string }) => n.title)).toEqual([
      'We made an offer',
      shipped.title,
    ]);
    expect(list[0].needsAnswer).toBe(true);
    await t.database.db.transaction((tx) =>
      t.app.services.notifications.answered(tx, u.id, { type: 'submission', id: 's1' }),
    );
    list = (await call(u, 'GET', '/api/notifications')).json().notifications;
    expect(list.map((n: { title: string }) => n.title)).toEqual([
      shipped.title,
      'We made an offer',
    ]);
    expect(list[1]).toMatchObject({ needsAnswer: false, read: true });
  });

  it('pages newest first, marks one or all read, and hides another collector’s notices (404)', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 3; i++) await notify(u.id, { ...shipped, title: `Parcel ${i}` });
    // Each in its own transaction, yet within one clock tick they would tie: order them.
    await t.database.db.execute(
      sql`update notifications set created_at = created_at - (ascii(right(title, 1)) - 48) * interval '-1 second' where user_id = ${u.id}`,
    );
    const first = (await call(u, 'GET', '/api/notifications?limit=2')).json();
    expect(first.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Parcel 2',
      'Parcel 1',
    ]);
    expect(first.nextOffset).toBe(2);
    const second = (await call(u, 'GET', '/api/notifications?limit=2&offset=2')).json();
    expect(second).toMatchObject({ nextOffset: null, unread: 3 });

    const id = first.notifications[0]._id as string;
    expect((await call(other, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(404);
    const read = await call(u, 'POST', `/api/notifications/${id}/read`);
    expect(read.json()).toEqual({ unread: 2 });
    expect((await call(u, 'GET', '/api/notifications/unread')).json()).toEqual({ unread: 2 });
    expect((await call(u, 'POST', '/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await call(u, 'GET', '/api/notifications/unread')).json()).toEqual({ unread: 0 });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
