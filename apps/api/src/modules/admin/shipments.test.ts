import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DueShipment } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { ShippingService } from '../shipping/shipping.service.js';
import { fund } from '../../../test/fixtures/wallet.js';

describe(`admin: shipments due and mark shipped (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;
  let pullId: string;
  let boxId: string;
  let caseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
    ({ caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 3 }));
    await fund(t.database, collector.id, 10_000);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...collector.headers, 'idempotency-key': 'ship-test-1' },
    });
    pullId = bought.json().pull._id;
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/pulls/${pullId}/claim`,
      headers: collector.headers,
    });
    expect(claimed.statusCode).toBe(200);
    // A claimed pull ships from the vault in a box of its own.
    boxId = claimed.json().pull.shipment._id;
  });
  afterAll(() => t?.close());

  it('lists the claimed pull as due with its 48-hour deadline, for admins only', async () => {
    expect(
      (await t.app.inject({ url: '/api/admin/shipments', headers: collector.headers })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ url: '/api/admin/shipments', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const due = res.json().shipments as DueShipment[];
    const mine = due.find((s) => s._id === boxId)!;
    expect(mine).toMatchObject({
      sourceType: 'vault',
      status: 'pending',
      overdue: false,
      username: collector.username,
    });
    expect(mine.items).toHaveLength(1);
    const hours = (new Date(mine.shipBy).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it('marks it shipped with carrier and tracking, e-mails the collector, and shows it in My Pulls', async () => {
    const due = (await t.app.inject({ url: '/api/admin/shipments', headers: admin.headers })).json()
      .shipments;
    const shipment = due.find((s: DueShipment) => s._id === boxId)!;
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/shipments/${shipment._id}/ship`,
      headers: admin.headers,
      payload: { carrier: 'UPS', trackingNumber: 'no spaces allowed' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/trackingNumber/);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/shipments/${shipment._id}/ship`,
      headers: admin.headers,
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shipment).toMatchObject({ status: 'shipped', carrier: 'UPS' });

    const pull = (
      await t.app.inject({ url: `/api/pulls/${pullId}`, headers: collector.headers })
    ).json().pull;
    expect(pull).toMatchObject({
      status: 'shipped',
      shipment: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, collector.email));
    expect(
      mails.some(
        (m) => m.subject === 'Your card has shipped' && m.text.includes('1Z999AA10123456784'),
      ),
    ).toBe(true);
    const left = (
      await t.app.inject({ url: '/api/admin/shipments', headers: admin.headers })
    ).json().shipments;
    expect(left.find((s: DueShipment) => s._id === shipment._id)).toBeUndefined();

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/shipments/${shipment._id}/ship`,
      headers: admin.headers,
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shipments/00000000-0000-4000-8000-000000000000/ship',
      headers: admin.headers,
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('marks nothing shipped when its e-mail cannot be queued with it', async () => {
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...collector.headers, 'idempotency-key': 'ship-test-2' },
    });
    const otherPull = bought.json().pull._id as string;
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/pulls/${otherPull}/claim`,
      headers: collector.headers,
    });
    const due = await t.app.services.shipping.listDue();
    const shipment = due.find((s) => s._id === claimed.json().pull.shipment._id)!;
    // The e-mail is queued in the shipment's own transaction (the outbox sends and retries it):
    // if it cannot even be queued, the shipment is not marked either.
    const shipping = new ShippingService(t.database.db, {
      notifications: { notify: () => Promise.reject(new Error('outbox unavailable')) },
    });
    await expect(
      shipping.markShipped(shipment._id, { carrier: 'DHL', trackingNumber: 'JD014600001234' }),
    ).rejects.toThrow('outbox unavailable');
    expect((await t.app.services.shipping.listDue()).map((s) => s._id)).toContain(shipment._id);
    const pull = (
      await t.app.inject({ url: `/api/pulls/${otherPull}`, headers: collector.headers })
    ).json().pull;
    expect(pull.status).not.toBe('shipped');
  });
});
