import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, testEngine, type TestDatabase } from '../../../test/helpers.js';
import { startFakeWebhook, type FakeWebhook } from '../../../test/fakes/fake-webhook.js';
import { startServer as startApi, type Server } from '../../../test/processes.js';
import { outboxMessages } from '../../db/schema/index.js';
import { OutboxService } from './outbox.service.js';

/** A real API process: its outbox worker starts with it, and a lease expires after 2 s. */
const startServer = (databaseUrl: string) =>
  startApi(databaseUrl, { env: { DATABASE_POOL_SIZE: '4', OUTBOX_LEASE_SECONDS: '2' } });

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Several processes on one database need a PostgreSQL server (PGlite is single-process).
describe.runIf(testEngine === 'postgres')(`outbox across real processes (${testEngine})`, () => {
  let db: TestDatabase;
  let hook: FakeWebhook;
  let outbox: OutboxService;
  const servers: Server[] = [];
  const kill = async (s: Server) => {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await s.exited;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    hook = await startFakeWebhook();
    outbox = new OutboxService(db.database.db);
  });
  afterAll(async () => {
    for (const s of servers) await kill(s);
    await hook?.close();
    await db?.drop();
  });

  it(
    'two instances on one database deliver each of 200 messages exactly once',
    { timeout: 180_000 },
    async () => {
      const [a, b] = await Promise.all([startServer(db.url!), startServer(db.url!)]);
      servers.push(a!, b!);
      for (let batch = 0; batch < 10; batch++) {
        await db.database.db.transaction(async (tx) => {
          for (let i = 0; i < 20; i++)
            await outbox.enqueue(
              { kind: 'webhook', payload: { url: hook.url, body: { n: batch * 20 + i } } },
              tx,
            );
        });
      }
      const sent = async () =>
        (
          await db.database.db
            .select({ id: outboxMessages.id })
            .from(outboxMessages)
            .where(eq(outboxMessages.status, 'sent'))
        ).length;
      await until(async () => (await sent()) === 200, 120_000);
      // Give a duplicate the time to arrive if one were on its way.
      await new Promise((r) => setTimeout(r, 1_500));
      const numbers = hook.received.map((b) => (b as { n: number }).n).sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i));
      await Promise.all([kill(a!), kill(b!)]);
    },
  );

  it(
    'after SIGKILL between commit and send, the restarted instance delivers the message',
    { timeout: 180_000 },
    async () => {
      hook.received.length = 0;
      // The first delivery never gets its answer: the instance is killed while sending.
      hook.answer = (_body, count) => (count === 1 ? 'hang' : 204);
      const first = await startServer(db.url!);
      servers.push(first);
      const id = await db.database.db.transaction((tx) =>
        outbox.enqueue({ kind: 'webhook', payload: { url: hook.url, body: { n: 'crash' } } }, tx),
      );
      await until(() => hook.received.length === 1, 60_000);
      await kill(first);
      const [orphan] = await db.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.id, id));
      expect(orphan).toMatchObject({ status: 'pending', attempts: 1 });

      const restarted = await startServer(db.url!);
      servers.push(restarted);
      const status = async () =>
        (
          await db.database.db
            .select({ status: outboxMessages.status })
            .from(outboxMessages)
            .where(eq(outboxMessages.id, id))
        )[0]!.status;
      await until(async () => (await status()) === 'sent', 60_000);
      expect(hook.received).toEqual([{ n: 'crash' }, { n: 'crash' }]);
      await kill(restarted);
    },
  );
});
