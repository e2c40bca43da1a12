import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import {
  buildTestApp,
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../../../test/helpers.js';
import { createUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';

/** Reads server-sent events from a stream until one matches. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  let text = '';
  return async (pattern: RegExp) => {
    for (let match = pattern.exec(text); !match; match = pattern.exec(text)) {
      const { value, done } = await reader.read();
      if (done) return null;
      text += new TextDecoder().decode(value);
    }
    const match = pattern.exec(text)!;
    text = text.slice(match.index + match[0].length);
    return match;
  };
}

/**
 * Two instances on one database: on PostgreSQL each has its own pool and LISTEN connection, so
 * the count crosses instances the way it does in production; on PGlite they share the engine.
 */
describe(`the bell across instances (${testEngine})`, () => {
  let testDb: TestDatabase;
  let second: Database;
  let a: App;
  let b: App;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    second = testDb.url
      ? await openDatabase({ databaseUrl: testDb.url, poolSize: 4 })
      : testDb.database;
    a = await buildTestApp(testDb.database);
    b = await buildTestApp(second);
    await Promise.all([a.ready(), b.ready()]);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second !== testDb.database) await second?.close();
    await testDb?.drop();
  });

  const asTestApp = (app: App, database: Database) =>
    ({ app, database, config: undefined as never, close: async () => undefined }) as const;

  it('a change on one instance reaches a stream on the other within a second', async () => {
    const u = await createUser(asTestApp(a, testDb.database));
    const address = await a.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/events`, {
      headers: { authorization: u.headers.authorization! },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const next = eventReader(res.body!);
    expect((await next(/event: unread\ndata: (.*)\n\n/))![1]).toBe('{"unread":0}');
    expect(await next(/: connected\n\n/)).not.toBeNull();

    const started = Date.now();
    await second.db.transaction((tx) =>
      b.services.notifications.notify(tx, u.id, {
        category: 'money',
        kind: 'withdrawal.paid',
        title: 'Your withdrawal is paid',
        body: '$20.00 is on its way.',
        link: '/dashboard?tab=wallet',
      }),
    );
    expect((await next(/event: unread\ndata: (.*)\n\n/))![1]).toBe('{"unread":1}');
    expect(Date.now() - started).toBeLessThan(1_000);

    const readAll = await b.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: u.headers,
    });
    expect(readAll.statusCode).toBe(200);
    expect((await next(/event: unread\ndata: (.*)\n\n/))![1]).toBe('{"unread":0}');
    controller.abort();
  });

  it('a pack purchase is one notice with its proof link and one e-mail, sent by either instance', async () => {
    const t = asTestApp(a, testDb.database);
    const u = await createUser(t);
    await fund(testDb.database, u.id, 10_000);
    const { caseId } = await createLiveCase(testDb.database, a.services.grailAdmin, { size: 5 });
    const bought = await b.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...u.headers, 'idempotency-key': `pack-${u.id}` },
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const pullId = bought.json().pull._id as string;
    const rows = await testDb.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: 'receipts',
      kind: 'pack.pulled',
      title: 'You pulled a card',
      link: `/pulls/${pullId}`,
    });
    // The mail worker of whichever instance comes first queues its e-mail, once. The instances'
    // own timers run it too, and a call meeting their turn skips the row they hold: wait until
    // one of them has committed it.
    await vi.waitFor(
      async () => {
        await a.services.notifications.mailPending(20);
        await b.services.notifications.mailPending(20);
        const [notice] = await testDb.database.db
          .select({ mailPending: notifications.mailPending })
          .from(notifications)
          .where(eq(notifications.userId, u.id));
        expect(notice!.mailPending).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );
    const mails = await testDb.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, u.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/pulls/${pullId}`);
    expect(mails[0]!.html).toContain(`/pulls/${pullId}`);
  });
});
