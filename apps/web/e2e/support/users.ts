import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';

export const COLLECTOR_PASSWORD = 'Grail-e2e-collector-2026!';
export const COLLECTOR_ADDRESS = {
  name: 'Casey Collector',
  line1: '1 Card Street',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
};

/**
 * Signs a new collector up through the real endpoints, in the request context's cookie jar:
 * register, open the verification link from the dev outbox, complete the 18+ profile.
 * The context is then signed in (cookie `sid`) and may buy.
 */
export async function registerBuyer(
  request: APIRequestContext,
  tag = randomBytes(4).toString('hex'),
) {
  const email = `buyer-${tag}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { email, username: `buyer_${tag}`, password: COLLECTOR_PASSWORD, acceptTerms: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  let csrfToken = (await registered.json()).csrfToken as string;

  const outbox = await request.get('/api/dev/mail');
  const mail = ((await outbox.json()).mail as { to: string; links: string[] }[]).find(
    (m) => m.to === email,
  );
  const link = mail?.links.find((l) => /token=/.test(l));
  expect(link, 'verification link in the dev outbox').toBeTruthy();
  const token = new URL(link!).searchParams.get('token')!;
  const verified = await request.post('/api/auth/verify-email', {
    data: { token },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  csrfToken = (await verified.json()).csrfToken ?? csrfToken;

  const profile = await request.put('/api/users/me/profile', {
    data: {
      displayName: 'Casey Collector',
      dateOfBirth: '1990-04-12',
      shippingAddress: COLLECTOR_ADDRESS,
      acceptTerms: true,
    },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { email, username: `buyer_${tag}` };
}

/** How many collectors the database image holds for each worker slot (see db-image.ts). */
export const POOL_PER_SLOT = 150;

/** The pool collector `index` of worker slot `slot`: ready as registerBuyer leaves one. */
export const poolEmail = (slot: number, index: number | string) =>
  `buyer-pool-${slot}-${index}@example.com`;
export const poolUsername = (slot: number, index: number | string) => `buyer_p${slot}_${index}`;

/**
 * The next unused pool collector of this worker slot. The count is kept in a file, so a worker
 * restarted after a failure goes on where its slot stopped; every server starts from the image,
 * so an address is unused on whichever server the test talks to.
 */
function nextPoolCollector(): { email: string; username: string } | null {
  const root = process.env.E2E_IMAGE_DIR;
  if (!root) return null;
  const slot = test.info().parallelIndex;
  const file = join(root, `pool-used-${slot}`);
  const used = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  if (used >= POOL_PER_SLOT) return null;
  writeFileSync(file, String(used + 1));
  return { email: poolEmail(slot, used), username: poolUsername(slot, used) };
}

/**
 * A verified collector with a complete 18+ profile, signed in in the request context's cookie
 * jar (cookie `sid`), who may buy. Taken from the image's pool (one sign-in) rather than signed
 * up (four requests and a password hash); auth.spec and newcomer.spec walk the real sign-up.
 */
export async function signUpBuyer(request: APIRequestContext) {
  const pooled = nextPoolCollector();
  if (!pooled) return registerBuyer(request);
  const login = await request.post('/api/auth/login', {
    data: { email: pooled.email, password: COLLECTOR_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return pooled;
}

/** Recovery codes of the staff accounts this worker enrolled, by e-mail: later sign-ins use one. */
const staffRecoveryCodes = new Map<string, string[]>();

/**
 * Signs a staff member in through the real endpoints, in `request`'s cookie jar. The console
 * requires two-factor: the first sign-in turns it on (set-up and a code from the secret), and
 * keeps the recovery codes, one of which each later sign-in gives as its second factor. Answers
 * the response that signed in (its JSON carries the session's csrfToken).
 */
export async function signInStaff(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<APIResponse> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const answer = (await login.json()) as { csrfToken?: string; challengeToken?: string };
  if (answer.challengeToken) {
    const code = staffRecoveryCodes.get(email)?.shift();
    expect(code, `a recovery code saved for ${email}`).toBeTruthy();
    const step = await request.post('/api/auth/login/totp', {
      data: { challengeToken: answer.challengeToken, code },
    });
    expect(step.status(), await step.text()).toBe(200);
    return step;
  }
  const headers = { 'x-csrf-token': answer.csrfToken! };
  const setup = await request.post('/api/auth/totp/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/auth/totp/enable', {
    headers,
    data: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  staffRecoveryCodes.set(
    email,
    ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes,
  );
  return login;
}
