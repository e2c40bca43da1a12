import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBMISSION_STATUSES,
  type AdminSubmission,
  type Submission,
  type SubmissionStatus,
} from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { submissionCards, submissions } from '../../db/schema/index.js';
import { collectorPost, offerBody, staffPost, submit } from '../../../test/fixtures/submissions.js';

/**
 * Every transition that is not in the rules answers 409 naming the current status, and changes
 * nothing. The expected sets are written out here on purpose: this table is the specification
 * the service's table is checked against.
 */
const COLLECTOR: Record<string, readonly SubmissionStatus[]> = {
  accept: ['offer_made', 'offer_adjusted'],
  decline: ['offer_made', 'offer_adjusted'],
  cancel: ['submitted', 'under_review', 'offer_made', 'awaiting_shipment'],
  tracking: ['awaiting_shipment'],
  payout: [
    'submitted',
    'under_review',
    'offer_made',
    'accepted',
    'awaiting_shipment',
    'received',
    'offer_adjusted',
  ],
};
const STAFF: Record<string, readonly SubmissionStatus[]> = {
  review: ['submitted'],
  offer: ['submitted', 'under_review'],
  receive: ['accepted', 'awaiting_shipment'],
  verify: ['received'],
  adjust: ['received'],
  pay: ['verified'],
  return: ['received', 'verified', 'declined', 'expired'],
  cancel: ['submitted', 'under_review', 'offer_made'],
  inventory: ['verified', 'paid'],
};

let t: TestApp;
let collector: TestUser;
let admin: TestUser;

describe(`submission transitions (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    collector = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  /** A submission put straight into `status`, with offers on its cards and the cards received. */
  async function inStatus(status: SubmissionStatus, opts: { received?: boolean } = {}) {
    const created = await submit(t, collector, { cardCount: 1 });
    await t.database.db
      .update(submissionCards)
      .set({ offerCents: 5_000 })
      .where(eq(submissionCards.submissionId, created._id));
    await t.database.db
      .update(submissions)
      .set({
        status,
        offerExpiresAt: new Date(Date.now() + 86_400_000),
        receivedAt: (opts.received ?? true) ? new Date() : null,
      })
      .where(eq(submissions.id, created._id));
    return created;
  }

  function collectorCommand(action: string, s: Submission) {
    switch (action) {
      case 'tracking':
        return collectorPost(
          t,
          collector,
          s._id,
          'tracking',
          { carrier: 'UPS', trackingNumber: 'ABCD1234' },
          'PUT',
        );
      case 'payout':
        return collectorPost(
          t,
          collector,
          s._id,
          'payout',
          { payout: { method: 'store_credit' } },
          'PUT',
        );
      default:
        return collectorPost(t, collector, s._id, action);
    }
  }

  function staffCommand(action: string, s: Submission) {
    switch (action) {
      case 'offer':
      case 'adjust':
        return staffPost(t, admin, s._id, action, offerBody(s, [70]));
      case 'pay':
        return staffPost(
          t,
          admin,
          s._id,
          'pay',
          { method: 'store_credit' },
          { 'idempotency-key': randomUUID() },
        );
      case 'inventory':
        return staffPost(t, admin, s._id, `cards/${s.cards[0]!._id}/inventory`, {
          sport: 'Baseball',
          fmv: 50,
        });
      default:
        return staffPost(t, admin, s._id, action);
    }
  }

  async function expectRefused(
    res: Awaited<ReturnType<typeof staffPost>>,
    s: Submission,
    status: SubmissionStatus,
    what: string,
  ) {
    expect(res.statusCode, `${what} from ${status}: ${res.body}`).toBe(409);
    expect(res.json(), what).toMatchObject({ error: 'Conflict', status });
    expect(res.json().message, what).toContain(`(status ${status})`);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, s._id));
    expect(row!.status, what).toBe(status);
  }

  for (const status of SUBMISSION_STATUSES) {
    it(`from ${status}: every other command is 409 and the allowed ones are offered`, async () => {
      const s = await inStatus(status);
      const mine = await t.app.inject({
        url: `/api/submissions/${s._id}`,
        headers: collector.headers,
      });
      expect(mine.json().submission.actions.sort()).toEqual(
        Object.keys(COLLECTOR)
          .filter((a) => COLLECTOR[a]!.includes(status))
          .sort(),
      );
      const staffView = await t.app.inject({
        url: `/api/admin/submissions/${s._id}`,
        headers: admin.headers,
      });
      expect((staffView.json().submission as AdminSubmission).actions.sort()).toEqual(
        Object.keys(STAFF)
          .filter((a) => STAFF[a]!.includes(status))
          .sort(),
      );
      for (const [action, from] of Object.entries(COLLECTOR)) {
        if (from.includes(status)) continue;
        await expectRefused(await collectorCommand(action, s), s, status, `collector ${action}`);
      }
      for (const [action, from] of Object.entries(STAFF)) {
        if (from.includes(status)) continue;
        await expectRefused(await staffCommand(action, s), s, status, `staff ${action}`);
      }
    });
  }

  it('the cards on their way (a tracking number) cannot be cancelled', async () => {
    const s = await inStatus('awaiting_shipment', { received: false });
    const tracked = await collectorCommand('tracking', s);
    expect(tracked.statusCode).toBe(200);
    const res = await collectorCommand('cancel', s);
    await expectRefused(res, s, 'awaiting_shipment', 'cancel after shipping');
    expect(res.json().message).toContain('on their way');
  });

  it('only cards we hold can be returned', async () => {
    for (const status of ['declined', 'expired'] as const) {
      const s = await inStatus(status, { received: false });
      await expectRefused(await staffCommand('return', s), s, status, `return from ${status}`);
    }
  });
});
