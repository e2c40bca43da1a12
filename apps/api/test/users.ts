import { hash } from '@node-rs/argon2';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { SecretBox } from '../src/modules/auth/totp.js';
import { users, type ShippingAddress } from '../src/db/schema/index.js';
import type { TestApp } from './helpers.js';

export const TEST_PASSWORD = 'Grail-machine-test-pw-2026!';
let cachedHash: string | undefined;

export const TEST_ADDRESS: ShippingAddress = {
  name: 'Casey Collector',
  line1: '1 Card Street',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
};

export interface TestUser {
  id: string;
  email: string;
  username: string;
  token: string;
  csrfToken: string;
  /** Headers of a signed-in client: Bearer token plus the CSRF header. */
  headers: Record<string, string>;
  /** Staff only: the TOTP secret (base32) of their two-factor. */
  totpSecret?: string;
}

/**
 * Inserts a user straight into the database and opens a session for it, so suites that are not
 * about sign-up can start signed in. Defaults to a verified, complete 18+ profile.
 */
export async function createUser(
  t: TestApp,
  opts: {
    role?: 'user' | 'admin';
    verified?: boolean;
    completeProfile?: boolean;
    email?: string;
    username?: string;
  } = {},
): Promise<TestUser> {
  cachedHash ??= await hash(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const email = opts.email ?? `collector-${suffix}@example.com`;
  const username = opts.username ?? `collector_${suffix}`;
  const complete = opts.completeProfile ?? true;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      username,
      passwordHash: cachedHash,
      role: opts.role ?? 'user',
      emailVerifiedAt: (opts.verified ?? true) ? new Date() : null,
      displayName: complete ? 'Casey Collector' : null,
      dateOfBirth: complete ? '1990-04-12' : null,
      shippingAddress: complete ? TEST_ADDRESS : null,
      termsAcceptedAt: complete ? new Date() : null,
      termsVersion: complete ? '2026-11' : null,
    })
    .returning({ id: users.id });
  // Staff have two-factor on (the console requires it); its secret is the user's `totpSecret`.
  const totpSecret = opts.role === 'admin' ? await enrolTotp(t, row!.id) : undefined;
  const session = await t.app.services.sessions.create(row!.id);
  return {
    id: row!.id,
    email,
    username,
    token: session.token,
    csrfToken: session.csrfToken,
    headers: { authorization: `Bearer ${session.token}`, 'x-csrf-token': session.csrfToken },
    ...(totpSecret ? { totpSecret } : {}),
  };
}

/** Turns two-factor on for a user, as set-up and a confirmed code would; answers the secret. */
export async function enrolTotp(t: TestApp, userId: string): Promise<string> {
  const secret = new Secret({ size: 20 }).base32;
  await t.database.db
    .update(users)
    .set({
      totpSecretEnc: new SecretBox(t.config.APP_SECRET!).seal(secret),
      totpEnabledAt: new Date(),
    })
    .where(eq(users.id, userId));
  return secret;
}

/** Staff get two-factor with their role, as the console requires. */
export async function setRole(t: TestApp, userId: string, role: 'user' | 'admin') {
  await t.database.db.update(users).set({ role }).where(eq(users.id, userId));
  if (role === 'admin') await enrolTotp(t, userId);
}

/** A POST as `who` with a fresh Idempotency-Key, as the web app sends a money command. */
export const postAs = (t: TestApp, who: TestUser, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload,
  });
