import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FulfilmentItem, FulfilmentQueueResponse } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { collectorPost, offerBody, staffOk, submit } from '../../../test/fixtures/submissions.js';
import { auditLog, mailOutbox, shipments, submissionEvents } from '../../db/schema/index.js';

const HOUR = 3600_000;

describe(`fulfilment: the shipping queue (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;
  const pullIds: string[] = [];
  let submissionId: string;

  const queue = async (who: TestUser = admin) => {
    const res = await t.app.inject({ url: '/api/admin/fulfilment', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FulfilmentQueueResponse;
  };
  const ship = (kind: string, id: string, trackingNumber = '1Z999AA10123456784', who = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/fulfilment/${kind}/${id}/ship`,
      headers: who.headers,
      payload: { carrier: 'UPS', trackingNumber },
    });
  const pullShipment = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    await fund(t.database, collector.id, 50_000);
    for (const n of [1, 2, 3]) {
      const bought = await t.app.inject({
        method: 'POST',
        url: `/api/grail-cases/${caseId}/packs`,
        headers: { ...collector.headers, 'idempotency-key': `fulfil-${n}` },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const pullId = bought.json().pull._id as string;
      const claimed = await t.app.inject({
        method: 'POST',
        url: `/api/pulls/${pullId}/claim`,
        headers: collector.headers,
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
      pullIds.push(pullId);
      // A claimed pull ships from the vault in a box of its own.
      pullShipment.set(pullId, claimed.json().pull.shipment._id);
    }
    // A submission staff received and sent back: owed to its collector from the moment of return.
    const sub = await submit(t, collector, { cardCount: 1 });
    await staffOk(t, admin, sub._id, 'offer', offerBody(sub, [300]));
    expect((await collectorPost(t, collector, sub._id, 'accept')).statusCode).toBe(200);
    await staffOk(t, admin, sub._id, 'receive');
    await staffOk(t, admin, sub._id, 'return', { note: 'Collector asked for the cards back' });
    submissionId = sub._id;
  });
  afterAll(() => t?.close());

  it('is for staff only', async () => {
    expect(
      (await t.app.inject({ url: '/api/admin/fulfilment', headers: collector.headers })).statusCode,
    ).toBe(403);
    expect(
      (await ship('submission', submissionId, '1Z999AA10123456784', collector)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/fulfilment' })).statusCode).toBe(401);
  });

  it('lists claimed pulls and the returned submission, earliest deadline first, overdue flagged', async () => {
    // The second pull was claimed long ago (its deadline passed), the submission returned 40 h ago.
    await t.database.db
      .update(shipments)
      .set({ shipBy: new Date(Date.now() - 5 * HOUR) })
      .where(eq(shipments.id, pullShipment.get(pullIds[1]!)!));
    await t.database.db
      .update(submissionEvents)
      .set({ createdAt: new Date(Date.now() - 40 * HOUR) })
      .where(
        and(
          eq(submissionEvents.submissionId, submissionId),
          eq(submissionEvents.toStatus, 'returned'),
        ),
      );
    const { items } = await queue();
    expect(items.map((i) => [i.kind, i.overdue])).toEqual([
      ['vault', true],
      ['submission', false],
      ['vault', false],
      ['vault', false],
    ]);
    expect(items[0]!._id).toBe(pullShipment.get(pullIds[1]!));
    const returned = items[1] as FulfilmentItem;
    expect(returned).toMatchObject({
      _id: submissionId,
      username: collector.username,
      email: collector.email,
      address: { city: expect.any(String) },
    });
    expect(returned.reference).toMatch(/^Submission S-\d{6}$/);
    expect(returned.items).toHaveLength(1);
    expect(returned.items[0]).toMatch(/cert /);
    const hoursLeft = (new Date(returned.shipBy).getTime() - Date.now()) / HOUR;
    expect(hoursLeft).toBeGreaterThan(7.9);
    expect(hoursLeft).toBeLessThanOrEqual(8);
    // Sorted by deadline throughout.
    const deadlines = items.map((i) => i.shipBy);
    expect([...deadlines].sort()).toEqual(deadlines);
  });

  it('marks a pull shipped: the collector is e-mailed, the action audited, the item leaves the queue', async () => {
    const id = pullShipment.get(pullIds[0]!)!;
    expect((await ship('order', id)).statusCode).toBe(404);
    const res = await ship('vault', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'vault',
      _id: id,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect((await ship('vault', id)).statusCode).toBe(409);
    expect((await queue()).items.some((i) => i._id === id)).toBe(false);

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, collector.email));
    expect(
      mails.some(
        (m) =>
          m.subject === 'Your card has shipped' &&
          m.text.includes('Tracking number: 1Z999AA10123456784\n') &&
          m.text.includes('Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784\n'),
      ),
    ).toBe(true);
    const audits = await t.app.services.audit.forSubject('shipment', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: admin.id,
      action: 'shipment.ship',
      before: { status: 'pending', carrier: null, trackingNumber: null },
      after: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    const pull = (
      await t.app.inject({ url: `/api/pulls/${pullIds[0]}`, headers: collector.headers })
    ).json().pull;
    expect(pull.shipment).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  it('marks the returned submission shipped once, with its e-mail and audit record', async () => {
    const res = await ship('submission', submissionId, '9400111899223856928499');
    expect(res.statusCode, res.body).toBe(200);
    expect((await ship('submission', submissionId)).statusCode).toBe(409);
    expect((await ship('submission', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, collector.email),
          eq(mailOutbox.subject, 'Your cards are on their way back'),
        ),
      );
    expect(mail!.text).toContain(
      'Tracking number: 9400111899223856928499\nTrack it: https://www.ups.com/track?tracknum=9400111899223856928499\n',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectType, 'submission'), eq(auditLog.action, 'submission.return_ship')),
      );
    expect(audit).toMatchObject({
      actorId: admin.id,
      subjectId: submissionId,
      after: { carrier: 'UPS', trackingNumber: '9400111899223856928499' },
    });
  });

  it('shows the return shipment to its collector only', async () => {
    const view = await t.app.inject({
      url: `/api/submissions/${submissionId}`,
      headers: collector.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().submission.returnShipment).toEqual({
      carrier: 'UPS',
      trackingNumber: '9400111899223856928499',
      shippedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const stranger = await createUser(t);
    const other = await t.app.inject({
      url: `/api/submissions/${submissionId}`,
      headers: stranger.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('shows the share shipped within 48 hours over the last 30 days', async () => {
    // The overdue pull ships late; the other pull and the submission left in time.
    expect((await ship('vault', pullShipment.get(pullIds[1]!)!)).statusCode).toBe(200);
    const { compliance, items } = await queue();
    expect(compliance).toEqual({ shipped: 3, onTime: 2, share: 2 / 3 });
    expect(items.map((i) => i.kind)).toEqual(['vault']);
    // Shipments older than 30 days are left out.
    await t.database.db
      .update(shipments)
      .set({ shippedAt: sql`now() - interval '31 days'` })
      .where(eq(shipments.id, pullShipment.get(pullIds[1]!)!));
    expect((await queue()).compliance).toEqual({ shipped: 2, onTime: 2, share: 1 });
  });

  it('refuses a malformed kind, id or tracking number with 400', async () => {
    expect((await ship('parcel', submissionId)).statusCode).toBe(400);
    expect((await ship('vault', 'not-an-id')).statusCode).toBe(400);
    const bad = await ship('vault', pullShipment.get(pullIds[2]!)!, 'has spaces');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringMatching(/trackingNumber/) });
  });
});
