import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { KNOWN_CERT, startFakePsaApi, type FakePsaApi } from '../../../test/fakes/fake-psa-api.js';
import { rateLimitEvents } from '../../db/schema/index.js';
import { PsaApiError, PsaClient } from './psa.client.js';
import { PsaLookup } from './psa-lookup.js';
import { SELL_LIMITS } from './collector.service.js';
import { offerBody, staffOk, submit, cardInput } from '../../../test/fixtures/submissions.js';

let fake: FakePsaApi;

describe('the PSA client against the fake PSA Public API', () => {
  beforeAll(async () => {
    fake = await startFakePsaApi();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.retryAfter = undefined;
    fake.requests = [];
  });
  const client = (timeoutMs = 2_000) =>
    new PsaClient({ baseUrl: fake.baseUrl, token: 'psa-test-token', timeoutMs });

  it('found: the card and grade, asked with the bearer token', async () => {
    const answer = await client().certByNumber(KNOWN_CERT);
    expect(answer).toEqual({
      kind: 'found',
      cert: {
        certNumber: KNOWN_CERT,
        year: '2018',
        brand: 'PANINI PRIZM',
        category: 'BASKETBALL CARDS',
        cardNumber: '280',
        subject: 'LUKA DONCIC',
        variety: 'SILVER',
        grade: 'GEM MT 10',
      },
    });
    expect(fake.requests).toEqual([
      {
        path: `/publicapi/cert/GetByCertNumber/${KNOWN_CERT}`,
        authorization: 'bearer psa-test-token',
      },
    ]);
  });

  it("not found: PSA's 200 with IsValidRequest and ServerMessage", async () => {
    expect(await client().certByNumber('99999999')).toEqual({
      kind: 'not_found',
      message: 'No data found',
    });
  });

  it('429 (the daily quota), 500, a timeout and malformed JSON are errors, never answers', async () => {
    fake.mode = 'rate-limited';
    fake.retryAfter = 120;
    const limited = await client()
      .certByNumber(KNOWN_CERT)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(PsaApiError);
    expect((limited as PsaApiError).status).toBe(429);
    expect((limited as PsaApiError).retryAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);

    fake.mode = 'server-error';
    await expect(client().certByNumber(KNOWN_CERT)).rejects.toMatchObject({ status: 500 });

    fake.mode = 'slow';
    fake.slowMs = 1_000;
    await expect(client(150).certByNumber(KNOWN_CERT)).rejects.toThrow(
      'PSA did not answer within 150 ms',
    );

    fake.mode = 'malformed';
    await expect(client().certByNumber(KNOWN_CERT)).rejects.toThrow('PSA answered malformed JSON');
  });
});

describe(`PSA lookups in the sell form: cached, never blocking (${testEngine})`, () => {
  let t: TestApp;
  let collector: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    fake = await startFakePsaApi();
    t = await createTestApp({
      env: {
        PSA_API_TOKEN: 'psa-test-token',
        PSA_API_BASE_URL: fake.baseUrl,
        RATE_LIMIT_SCALE: '100',
      },
    });
    collector = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests = [];
  });
  const lookup = (cert: string, user = collector) =>
    t.app.inject({ url: `/api/submissions/psa-lookup?cert=${cert}`, headers: user.headers });

  it('says PSA lookup is on, fills a known cert in, and answers it again from the database', async () => {
    const settings = await t.app.inject({
      url: '/api/submissions/settings',
      headers: collector.headers,
    });
    expect(settings.json()).toMatchObject({
      psaLookup: true,
      creditBonusPercent: 10,
      offerDays: 7,
    });
    const first = await lookup(KNOWN_CERT);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'found',
      cert: { subject: 'LUKA DONCIC', grade: 'GEM MT 10', year: '2018' },
    });
    const second = await lookup(KNOWN_CERT);
    expect(second.json().status).toBe('found');
    expect(fake.requests).toHaveLength(1);
  });

  it('an unknown cert is not_found; a bad PSA format is 400 saying what the format is', async () => {
    const res = await lookup('12345670');
    expect(res.json()).toMatchObject({ status: 'not_found', cert: null });
    const bad = await lookup('12AB');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('A PSA cert number is 7 to 10 digits.');
  });

  it('PSA failing (500, malformed, the daily quota) answers 200 unavailable: type the card in', async () => {
    fake.mode = 'server-error';
    expect((await lookup('12345671')).json()).toMatchObject({ status: 'unavailable', cert: null });
    fake.mode = 'malformed';
    expect((await lookup('12345672')).json()).toMatchObject({ status: 'unavailable' });
    // A cached answer is still served while PSA fails.
    expect((await lookup(KNOWN_CERT)).json().status).toBe('found');
    fake.mode = 'rate-limited';
    expect((await lookup('12345673')).json().status).toBe('unavailable');
    // After the quota is hit, this instance leaves PSA alone for a while.
    fake.mode = 'ok';
    const asked = fake.requests.length;
    expect((await lookup('12345674')).json().status).toBe('unavailable');
    expect(fake.requests).toHaveLength(asked);
  });

  it('a timeout (5 s in the app; shorter here) is unavailable too', async () => {
    fake.mode = 'slow';
    fake.slowMs = 1_000;
    const quick = new PsaLookup(
      t.database.db,
      new PsaClient({ baseUrl: fake.baseUrl, token: 'psa-test-token', timeoutMs: 100 }),
      () => new Date(),
    );
    expect(await quick.lookup('12345675')).toMatchObject({ status: 'unavailable' });
  });

  it('is rate limited per collector', async () => {
    const busy = await createUser(t);
    await t.database.db.insert(rateLimitEvents).values(
      Array.from({ length: SELL_LIMITS.psaLookupsPerUser.max * 100 }, () => ({
        bucket: `${SELL_LIMITS.psaLookupsPerUser.name}:${busy.id}`,
      })),
    );
    const res = await lookup(KNOWN_CERT, busy);
    expect(res.statusCode).toBe(429);
  });

  it("staff see PSA's data beside what the collector typed", async () => {
    const card = await cardInput(t, collector, { certNumber: KNOWN_CERT, player: 'Luka Doncic' });
    const created = await submit(t, collector, { cards: [card] });
    const res = await t.app.inject({
      url: `/api/admin/submissions/${created._id}`,
      headers: admin.headers,
    });
    expect(res.json().submission.cards[0]).toMatchObject({
      player: 'Luka Doncic',
      psa: { subject: 'LUKA DONCIC', grade: 'GEM MT 10' },
    });
    const refreshed = await staffOk(t, admin, created._id, 'psa-lookup');
    expect(refreshed.cards[0]!.psa?.brand).toBe('PANINI PRIZM');
    await staffOk(t, admin, created._id, 'offer', offerBody(created, [10]));
  });
});

describe(`PSA lookups without a token (${testEngine})`, () => {
  it('says so, and the form is typed by hand', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      const settings = await t.app.inject({
        url: '/api/submissions/settings',
        headers: user.headers,
      });
      expect(settings.json().psaLookup).toBe(false);
      const res = await t.app.inject({
        url: `/api/submissions/psa-lookup?cert=${KNOWN_CERT}`,
        headers: user.headers,
      });
      expect(res.json()).toMatchObject({ status: 'not_configured', cert: null });
    } finally {
      await t.close();
    }
  });
});
