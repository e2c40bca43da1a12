import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSubmission, Submission } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  auditLog,
  cards,
  outboxMessages,
  rateLimitEvents,
  submissionPayouts,
  submissions,
  users,
  walletLedger,
} from '../../db/schema/index.js';
import { SecretBox } from '../auth/totp.js';
import { SELL_LIMITS } from './collector.service.js';
import {
  cardInput,
  collectorPost,
  multipart,
  offerBody,
  slabPhoto,
  staffOk,
  staffPost,
  submit,
  uploadPhoto,
} from '../../../test/fixtures/submissions.js';

let t: TestApp;
let collector: TestUser;
let stranger: TestUser;
let admin: TestUser;

const DAY = 24 * 3600_000;
/** Pay by store credit, the method the console shows for these submissions. */
const SC = { method: 'store_credit' };

const getMine = async (user: TestUser, id: string) => {
  const res = await t.app.inject({ url: `/api/submissions/${id}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { submission: Submission }).submission;
};
const outboxTo = async (email: string) =>
  (await t.app.services.mail.outbox(500)).filter((m) => m.to === email);

describe(`selling graded cards: a submission's life (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    collector = await createUser(t);
    stranger = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('runs from submission to a store-credit payout: one ledger credit with the bonus, never twice', async () => {
    const created = await submit(t, collector, { cardCount: 2 });
    expect(created).toMatchObject({
      status: 'submitted',
      number: expect.stringMatching(/^S-\d{6}$/),
      creditBonusPercent: 10,
      payout: { method: 'store_credit', masked: null },
      actions: ['cancel', 'payout'],
      shipTo: null,
    });
    expect(created.cards).toHaveLength(2);
    expect(created.cards[0]!.certUrl).toBe(
      `https://www.psacard.com/cert/${created.cards[0]!.certNumber}`,
    );
    expect(created.timeline.map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, 'submitted', 'collector'],
    ]);

    // The queue shows it, oldest first, with the collector's name.
    const queue = await t.app.inject({
      url: '/api/admin/submissions?status=submitted',
      headers: admin.headers,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().submissions.map((s: { _id: string }) => s._id)).toContain(created._id);
    expect(queue.json().counts.submitted).toBeGreaterThanOrEqual(1);

    await staffOk(t, admin, created._id, 'review');
    const offered = await staffOk(
      t,
      admin,
      created._id,
      'offer',
      offerBody(created, [300, 150.55], 'Clean corners'),
    );
    expect(offered.status).toBe('offer_made');
    expect(offered.totals).toMatchObject({ offer: 450.55, final: 450.55, storeCredit: 495.6 });
    expect(offered.actions).toEqual(['cancel']);
    const expires = new Date(offered.offerExpiresAt!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY);

    // The collector sees the offer per card and in total, and accepts.
    const seen = await getMine(collector, created._id);
    expect(seen.cards.map((c) => c.offer)).toEqual([300, 150.55]);
    expect(seen.actions).toEqual(['accept', 'decline', 'cancel', 'payout']);
    const accepted = await collectorPost(t, collector, created._id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const awaiting = accepted.json().submission as Submission;
    expect(awaiting.status).toBe('awaiting_shipment');
    expect(awaiting.shipTo).toMatchObject({ name: 'Grail Machine Receiving', country: 'US' });
    expect(awaiting.actions).toEqual(['cancel', 'tracking', 'payout']);

    const tracked = await collectorPost(
      t,
      collector,
      created._id,
      'tracking',
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      'PUT',
    );
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().submission.tracking).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    // Shipped: no cancelling any more.
    expect(tracked.json().submission.actions).toEqual(['tracking', 'payout']);

    await staffOk(t, admin, created._id, 'receive');
    const verified = await staffOk(t, admin, created._id, 'verify', { note: 'Matches' });
    expect(verified.actions).toEqual(['pay', 'return', 'inventory']);

    const before = await t.app.services.wallet.balance(collector.id);
    const key = randomUUID();
    const pay = await staffPost(t, admin, created._id, 'pay', SC, { 'idempotency-key': key });
    expect(pay.statusCode, pay.body).toBe(200);
    const paid = pay.json().submission as AdminSubmission;
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({
      method: 'store_credit',
      amount: 450.55,
      bonus: 45.05,
      total: 495.6,
    });
    expect(await t.app.services.wallet.balance(collector.id)).toBe(before + 49_560);
    const ledger = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.refType, 'submission'), eq(walletLedger.refId, created._id)));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountCents: 49_560, kind: 'sale' });

    // The same key replays the first answer; a new key is 409 naming the status; nothing moves.
    const replay = await staffPost(t, admin, created._id, 'pay', SC, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await staffPost(t, admin, created._id, 'pay', SC, {
      'idempotency-key': randomUUID(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'paid', error: 'Conflict' });
    expect(again.json().message).toContain('(status paid)');
    expect(await t.app.services.wallet.balance(collector.id)).toBe(before + 49_560);

    // The database itself refuses a second payout row, whatever the code does.
    await expect(
      t.database.db.insert(submissionPayouts).values({
        submissionId: created._id,
        method: 'store_credit',
        amountCents: 100,
        bonusCents: 0,
      }),
    ).rejects.toThrow();
    expect(
      await t.database.db
        .select()
        .from(submissionPayouts)
        .where(eq(submissionPayouts.submissionId, created._id)),
    ).toHaveLength(1);

    // The collector's page: the timeline of every change, the payment, and the payment history.
    const mine = await getMine(collector, created._id);
    expect(mine.timeline.map((e) => e.to)).toEqual([
      'submitted',
      'under_review',
      'offer_made',
      'accepted',
      'awaiting_shipment',
      'awaiting_shipment',
      'received',
      'verified',
      'paid',
    ]);
    expect(mine.timeline.every((e) => e.actorName === null)).toBe(true);
    expect(mine.timeline.find((e) => e.to === 'paid')!.actor).toBe('staff');
    const history = await t.app.inject({
      url: '/api/submissions/payments',
      headers: collector.headers,
    });
    expect(history.json().payments).toEqual([expect.objectContaining({ total: 495.6 })]);
    const list = await t.app.inject({ url: '/api/submissions', headers: collector.headers });
    expect(list.json().submissions[0]).toMatchObject({
      _id: created._id,
      status: 'paid',
      cardCount: 2,
      offerTotal: 450.55,
    });

    // Every change sent an e-mail with a link to the submission.
    const mail = await outboxTo(collector.email);
    const subjects = mail.map((m) => m.subject);
    for (const label of [
      'Submitted',
      'Under review',
      'Offer ready',
      'Received',
      'Verified',
      'Paid',
    ]) {
      expect(subjects).toContain(`Submission ${created.number}: ${label}`);
    }
    expect(mail[0]!.text).toContain(`/dashboard/submissions/${created._id}`);

    // Every staff action is in the audit log with before and after.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, created._id))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual([
      'submission.review',
      'submission.offer',
      'submission.receive',
      'submission.verify',
      'submission.pay',
    ]);
    expect(audit.every((a) => a.actorId === admin.id)).toBe(true);
    expect(audit[4]).toMatchObject({
      before: expect.objectContaining({ status: 'verified' }),
      after: expect.objectContaining({ status: 'paid' }),
    });
    // Append-only.
    await expect(
      t.database.db.delete(auditLog).where(eq(auditLog.subjectId, created._id)),
    ).rejects.toThrow();
  });

  it('two staff paying at once pay once', async () => {
    const created = await submit(t, collector, { cardCount: 1 });
    await staffOk(t, admin, created._id, 'offer', offerBody(created, [100]));
    await collectorPost(t, collector, created._id, 'accept');
    await staffOk(t, admin, created._id, 'receive');
    await staffOk(t, admin, created._id, 'verify');
    const before = await t.app.services.wallet.balance(collector.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        staffPost(t, admin, created._id, 'pay', SC, { 'idempotency-key': randomUUID() }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await t.app.services.wallet.balance(collector.id)).toBe(before + 11_000);
    const ledger = await t.database.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.refType, 'submission'), eq(walletLedger.refId, created._id)));
    expect(ledger).toHaveLength(1);
  });

  it('adjusted offer: received cards that differ get a new offer; accepted → verified, declined → returned', async () => {
    const first = await submit(t, collector, { cardCount: 2 });
    await staffOk(t, admin, first._id, 'offer', offerBody(first, [200, 100]));
    expect((await collectorPost(t, collector, first._id, 'accept')).statusCode).toBe(200);
    await staffOk(t, admin, first._id, 'receive');
    const adjusted = await staffOk(t, admin, first._id, 'adjust', {
      cards: [{ cardId: first.cards[1]!._id, offer: 40, note: 'Grade is PSA 8, not 10' }],
      note: 'One card differs',
    });
    expect(adjusted.status).toBe('offer_adjusted');
    expect(adjusted.totals).toMatchObject({ offer: 300, final: 240 });
    expect(adjusted.cards[1]).toMatchObject({ offer: 100, adjustedOffer: 40, finalOffer: 40 });
    const mine = await getMine(collector, first._id);
    expect(mine.actions).toContain('accept');
    expect(mine.actions).not.toContain('cancel');
    const accept = await collectorPost(t, collector, first._id, 'accept');
    expect(accept.json().submission.status).toBe('verified');
    const paid = await staffOk(t, admin, first._id, 'pay', SC);
    expect(paid.payment).toMatchObject({ amount: 240, bonus: 24, total: 264 });

    const second = await submit(t, collector, { cardCount: 1 });
    await staffOk(t, admin, second._id, 'offer', offerBody(second, [500]));
    await collectorPost(t, collector, second._id, 'accept');
    await staffOk(t, admin, second._id, 'receive');
    await staffOk(t, admin, second._id, 'adjust', offerBody(second, [120]));
    const declined = await collectorPost(t, collector, second._id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().submission.status).toBe('declined');
    const returned = await staffOk(t, admin, second._id, 'return', {
      carrier: 'USPS',
      trackingNumber: '9400111899223856928499',
    });
    expect(returned.status).toBe('returned');
    expect(returned.timeline.at(-1)!.note).toContain('USPS');
    expect(returned.payment).toBeNull();
  });

  it('a bank payout is stored sealed, shown masked, paid by hand with a reference (no bonus)', async () => {
    const created = await submit(t, collector, {
      cardCount: 1,
      payout: {
        method: 'bank',
        accountHolder: 'Casey Collector',
        routingNumber: '021000021',
        accountNumber: '000123456789',
      },
    });
    expect(created.payout).toEqual({
      method: 'bank',
      masked: 'Account ••••6789 (Casey Collector)',
    });
    const [row] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, created._id));
    expect(row!.payoutDetailsEnc).toMatch(/^v1\./);
    expect(row!.payoutDetailsEnc).not.toContain('123456789');

    await staffOk(t, admin, created._id, 'offer', offerBody(created, [80]));
    await collectorPost(t, collector, created._id, 'accept');
    await staffOk(t, admin, created._id, 'receive');
    await staffOk(t, admin, created._id, 'verify');
    const details = await t.app.inject({
      url: `/api/admin/submissions/${created._id}/payout-details`,
      headers: admin.headers,
    });
    expect(details.json()).toMatchObject({
      accountNumber: '000123456789',
      routingNumber: '021000021',
    });
    const noRef = await staffPost(
      t,
      admin,
      created._id,
      'pay',
      { method: 'bank' },
      { 'idempotency-key': randomUUID() },
    );
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().field).toBe('reference');
    const before = await t.app.services.wallet.balance(collector.id);
    const paid = await staffOk(t, admin, created._id, 'pay', {
      method: 'bank',
      reference: 'ACH 2026-11-30 #4411',
    });
    expect(paid.payment).toMatchObject({
      method: 'bank',
      amount: 80,
      bonus: 0,
      reference: 'ACH 2026-11-30 #4411',
    });
    expect(await t.app.services.wallet.balance(collector.id)).toBe(before);
    const audit = await t.app.services.audit.forSubject('submission', created._id);
    expect(audit.map((a) => a.action)).toContain('submission.payout_details.view');
  });

  it("another collector's submission is 404 for every read and command", async () => {
    const created = await submit(t, collector, { cardCount: 1 });
    await staffOk(t, admin, created._id, 'offer', offerBody(created, [10]));
    for (const res of [
      await t.app.inject({ url: `/api/submissions/${created._id}`, headers: stranger.headers }),
      await collectorPost(t, stranger, created._id, 'accept'),
      await collectorPost(t, stranger, created._id, 'decline'),
      await collectorPost(t, stranger, created._id, 'cancel'),
      await collectorPost(
        t,
        stranger,
        created._id,
        'tracking',
        { carrier: 'UPS', trackingNumber: 'ABCD1234' },
        'PUT',
      ),
      await collectorPost(
        t,
        stranger,
        created._id,
        'payout',
        { payout: { method: 'store_credit' } },
        'PUT',
      ),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: 'No submission with this id.', error: 'Not Found' });
    }
    const theirs = await t.app.inject({ url: '/api/submissions', headers: stranger.headers });
    expect(theirs.json().submissions.map((s: { _id: string }) => s._id)).not.toContain(created._id);
    expect((await getMine(collector, created._id)).status).toBe('offer_made');
    // Staff endpoints are staff-only.
    const staffOnly = await t.app.inject({
      url: `/api/admin/submissions/${created._id}`,
      headers: collector.headers,
    });
    expect(staffOnly.statusCode).toBe(403);
  });

  it('an offer expires 7 days after it is made (injectable clock): on read, and by the sweep', async () => {
    const lazy = await submit(t, collector, { cardCount: 1 });
    const swept = await submit(t, collector, { cardCount: 1 });
    await staffOk(t, admin, lazy._id, 'offer', offerBody(lazy, [25]));
    await staffOk(t, admin, swept._id, 'offer', offerBody(swept, [25]));
    const service = t.app.services.submissions;
    const almost = service.withClock(() => new Date(Date.now() + 7 * DAY - 60_000));
    const later = service.withClock(() => new Date(Date.now() + 7 * DAY + 60_000));

    expect((await almost.collector.get(await sessionUser(collector), lazy._id)).status).toBe(
      'offer_made',
    );
    const read = await later.collector.get(await sessionUser(collector), lazy._id);
    expect(read.status).toBe('expired');
    expect(read.actions).toEqual([]);
    expect(read.timeline.at(-1)).toMatchObject({
      from: 'offer_made',
      to: 'expired',
      actor: 'system',
    });

    expect(await later.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect((await getMine(collector, swept._id)).status).toBe('expired');
    const accept = await collectorPost(t, collector, swept._id, 'accept');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toContain('(status expired)');
    const subjects = (await outboxTo(collector.email)).map((m) => m.subject);
    expect(subjects).toContain(`Submission ${swept.number}: Offer expired`);
  });

  it('accepting needs a current two-factor code when two-factor is on; wrong codes are refused', async () => {
    const secured = await createUser(t);
    const secret = new Secret({ size: 20 }).base32;
    await t.database.db
      .update(users)
      .set({
        totpSecretEnc: new SecretBox(t.config.APP_SECRET!).seal(secret),
        totpEnabledAt: new Date(),
      })
      .where(eq(users.id, secured.id));
    const created = await submit(t, secured, { cardCount: 1 });
    await staffOk(t, admin, created._id, 'offer', offerBody(created, [60]));

    const missing = await collectorPost(t, secured, created._id, 'accept');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'totpCode', totpRequired: true });
    const wrong = await collectorPost(t, secured, created._id, 'accept', { totpCode: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await getMine(secured, created._id)).status).toBe('offer_made');
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const right = await collectorPost(t, secured, created._id, 'accept', { totpCode: code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().submission.status).toBe('awaiting_shipment');

    // Changing payout details needs one too (and the same code cannot be used twice).
    const change = await collectorPost(
      t,
      secured,
      created._id,
      'payout',
      { payout: { method: 'paypal', email: 'casey@example.com' }, totpCode: code },
      'PUT',
    );
    expect(change.statusCode).toBe(400);
    const next = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + 30_000,
    });
    const changed = await collectorPost(
      t,
      secured,
      created._id,
      'payout',
      { payout: { method: 'paypal', email: 'casey@example.com' }, totpCode: next },
      'PUT',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().submission.payout).toEqual({
      method: 'paypal',
      masked: 'c•••@example.com',
    });
  });

  it('refuses bad cert numbers per grader, saying what the format is', async () => {
    const good = await cardInput(t, collector);
    const cases: [string, string, string][] = [
      ['PSA', '123456', 'A PSA cert number is 7 to 10 digits.'],
      ['PSA', '12345678901', 'A PSA cert number is 7 to 10 digits.'],
      ['BGS', '12345678901', 'A BGS cert number is up to 10 digits.'],
      ['BGS', '12AB', 'A BGS cert number is up to 10 digits.'],
      [
        'SGC',
        '1234567-01',
        'An SGC cert number is 7 to 10 digits, or 7 digits, a dash and 3 digits (1234567-001).',
      ],
      [
        'CGC',
        '123456789',
        'A CGC cert number is 10 digits, or 7 digits, a dash and 3 digits (1234567-001).',
      ],
    ];
    for (const [grader, certNumber, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: collector.headers,
        payload: { payout: { method: 'store_credit' }, cards: [{ ...good, grader, certNumber }] },
      });
      expect(res.statusCode, `${grader} ${certNumber}`).toBe(400);
      expect(res.json()).toMatchObject({ field: 'cards.0.certNumber' });
      expect(res.json().message).toContain(message);
    }
    for (const [grader, certNumber] of [
      ['PSA', '1234567'],
      ['BGS', '12'],
      ['SGC', '1234567-001'],
      ['CGC', '1234567890'],
    ] as [string, string][]) {
      const made = await submit(t, collector, {
        cards: [{ ...good, grader: grader as 'PSA', certNumber }],
      });
      expect(made.cards[0]!.grader).toBe(grader);
      await collectorPost(t, collector, made._id, 'cancel');
    }
  });

  it("refuses photos that are too big or not images, and another collector's photos", async () => {
    const jpeg = await slabPhoto();
    const send = (body: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/submissions/photos',
        payload: body.payload,
        headers: { ...collector.headers, ...body.headers },
      });
    const big = await send(
      multipart(
        'photo',
        'huge.jpg',
        'image/jpeg',
        Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1)]),
      ),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Photos can be at most 10 MB.');
    const text = await send(
      multipart('photo', 'notes.txt', 'text/plain', Buffer.from('not an image')),
    );
    expect(text.statusCode).toBe(415);
    const svg = await send(
      multipart(
        'photo',
        'card.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ),
    );
    expect(svg.statusCode).toBe(415);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/photos',
      headers: collector.headers,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const theirs = await uploadPhoto(t, stranger);
    const card = await cardInput(t, collector, { backImageId: theirs });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: collector.headers,
      payload: { payout: { method: 'store_credit' }, cards: [card] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('cards.0.backImageId');
  });

  it('holds at most 50 cards per submission and 20 open submissions per collector; creation is rate limited', async () => {
    const busy = await createUser(t);
    const card = await cardInput(t, busy);
    const many = Array.from({ length: 51 }, (_, i) => ({
      ...card,
      certNumber: String(80_000_000 + i),
    }));
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: busy.headers,
      payload: { payout: { method: 'store_credit' }, cards: many },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 50 cards');
    await submit(t, busy, { cards: many.slice(0, 50) });
    for (let i = 1; i < 20; i++) {
      await submit(t, busy, { cards: [{ ...card, certNumber: String(81_000_000 + i) }] });
    }
    const twentyFirst = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: busy.headers,
      payload: { payout: { method: 'store_credit' }, cards: [card] },
    });
    expect(twentyFirst.statusCode).toBe(409);
    expect(twentyFirst.json().message).toContain('20 submissions in progress');

    // The creation limit: once the bucket is full, 429 with Retry-After.
    const limited = await createUser(t);
    const max = SELL_LIMITS.createPerUser.max * 100;
    await t.database.db.insert(rateLimitEvents).values(
      Array.from({ length: max }, () => ({
        bucket: `${SELL_LIMITS.createPerUser.name}:${limited.id}`,
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: limited.headers,
      payload: { payout: { method: 'store_credit' }, cards: [await cardInput(t, limited)] },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('buying rules apply: an unverified collector or an incomplete profile cannot submit or accept', async () => {
    const unverified = await createUser(t, { verified: false });
    const incomplete = await createUser(t, { completeProfile: false });
    for (const user of [unverified, incomplete]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: user.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('staff put a verified card into the inventory in one step, once', async () => {
    const created = await submit(t, collector, { cardCount: 2 });
    await staffOk(t, admin, created._id, 'offer', offerBody(created, [100, 100]));
    await collectorPost(t, collector, created._id, 'accept');
    await staffOk(t, admin, created._id, 'receive');
    const early = await staffPost(
      t,
      admin,
      created._id,
      `cards/${created.cards[0]!._id}/inventory`,
      {
        sport: 'Basketball',
        fmv: 150,
      },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('(status received)');
    await staffOk(t, admin, created._id, 'verify');
    const added = await staffPost(
      t,
      admin,
      created._id,
      `cards/${created.cards[0]!._id}/inventory`,
      {
        sport: 'Basketball',
        fmv: 150,
        storePrice: 179.99,
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const { productId, submission } = added.json() as {
      productId: string;
      submission: AdminSubmission;
    };
    expect(submission.cards[0]!.inventoryCardId).toBe(productId);
    const [card] = await t.database.db.select().from(cards).where(eq(cards.id, productId));
    expect(card).toMatchObject({
      status: 'available',
      fmvCents: 15_000,
      storePriceCents: 17_999,
      grader: 'PSA',
      gradeValue: 10,
      certNumber: created.cards[0]!.certNumber,
      imageIds: [expect.any(String), expect.any(String)],
    });
    const store = await t.app.inject({ url: `/api/products/${productId}` });
    expect(store.json()).toMatchObject({ storePrice: 179.99, fmv: 150 });
    const twice = await staffPost(
      t,
      admin,
      created._id,
      `cards/${created.cards[0]!._id}/inventory`,
      {
        sport: 'Basketball',
        fmv: 150,
      },
    );
    expect(twice.statusCode).toBe(409);
    // A case card: no store price.
    const caseCard = await staffPost(
      t,
      admin,
      created._id,
      `cards/${created.cards[1]!._id}/inventory`,
      {
        sport: 'Basketball',
        fmv: 90,
      },
    );
    expect(caseCard.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(cards)
      .where(eq(cards.id, caseCard.json().productId));
    expect(row!.storePriceCents).toBeNull();
    const audit = await t.app.services.audit.forSubject('submission', created._id);
    expect(audit.filter((a) => a.action === 'submission.inventory')).toHaveLength(2);
  });

  it('a failed e-mail is retried by the outbox and never undoes the change', async () => {
    const created = await submit(t, collector, { cardCount: 1 });
    // SMTP down: the e-mail was queued with the change, and its delivery fails afterwards.
    t.app.services.outbox.handle('email', {
      deliver: async () => {
        throw new Error('SMTP down');
      },
    });
    try {
      const res = await staffPost(t, admin, created._id, 'review');
      expect(res.statusCode).toBe(200);
      const failed = async () =>
        (
          await t.database.db
            .select()
            .from(outboxMessages)
            .where(
              and(
                sql`${outboxMessages.payload}->>'to' = ${collector.email}`,
                eq(outboxMessages.lastError, 'SMTP down'),
              ),
            )
        ).length;
      for (let i = 0; i < 100 && (await failed()) === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await failed()).toBeGreaterThanOrEqual(1);
    } finally {
      // No SMTP in tests: the mail_outbox copy is the delivery.
      t.app.services.outbox.handle('email', { deliver: async () => undefined });
    }
    expect((await getMine(collector, created._id)).status).toBe('under_review');
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.subjectId, created._id));
    expect(count!.n).toBe(1);
  });
});

/** The session user row the services take. */
async function sessionUser(user: TestUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row!;
}
