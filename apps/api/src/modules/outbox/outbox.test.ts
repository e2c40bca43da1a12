import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  createTestApp,
  createTestDatabase,
  testEngine,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.js';
import { createUser } from '../../../test/users.js';
import { startFakeWebhook, type FakeWebhook } from '../../../test/fakes/fake-webhook.js';
import { auditLog, mailOutbox, outboxMessages } from '../../db/schema/index.js';
import { AuditService } from '../audit/audit.service.js';
import { MailService, mailBox, type MailMessage } from '../mail/mail.service.js';
const TEST_SECRET = 'outbox-test-secret-of-at-least-32-chars';
import { OutboxService, RetryLater } from './outbox.service.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`outbox: delivery, retries and dead letters (${testEngine})`, () => {
  let db: TestDatabase;
  let hook: FakeWebhook;
  const rowOf = async (id: string) =>
    (await db.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  const webhook = (body: Record<string, unknown>) => ({
    kind: 'webhook' as const,
    payload: { url: hook.url, body },
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    hook = await startFakeWebhook();
  });
  afterAll(async () => {
    await hook.close();
    await db.drop();
  });
  beforeEach(async () => {
    await db.database.db.delete(outboxMessages);
    hook.received.length = 0;
    hook.answer = () => 204;
  });

  it('never sends a message whose transaction rolled back, and sends the committed one once', async () => {
    const outbox = new OutboxService(db.database.db);
    await expect(
      db.database.db.transaction(async (tx) => {
        await outbox.enqueue(webhook({ n: 'rolled back' }), tx);
        throw new Error('the change was refused');
      }),
    ).rejects.toThrow('the change was refused');
    const id = await db.database.db.transaction((tx) =>
      outbox.enqueue(webhook({ n: 'committed' }), tx),
    );
    expect(await outbox.deliverDue()).toBe(1);
    expect(await outbox.deliverDue()).toBe(0);
    expect(hook.received).toEqual([{ n: 'committed' }]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await db.database.db.select().from(outboxMessages)).toHaveLength(1);
  });

  it('retries with exponential backoff, is dead after the last attempt, and staff retry sends it (audited)', async () => {
    const outbox = new OutboxService(db.database.db, {
      maxAttempts: 3,
      baseDelayMs: 300,
      audit: new AuditService(db.database.db),
    });
    hook.answer = () => 500;
    const id = await outbox.enqueue(webhook({ n: 'flaky' }));

    const started = Date.now();
    expect(await outbox.deliverDue()).toBe(1);
    let row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'webhook answered 500',
    });
    // First wait: the base delay.
    expect(row.nextAttemptAt.getTime() - started).toBeGreaterThanOrEqual(200);
    expect(await outbox.deliverDue()).toBe(0);

    await sleep(row.nextAttemptAt.getTime() - Date.now() + 50);
    const second = Date.now();
    expect(await outbox.deliverDue()).toBe(1);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    // Second wait: twice the first.
    expect(row.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(500);

    await sleep(row.nextAttemptAt.getTime() - Date.now() + 50);
    expect(await outbox.deliverDue()).toBe(1);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'dead', attempts: 3, lastError: 'webhook answered 500' });
    expect(hook.received).toHaveLength(3);
    await sleep(700);
    expect(await outbox.deliverDue()).toBe(0);
    expect(await outbox.list(['dead'])).toEqual([
      expect.objectContaining({
        _id: id,
        kind: 'webhook',
        status: 'dead',
        target: '127.0.0.1:' + new URL(hook.url).port,
      }),
    ]);

    const staff = randomUUID();
    hook.answer = () => 204;
    expect(await outbox.retry(id, staff)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await outbox.deliverDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(hook.received).toHaveLength(4);
    const [entry] = await db.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entry).toMatchObject({
      actorId: staff,
      action: 'outbox.retry',
      before: { status: 'dead', attempts: 3 },
      after: { status: 'pending', attempts: 0 },
    });
    // Only a dead message can be sent again.
    await expect(outbox.retry(id, staff)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('waits the time a receiver asks for (RetryLater) instead of the backoff', async () => {
    const outbox = new OutboxService(db.database.db, { baseDelayMs: 10 });
    outbox.handle('webhook', {
      deliver: async () => {
        throw new RetryLater('rate limited', 4_000);
      },
    });
    const id = await outbox.enqueue(webhook({ n: 'later' }));
    const started = Date.now();
    await outbox.deliverDue();
    const row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.nextAttemptAt.getTime() - started).toBeGreaterThanOrEqual(3_500);
  });

  it('takes back a claim whose instance died once its lease runs out', async () => {
    const outbox = new OutboxService(db.database.db, { leaseMs: 400 });
    const id = await outbox.enqueue(webhook({ n: 'orphaned' }));
    // Claimed, then the claimer stalls (or "dies") before sending.
    const [stalled] = await outbox.claim(10);
    expect(stalled).toBeDefined();
    expect(await outbox.deliverDue()).toBe(0);
    await sleep(500);
    expect(await outbox.deliverDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    // The stalled claimer wakes up: the row is no longer its own, so it does not send it again.
    expect(await outbox.deliver(stalled!)).toBe('pending');
    expect(hook.received).toEqual([{ n: 'orphaned' }]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("queues mail in the caller's transaction: nothing if it rolls back; sent after commit and kept redacted", async () => {
    const outbox = new OutboxService(db.database.db);
    const mail = new MailService(db.database.db, {
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Grail Machine <no-reply@grail.example>',
      appEnv: 'test',
      outbox,
      box: mailBox(TEST_SECRET),
    });
    const sent: MailMessage[] = [];
    // The SMTP server: what it receives is the mail as written.
    (mail as unknown as { transport: { sendMail(m: MailMessage): Promise<unknown> } }).transport = {
      sendMail: async (m) => sent.push(m),
    };
    const message = {
      to: 'reset-owner@example.com',
      subject: 'Reset your password',
      text: 'Reset: https://grail.example/reset-password/S3cretResetT0ken',
    };
    await expect(
      db.database.db.transaction(async (tx) => {
        await mail.send(message, tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const copies = () =>
      db.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, message.to));
    expect(await copies()).toHaveLength(0);

    await db.database.db.transaction((tx) => mail.send(message, tx));
    expect(sent).toHaveLength(0);
    expect(await copies()).toHaveLength(1);
    // Until it is sent the queued mail's link is live: its text is sealed in the row.
    const queued = await db.database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.payload}->>'to' = ${message.to}`);
    expect(JSON.stringify(queued[0]!.payload)).not.toContain('S3cret');
    expect(await outbox.deliverDue()).toBe(1);
    expect(sent.map((m) => m.text)).toEqual([message.text]);
    const [row] = await db.database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.payload}->>'to' = ${message.to}`);
    expect(row!.status).toBe('sent');
    expect(JSON.stringify(row!.payload)).not.toContain('S3cret');
  });
});

describe(`outbox: staff endpoints (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists dead and pending messages without their bodies to staff only, and retries a dead one (audited)', async () => {
    const [dead] = await t.database.db
      .insert(outboxMessages)
      .values({
        kind: 'email',
        payload: { to: 'lost@example.com', subject: 'Your card has shipped', text: 'secret body' },
        status: 'dead',
        attempts: 8,
        lastError: 'connect ECONNREFUSED',
      })
      .returning();
    const collector = await createUser(t);
    const staff = await createUser(t, { role: 'admin' });

    const refused = await t.app.inject({ url: '/api/admin/outbox', headers: collector.headers });
    expect(refused.statusCode).toBe(403);

    const res = await t.app.inject({
      url: '/api/admin/outbox?status=dead',
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([
      expect.objectContaining({
        _id: dead!.id,
        kind: 'email',
        status: 'dead',
        target: 'lost@example.com',
        subject: 'Your card has shipped',
        attempts: 8,
        lastError: 'connect ECONNREFUSED',
      }),
    ]);
    expect(res.body).not.toContain('secret body');

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${dead!.id}/retry`,
      headers: staff.headers,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await t.app.services.audit.forSubject('outbox_message', dead!.id);
    expect(audit).toEqual([expect.objectContaining({ actorId: staff.id, action: 'outbox.retry' })]);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${dead!.id}/retry`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'Not Found' });
  });
});
