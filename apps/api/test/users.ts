import { hash } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
  const session = await t.app.services.sessions.create(row!.id);
  return {
    id: row!.id,
    email,
    username,
    token: session.token,
    csrfToken: session.csrfToken,
    headers: { authorization: `Bearer ${session.token}`, 'x-csrf-token': session.csrfToken },
  };
}

export async function setRole(t: TestApp, userId: string, role: 'user' | 'admin') {
  await t.database.db.update(users).set({ role }).where(eq(users.id, userId));
}
