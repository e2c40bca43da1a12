import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema/index.js';
import type { Services } from '../apps/api/src/services.js';
import { fund } from '../apps/api/test/fixtures/wallet.js';

/**
 * A collector who may buy at once (verified, 18+, address and terms on file) with `cents` in the
 * wallet and a signed-in session: the benchmarks' buyers, written straight to the database.
 */
export async function fundedBuyer(
  database: Database,
  services: Pick<Services, 'sessions'>,
  { label, cents }: { label: string; cents: number },
): Promise<{ id: string; token: string; csrfToken: string }> {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `${label}-${randomUUID()}@example.com`,
      username: `${label}_${randomBytes(3).toString('hex')}`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      displayName: 'Bench Buyer',
      dateOfBirth: '1990-01-01',
      shippingAddress: {
        name: 'B',
        line1: '1 St',
        city: 'C',
        state: 'S',
        postalCode: '12345',
        country: 'US',
      },
      termsAcceptedAt: new Date(),
      termsVersion: 'bench',
    })
    .returning({ id: users.id });
  await fund(database, user!.id, cents);
  const session = await services.sessions.create(user!.id);
  return { id: user!.id, token: session.token, csrfToken: session.csrfToken };
}
