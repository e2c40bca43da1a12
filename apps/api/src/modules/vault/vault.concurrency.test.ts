import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, postAs, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { holdings, shipments, walletLedger, wallets } from '../../db/schema/index.js';

const ROUNDS = 5;

// On PostgreSQL the requests run on parallel pool connections and contend for the holding's row
// lock; PGlite runs one statement at a time, so there it is a correctness run of the same code.
describe(`the vault at once (${testEngine})`, () => {
  let t: TestApp;
  let caseId: string;
  const post = (who: TestUser, url: string, payload: object = {}) => postAs(t, who, url, payload);
  /** The wallet equals the sum of its ledger, and what that sum is. */
  const ledgerBalances = async (userId: string) => {
    const [sum] = await t.database.db
      .select({ cents: sql<string>`coalesce(sum(${walletLedger.amountCents}), 0)` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    const [wallet] = await t.database.db
      .select({ cents: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, userId));
    expect(Number(sum!.cents)).toBe(wallet!.cents);
    return wallet!.cents;
  };
  const holdingOf = async (pullId: string) => {
    const [row] = await t.database.db.select().from(holdings).where(eq(holdings.sourceId, pullId));
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: ROUNDS + 2,
      packPrice: 20,
    }));
  });
  afterAll(() => t?.close());

  it('a ship request racing a sell-back of the same card: exactly one wins, and the money balances', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 100_000);
    for (let round = 0; round < ROUNDS; round++) {
      const pull = (await post(user, `/api/grail-cases/${caseId}/packs`)).json().pull;
      const held = await holdingOf(pull._id);
      const before = await ledgerBalances(user.id);
      const [shipped, sold] = await Promise.all([
        post(user, '/api/vault/shipments', { holdingIds: [held.id] }),
        post(user, `/api/pulls/${pull._id}/sell-back`),
      ]);
      // The ship request answers 201 when it wins, the sell-back 200; the loser 409.
      if (shipped.statusCode === 201) expect(sold.statusCode).toBe(409);
      else {
        expect(shipped.statusCode).toBe(409);
        expect(sold.statusCode).toBe(200);
      }
      const after = await holdingOf(pull._id);
      const boxes = await t.database.db
        .select()
        .from(shipments)
        .where(eq(shipments.userId, user.id));
      const box = boxes.find((b) => b.id === after.shipmentId);
      if (shipped.statusCode === 201) {
        expect(after.state).toBe('ship_requested');
        expect(await ledgerBalances(user.id)).toBe(before - box!.feeCents);
      } else {
        expect(after.state).toBe('sold_back');
        expect(after.shipmentId).toBeNull();
        expect(await ledgerBalances(user.id)).toBe(
          before + Math.floor((Math.round(pull.card.fmv * 100) * 85) / 100),
        );
      }
    }
  });

  it('two ship requests of the same card at once: one box, one fee', async () => {
    const user = await createUser(t);
    await fund(t.database, user.id, 100_000);
    const card = await insertCard(t.database.db, { fmvCents: 4_000, storePriceCents: 3_000 });
    const bought = await post(user, '/api/orders', { items: [card.id], delivery: 'vault' });
    expect(bought.statusCode).toBe(201);
    const [held] = await t.database.db.select().from(holdings).where(eq(holdings.cardId, card.id));
    const before = await ledgerBalances(user.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(user, '/api/vault/shipments', { holdingIds: [held!.id] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    const boxes = await t.database.db.select().from(shipments).where(eq(shipments.userId, user.id));
    expect(boxes).toHaveLength(1);
    expect(await ledgerBalances(user.id)).toBe(before - 500);
  });
});
