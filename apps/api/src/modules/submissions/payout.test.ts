import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSubmission, Submission } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { submissionPayouts, submissions } from '../../db/schema/index.js';
import {
  collectorPost,
  offerBody,
  staffOk,
  staffPost,
  submit,
  TEST_BANK,
} from '../../../test/fixtures/submissions.js';

let t: TestApp;
let collector: TestUser;
let admin: TestUser;

const payoutDetails = (id: string) =>
  t.app.inject({ url: `/api/admin/submissions/${id}/payout-details`, headers: admin.headers });
const changePayout = (id: string, payout: object) =>
  collectorPost(t, collector, id, 'payout', { payout }, 'PUT');
const pay = (id: string, body: object) =>
  staffPost(t, admin, id, 'pay', body, { 'idempotency-key': randomUUID() });

/** A bank-paid submission of one $80 card, accepted and received (not yet verified). */
async function received(): Promise<Submission> {
  const created = await submit(t, collector, { cardCount: 1, payout: TEST_BANK });
  await staffOk(t, admin, created._id, 'offer', offerBody(created, [80]));
  expect((await collectorPost(t, collector, created._id, 'accept')).statusCode).toBe(200);
  await staffOk(t, admin, created._id, 'receive');
  return created;
}

async function unpaid(id: string) {
  const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, id));
  const payouts = await t.database.db
    .select()
    .from(submissionPayouts)
    .where(eq(submissionPayouts.submissionId, id));
  expect(row!.status).toBe('verified');
  expect(payouts).toEqual([]);
}

describe(`a submission is paid once, by the method staff saw (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    collector = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it("the issue's sequence: details seen (bank), the collector switches to store credit, Pay: the switch is refused and the bank payment recorded", async () => {
    const s = await received();
    await staffOk(t, admin, s._id, 'verify');
    const details = await payoutDetails(s._id);
    expect(details.json()).toMatchObject({ method: 'bank', accountNumber: '000123456789' });

    const walletBefore = await t.app.services.wallet.balance(collector.id);
    const switched = await changePayout(s._id, { method: 'store_credit' });
    expect(switched.statusCode, switched.body).toBe(409);
    expect(switched.json()).toMatchObject({
      error: 'Conflict',
      status: 'verified',
      message:
        'This submission is verified (status verified): its payout is fixed once the cards are verified. Contact support to change it.',
    });
    const mine = await t.app.inject({
      url: `/api/submissions/${s._id}`,
      headers: collector.headers,
    });
    expect((mine.json().submission as Submission).payout.method).toBe('bank');
    expect((mine.json().submission as Submission).actions).not.toContain('payout');

    const paid = await pay(s._id, { method: 'bank', reference: 'WIRE-20261130-77' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json().submission as AdminSubmission).payment).toMatchObject({
      method: 'bank',
      amount: 80,
      bonus: 0,
      reference: 'WIRE-20261130-77',
    });
    expect(await t.app.services.wallet.balance(collector.id)).toBe(walletBefore);
  });

  it('a Pay carrying a method that is no longer the current one is 409 naming it, and writes nothing', async () => {
    // Staff look while the cards are received (bank); the collector switches before verification.
    const s = await received();
    expect((await payoutDetails(s._id)).json()).toMatchObject({ method: 'bank' });
    expect((await changePayout(s._id, { method: 'store_credit' })).statusCode).toBe(200);
    await staffOk(t, admin, s._id, 'verify');

    const walletBefore = await t.app.services.wallet.balance(collector.id);
    const stale = await pay(s._id, { method: 'bank', reference: 'WIRE-20261130-78' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'Conflict',
      payoutMethod: 'store_credit',
      message:
        'This submission is now paid by store credit, not bank transfer: look at it again before paying.',
    });
    await unpaid(s._id);
    expect(await t.app.services.wallet.balance(collector.id)).toBe(walletBefore);

    // Looking again and paying what is shown pays once.
    const paid = await pay(s._id, { method: 'store_credit', reference: null });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await t.app.services.wallet.balance(collector.id)).toBe(walletBefore + 8_800);
    // The store-credit payout and its bonus are store credit: spent first, never withdrawn.
    const parts = await t.app.services.wallet.parts(collector.id);
    expect(parts.credit).toBe(8_800);
    expect(parts.withdrawable).toBe(walletBefore);
  });

  it('Pay names the method it pays (400 without it, nothing written)', async () => {
    const s = await received();
    await staffOk(t, admin, s._id, 'verify');
    const res = await pay(s._id, { reference: 'WIRE-20261130-79' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('method');
    await unpaid(s._id);
  });

  it('until verification the collector may still change the payout', async () => {
    const s = await received();
    const res = await changePayout(s._id, { method: 'paypal', email: 'casey@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().submission as Submission).payout).toEqual({
      method: 'paypal',
      masked: 'c•••@example.com',
    });
  });
});
