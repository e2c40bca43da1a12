import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { newAccount, register } from '../../../test/fixtures/auth.js';

describe(`sign-up from a page returns there (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  const linkFor = async (email: string) => {
    const mail = (await t.app.services.mail.outbox()).find((m) => m.to === email);
    return new URL(mail!.links[0]!);
  };

  it('carries the page the sign-up started from in the verification link', async () => {
    const body = newAccount({ returnPath: '/checkout?buy=abc' });
    const { res } = await register(t, body);
    expect(res.statusCode, res.body).toBe(201);
    const link = await linkFor(body.email);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(link.searchParams.get('returnTo')).toBe('/checkout?buy=abc');
  });

  it('sends the plain link when there is no page to return to', async () => {
    const body = newAccount();
    await register(t, body);
    expect((await linkFor(body.email)).searchParams.has('returnTo')).toBe(false);
  });

  it.each(['//evil.example', 'https://evil.example/checkout', '/%2F%2Fevil.example'])(
    'refuses a return path off this site (%s) and creates no account',
    async (returnPath) => {
      const body = newAccount({ returnPath });
      const { res } = await register(t, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', field: 'returnPath' });
      expect((await t.app.services.mail.outbox()).some((m) => m.to === body.email)).toBe(false);
    },
  );
});
