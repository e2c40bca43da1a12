import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/helpers.js';

/** Credits a test user's wallet (as an adjustment) so a suite can start with money. */
export async function fund(t: TestApp, userId: string, cents: number) {
  await t.database.db.transaction((tx) =>
    t.app.services.wallet.credit(tx, userId, cents, {
      kind: 'adjustment',
      refType: 'test',
      refId: randomUUID(),
      description: 'Test funds',
    }),
  );
}
