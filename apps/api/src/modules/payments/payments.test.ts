import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { StripeProvider } from './payment-providers.js';

const balanceOf = async (t: TestApp, user: TestUser) =>
  (await t.app.inject({ url: '/api/wallet', headers: user.headers })).json().balance as number;

describe(`sandbox top-ups (${testEngine})`, () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const topUp = (who: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/wallet/top-ups', headers: who.headers, payload });

  it('credits the wallet once when the owner confirms the hosted test checkout', async () => {
    const res = await topUp(user, { amount: 25.5, returnPath: '/checkout' });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl, topUpId } = res.json();
    expect(checkoutUrl).toBe(`/payments/sandbox/${topUpId}?return=%2Fcheckout`);
    expect(await balanceOf(t, user)).toBe(0);

    const page = await t.app.inject({
      url: `/api/payments/sandbox/${topUpId}`,
      headers: user.headers,
    });
    expect(page.json()).toEqual({ checkoutId: topUpId, amount: 25.5, status: 'pending' });

    const stranger = await createUser(t);
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${topUpId}/confirm`,
      headers: stranger.headers,
    });
    expect(stolen.statusCode).toBe(404);
    expect(await balanceOf(t, stranger)).toBe(0);

    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${topUpId}/confirm`,
        headers: user.headers,
      });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json()).toEqual({ balance: 25.5 });
    expect((first.statusCode === 409 ? first : second).json().message).toBe(
      'This payment was already confirmed.',
    );
    const wallet = (await t.app.inject({ url: '/api/wallet', headers: user.headers })).json();
    expect(wallet).toMatchObject({ balance: 25.5, total: 1 });
    expect(wallet.entries[0]).toMatchObject({
      amount: 25.5,
      kind: 'top_up',
      refId: topUpId,
      description: 'Wallet top-up (test mode)',
    });
  });

  it('never credits a cancelled checkout', async () => {
    const { topUpId } = (await topUp(user, { amount: 10 })).json();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${topUpId}/cancel`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(204);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${topUpId}/confirm`,
      headers: user.headers,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment was cancelled. Start a new top-up.');
    expect(await balanceOf(t, user)).toBe(25.5);
  });

  it.each([
    [{ amount: 4.99 }, 'amount', 'must be at least $5'],
    [{ amount: 10_000.01 }, 'amount', 'must be at most $10,000'],
    [{ amount: 10.001 }, 'amount', 'must have at most 2 decimals'],
    [{ amount: '20' }, 'amount', 'must be a number of dollars'],
    [{ amount: 20, returnPath: 'https://evil.example' }, 'returnPath', 'must be a path'],
    [{ amount: 20, returnPath: '//evil.example' }, 'returnPath', 'must be a path'],
    // Other spellings of another origin: a backslash, percent-encoded slashes, dot segments.
    [{ amount: 20, returnPath: '/\\evil.example' }, 'returnPath', 'must be a path'],
    [{ amount: 20, returnPath: '/%2F%2Fevil.example' }, 'returnPath', 'must be a path'],
    [{ amount: 20, returnPath: '/%5Cevil.example' }, 'returnPath', 'must be a path'],
    [{ amount: 20, returnPath: '/%252F%252Fevil.example' }, 'returnPath', 'must be a path'],
    [{ amount: 20, returnPath: '/.//evil.example' }, 'returnPath', 'must be a path'],
    [{ amount: 20, returnPath: 'javascript:alert(1)' }, 'returnPath', 'must be a path'],
  ])('rejects %j naming %s', async (payload, field, text) => {
    const res = await topUp(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(text);
  });

  it('needs a buyer who may purchase, signed in', async () => {
    const unverified = await createUser(t, { verified: false });
    const res = await topUp(unverified, { amount: 20 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email address before buying.');
    const anon = await t.app.inject({ url: '/api/wallet' });
    expect(anon.statusCode).toBe(401);
  });

  it('has no Stripe webhook while the sandbox is the provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`Stripe top-ups, offline (${testEngine})`, () => {
  const secret = 'whsec_test_secret_for_offline_tests';
  let t: TestApp;
  let user: TestUser;
  let fakeStripe: Server;
  const sessionsCreated: URLSearchParams[] = [];
  const stripe = new Stripe('sk_test_offline');

  beforeAll(async () => {
    // A stand-in for api.stripe.com that answers the Checkout Session call the SDK makes.
    fakeStripe = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('line_items[0][price_data][unit_amount]') === '66600') {
          res.statusCode = 500;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
          return;
        }
        sessionsCreated.push(form);
        const id = `cs_test_${sessionsCreated.length}`;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
          }),
        );
      });
    });
    await new Promise<void>((r) => fakeStripe.listen(0, '127.0.0.1', r));
    const { port } = fakeStripe.address() as AddressInfo;
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: secret,
        PUBLIC_URL: 'https://grail.example',
      },
      beforeReady(app) {
        Object.assign(app.services.payments, {
          provider: new StripeProvider(
            new Stripe('sk_test_offline', { host: '127.0.0.1', port, protocol: 'http' }),
            secret,
          ),
        });
      },
    });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    fakeStripe.close();
  });

  const deliver = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const completedEvent = (eventId: string, sessionId: string, amountCents: number) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: amountCents,
          currency: 'usd',
        },
      },
    });

  it('starts a Checkout Session and credits once per signed event; replays and forgeries do nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: user.headers,
      payload: { amount: 40, returnPath: '/checkout' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl, topUpId } = res.json();
    expect(checkoutUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const sent = sessionsCreated[0]!;
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('4000');
    expect(sent.get('client_reference_id')).toBe(topUpId);
    expect(sent.get('success_url')).toBe('https://grail.example/checkout?topUp=success');

    const payload = completedEvent('evt_1', 'cs_test_1', 4000);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });

    const forged = await deliver(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid Stripe signature.', error: 'Bad Request' });
    expect((await deliver(payload, '')).statusCode).toBe(400);
    const tampered = payload.replace('4000', '400000');
    expect((await deliver(tampered, signature)).statusCode).toBe(400);
    expect(await balanceOf(t, user)).toBe(0);

    const first = await deliver(payload, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(t, user)).toBe(40);

    const replay = await deliver(payload, signature);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Stripe may also send the same session again under a new event id: still one credit.
    const again = completedEvent('evt_2', 'cs_test_1', 4000);
    const second = await deliver(
      again,
      stripe.webhooks.generateTestHeaderString({ payload: again, secret }),
    );
    expect(second.json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(t, user)).toBe(40);

    const wallet = (await t.app.inject({ url: '/api/wallet', headers: user.headers })).json();
    expect(wallet.total).toBe(1);
    expect(wallet.entries[0]).toMatchObject({ kind: 'top_up', refId: topUpId, amount: 40 });
  });

  it('builds the return URLs from PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { ...user.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { amount: 15, returnPath: '/checkout?buy=1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = sessionsCreated.at(-1)!;
    expect(sent.get('success_url')).toBe('https://grail.example/checkout?buy=1&topUp=success');
    expect(sent.get('cancel_url')).toBe('https://grail.example/checkout?buy=1&topUp=cancelled');
  });

  it('answers 502 when Stripe cannot start a checkout, and credits nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: user.headers,
      payload: { amount: 666 },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'The payment provider could not be reached. Nothing was charged; please try again.',
      error: 'Bad Gateway',
    });
    expect(await balanceOf(t, user)).toBe(40);
  });

  it('has no sandbox checkout while Stripe is the provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${crypto.randomUUID()}/confirm`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe(`top-up limit (${testEngine})`, () => {
  it('follows RATE_LIMIT_SCALE and answers 429 with Retry-After', async () => {
    // 20 an hour, scaled by 0.1: the third top-up of the hour is refused.
    const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
    try {
      const user = await createUser(t);
      const topUp = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/wallet/top-ups',
          headers: user.headers,
          payload: { amount: 10 },
        });
      const answers = await Promise.all([topUp(), topUp(), topUp()]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 429]);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json().message).toMatch(/Too many top-ups started in the last hour/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    } finally {
      await t.close();
    }
  });
});
