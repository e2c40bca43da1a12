import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AdminBreak, MyBreaksResponse } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { BREAKS_ON, buySpots, openBreak, staffCommand } from '../../../test/fixtures/breaks.js';
import { migrationStatements } from '../../../test/fixtures/migrations.js';
import { fund } from '../../../test/fixtures/wallet.js';
import {
  breakClaims,
  breakHits,
  holdings,
  shipments,
  type ShippingAddress,
} from '../../db/schema/index.js';

/** Migration 0024's statement that turns existing break hits into holdings. */
const backfill = migrationStatements('0024_break_hits_in_the_vault.sql', 'INSERT INTO "holdings"');

// Engine-independent SQL: runs on the PGlite project (the statement is plain PostgreSQL).
describe.runIf(testEngine === 'pglite')('migration 0024: holdings of existing break hits', () => {
  let t: TestApp;
  let staff: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  it('gives every owned hit the state it was in, at the price of its spot; house hits none', async () => {
    expect(backfill).toHaveLength(1);
    const b = await openBreak(t, staff, { spots: 2, spotPrice: 10, unownedHitRule: 'house' });
    const ann = await createUser(t);
    const bob = await createUser(t);
    for (const who of [ann, bob]) {
      await fund(t.database, who.id, 10_000);
      expect((await buySpots(t, who, b._id)).statusCode).toBe(201);
    }
    const started = (await staffCommand(t, staff, b._id, 'start')).break;
    const teamOf = (who: TestUser) => started.spots.find((s) => s.username === who.username)!.team;
    const addHit = async (team: string, cardName: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/hits`,
        headers: staff.headers,
        payload: { team, cardName, buybackPrice: 50 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().break as AdminBreak).hits.at(-1)!._id;
    };
    const held = await addHit(teamOf(ann)!, 'Held');
    const claimed = await addHit(teamOf(ann)!, 'Claimed');
    const soldBack = await addHit(teamOf(ann)!, 'Sold back');
    const shipped = await addHit(teamOf(bob)!, 'Shipped');
    const house = await addHit('Montreal Expos', 'House');
    await staffCommand(t, staff, b._id, 'complete');

    // The hits as they were before the vault: their status, and a claim and box per owner.
    const legacyClaim = async (who: TestUser, hitId: string, status: 'pending' | 'shipped') => {
      const claimId = randomUUID();
      const [box] = await t.database.db
        .insert(shipments)
        .values({
          userId: who.id,
          sourceType: 'break',
          sourceId: claimId,
          address: TEST_ADDRESS as ShippingAddress,
          status,
          shipBy: new Date(Date.now() + 48 * 3_600_000),
        })
        .returning();
      await t.database.db
        .insert(breakClaims)
        .values({ id: claimId, breakId: b._id, userId: who.id, shipmentId: box!.id });
      await t.database.db
        .update(breakHits)
        .set({ status: status === 'pending' ? 'claimed' : 'shipped', claimId })
        .where(eq(breakHits.id, hitId));
      return box!;
    };
    const claimBox = await legacyClaim(ann, claimed, 'pending');
    const sentBox = await legacyClaim(bob, shipped, 'shipped');
    await t.database.db
      .update(breakHits)
      .set({ status: 'sold_back', soldBackCents: 5_000, soldBackAt: new Date() })
      .where(eq(breakHits.id, soldBack));

    // Undo what the vault wrote since, then run the migration's backfill over the old shapes.
    await t.database.db.delete(holdings).where(isNotNull(holdings.breakHitId));
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));

    const rows = await t.database.db
      .select()
      .from(holdings)
      .where(inArray(holdings.breakHitId, [held, claimed, soldBack, shipped, house]));
    const byHit = new Map(rows.map((h) => [h.breakHitId, h]));
    expect(rows).toHaveLength(4);
    const common = { source: 'break', sourceId: b._id, costCents: 1_000, cardId: null };
    expect(byHit.get(held)).toMatchObject({
      ...common,
      userId: ann.id,
      state: 'in_vault',
      shipmentId: null,
    });
    expect(byHit.get(claimed)).toMatchObject({
      ...common,
      userId: ann.id,
      state: 'ship_requested',
      shipmentId: claimBox.id,
    });
    expect(byHit.get(soldBack)).toMatchObject({ ...common, state: 'sold_back', shipmentId: null });
    expect(byHit.get(shipped)).toMatchObject({
      ...common,
      userId: bob.id,
      state: 'shipped',
      shipmentId: sentBox.id,
    });
    expect(byHit.has(house)).toBe(false);

    // The vault and the break page read the migrated states.
    const vault = (await t.app.inject({ url: '/api/vault?state=all', headers: ann.headers }))
      .json()
      .holdings.map((h: { card: { name: string }; state: string }) => [h.card.name, h.state]);
    expect(new Map(vault)).toEqual(
      new Map([
        ['Held', 'in_vault'],
        ['Claimed', 'ship_requested'],
        ['Sold back', 'sold_back'],
      ]),
    );
    const mine = (
      await t.app.inject({ url: '/api/breaks/mine', headers: ann.headers })
    ).json() as MyBreaksResponse;
    expect(mine.breaks[0]!.hits.map((h) => [h.cardName, h.status])).toEqual([
      ['Held', 'held'],
      ['Claimed', 'claimed'],
      ['Sold back', 'sold_back'],
    ]);
    expect(mine.breaks[0]!.shipment).toMatchObject({ _id: claimBox.id, status: 'pending' });
  });
});
